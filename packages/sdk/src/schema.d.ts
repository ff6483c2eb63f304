/**
 * Generated from /api/openapi.json by packages/sdk/scripts/generate.ts (openapi-typescript).
 * Do not edit: run `npm run sdk:generate`; tests/api/sdk-types.test.ts fails when this drifts.
 */
export interface paths {
    "/api/v1/catalogue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * 检索素材
         * @description 所需权限：`catalogue:read`（检索与查看素材）
         */
        get: {
            parameters: {
                query?: {
                    /** @description yes 只要AI生成的素材，no 只要非AI生成的，空或不传为全部（lumen:enums/ai-generated） */
                    ai?: "yes" | "no" | "";
                    categoryId?: number;
                    duration?: "VIDEO_SHORT" | "VIDEO_MIDDLE" | "VIDEO_LONG" | "";
                    keyword?: string;
                    page?: number;
                    pageSize?: number;
                    sort?: "relevance" | "newest" | "popular" | "price_asc" | "price_desc" | "";
                    type?: 0 | 1 | 11 | 2;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * 业务码
                             * @description 成功为 200，失败为 HTTP 状态码
                             */
                            code: number;
                            /**
                             * 搜索结果
                             * @description 一页搜索结果。total 最多计到上限（totalCapped 表示实际更多）；totalEstimated 表示总数由抽样估计（显示为“约 2.3 万”）。
                             */
                            data: {
                                list: {
                                    /**
                                     * AI生成
                                     * @description 内容凭证记载或创作者声明为AI生成（含AI参与生成）
                                     */
                                    aiGenerated: boolean;
                                    /** 分类 */
                                    categoryId: number | null;
                                    /** 收藏量 */
                                    collects: number;
                                    /** 封面地址 */
                                    coverUrl: string | null;
                                    /**
                                     * 上架时间
                                     * Format: date-time
                                     */
                                    createdAt: string;
                                    /** 下载量 */
                                    downloads: number;
                                    /** 时长（秒） */
                                    durationSec: number | null;
                                    /** 格式 */
                                    format: string | null;
                                    /** 高 */
                                    height: number | null;
                                    /** 素材编号 */
                                    id: number;
                                    /** 预览地址 */
                                    previewUrl: string | null;
                                    /** 价格（分） */
                                    priceCents: number;
                                    /** 标签 */
                                    tags: string[];
                                    /** 标题 */
                                    title: string;
                                    /**
                                     * 素材类型
                                     * @enum {integer}
                                     */
                                    type: 1 | 2 | 11;
                                    /** 浏览量 */
                                    views: number;
                                    /** 宽 */
                                    width: number | null;
                                }[];
                                page: number;
                                pageSize: number;
                                /** @description 至多 COUNT_CAP（10000） */
                                total: number;
                                /** @description 实际数量超过 total */
                                totalCapped: boolean;
                                /** @description total 为抽样估计（高频词），显示为“约 N” */
                                totalEstimated: boolean;
                            };
                            /**
                             * 提示
                             * @description 与 msg 相同
                             */
                            message: string;
                            /** 提示 */
                            msg: string;
                            /** 是否成功 */
                            success: boolean;
                        };
                    };
                };
                /** @description 失败 */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * 业务码
                             * @description 成功为 200，失败为 HTTP 状态码
                             */
                            code: number;
                            /** @description 通常为 null；部分拒绝附带说明数据 */
                            data: unknown;
                            /**
                             * 提示
                             * @description 与 msg 相同
                             */
                            message: string;
                            /** 提示 */
                            msg: string;
                            /** 是否成功 */
                            success: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/catalogue/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * 素材详情
         * @description 所需权限：`catalogue:read`（检索与查看素材）
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * 业务码
                             * @description 成功为 200，失败为 HTTP 状态码
                             */
                            code: number;
                            /**
                             * 素材详情
                             * @description 素材卡片加上说明、帧率、文件大小、分类与作者，以及AI生成标识的依据与原文件的内容凭证摘要。
                             */
                            data: {
                                /**
                                 * AI生成
                                 * @description 内容凭证记载或创作者声明为AI生成（含AI参与生成）
                                 */
                                aiGenerated: boolean;
                                /**
                                 * AI生成标识的依据
                                 * @enum {string|null}
                                 */
                                aiSource: "declared" | "manifest" | "both" | null;
                                /** 分类 */
                                category: {
                                    id: number;
                                    name: string;
                                } | null;
                                /** 分类 */
                                categoryId: number | null;
                                /** 收藏量 */
                                collects: number;
                                /** 封面地址 */
                                coverUrl: string | null;
                                /**
                                 * 上架时间
                                 * Format: date-time
                                 */
                                createdAt: string;
                                /**
                                 * 图片来源
                                 * @description 作品所用照片的作者与许可（演示作品取自 Debian 软件包里按自由许可发布的照片）；创作者自己的作品为空。
                                 */
                                credits?: {
                                    /** 照片作者 */
                                    author: string;
                                    /** 许可 */
                                    licence: string;
                                    /** 许可全文地址 */
                                    licenceUrl: string;
                                    /** 来源软件包 */
                                    package: string;
                                }[];
                                /** 描述 */
                                description: string;
                                /** 下载量 */
                                downloads: number;
                                /** 时长（秒） */
                                durationSec: number | null;
                                /** 格式 */
                                format: string | null;
                                /** 帧率 */
                                fps: number | null;
                                /** 高 */
                                height: number | null;
                                /** 素材编号 */
                                id: number;
                                /** 作者 */
                                owner: {
                                    avatar: string;
                                    id: number;
                                    nickname: string;
                                } | null;
                                /** 预览地址 */
                                previewUrl: string | null;
                                /** 价格（分） */
                                priceCents: number;
                                /**
                                 * 内容凭证（C2PA）
                                 * @description 上传的原文件中内容凭证清单的摘要；作品文件没有内容凭证时为 null。
                                 */
                                provenance: {
                                    /** 操作记录 */
                                    actions: {
                                        /**
                                         * 操作
                                         * @description C2PA 操作名（lumen:enums/c2pa-action）
                                         */
                                        action: string;
                                        /** 说明 */
                                        description: string | null;
                                        digitalSourceType: string | null;
                                        /** 软件 */
                                        softwareAgent: string | null;
                                    }[];
                                    /** 清单记载为AI生成 */
                                    aiGenerated: boolean;
                                    /** 拍摄设备 */
                                    captureDevice: string | null;
                                    /** 生成清单的软件 */
                                    claimGenerator: string | null;
                                    /**
                                     * 数字来源类型
                                     * @description IPTC 数字来源类型代码（lumen:enums/digital-source-type），表外的值为原 URI
                                     */
                                    digitalSourceType: string | null;
                                    /** 未通过的校验（C2PA 状态码） */
                                    failures: string[];
                                    /** 签名者 */
                                    signer: string | null;
                                    /**
                                     * 校验结果
                                     * @enum {string}
                                     */
                                    validation: "valid" | "invalid" | "unreadable" | "skipped";
                                } | null;
                                /** 文件大小（字节） */
                                sizeBytes: number | null;
                                /** 标签 */
                                tags: string[];
                                /** 标题 */
                                title: string;
                                /**
                                 * 素材类型
                                 * @enum {integer}
                                 */
                                type: 1 | 2 | 11;
                                /** 浏览量 */
                                views: number;
                                /** 宽 */
                                width: number | null;
                            };
                            /**
                             * 提示
                             * @description 与 msg 相同
                             */
                            message: string;
                            /** 提示 */
                            msg: string;
                            /** 是否成功 */
                            success: boolean;
                        };
                    };
                };
                /** @description 失败 */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * 业务码
                             * @description 成功为 200，失败为 HTTP 状态码
                             */
                            code: number;
                            /** @description 通常为 null；部分拒绝附带说明数据 */
                            data: unknown;
                            /**
                             * 提示
                             * @description 与 msg 相同
                             */
                            message: string;
                            /** 提示 */
                            msg: string;
                            /** 是否成功 */
                            success: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/downloads/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 下载原文件（临时链接） */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description 已授权的原文件 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": string;
                    };
                };
                /** @description 失败 */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * 业务码
                             * @description 成功为 200，失败为 HTTP 状态码
                             */
                            code: number;
                            /** @description 通常为 null；部分拒绝附带说明数据 */
                            data: unknown;
                            /**
                             * 提示
                             * @description 与 msg 相同
                             */
                            message: string;
                            /** 提示 */
                            msg: string;
                            /** 是否成功 */
                            success: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evidence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * 提交存证（表单与一个文件）
         * @description 所需权限：`evidence:deposit`（提交存证）
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description 幂等键：同一密钥下相同的键与请求体在 24 小时内只执行一次，重试得到首次的答复 */
                    "idempotency-key": string;
                };
                path?: never;
                cookie?: never;
            };
            /** @description 先发送 data（表单的 JSON），再发送文件；每个文件按当前上传规则检查内容，表单中的文件信息以服务器测得的为准。 */
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /**
                         * 版权存证
                         * @description 版权存证申请：作品名称、作品类别与存证文件。文件按所选作品类别的存证上传规则（lumen:rules/deposit）检查，服务器按文件内容再次检查，并计算SHA-256写入存证链。
                         *
                         *     按表单规则 lumen:forms/deposit 校验；运营可在后台修改规则，当前版本见 GET /api/schemas/lumen:forms/deposit。
                         */
                        data: {
                            /** 作者署名 */
                            authorName?: string;
                            /** 作品说明 */
                            description?: string;
                            /** 存证文件 */
                            files: {
                                /** 时长（秒） */
                                durationSec?: number | null;
                                /** 高度 */
                                height?: number | null;
                                /** 上传编号 */
                                id?: string;
                                /** 文件名 */
                                name: string;
                                /** 大小（字节） */
                                size: number;
                                /** MIME 类型 */
                                type: string;
                                /** 地址 */
                                url?: string;
                                /** 宽度 */
                                width?: number | null;
                            }[];
                            /** 关联素材编号 */
                            materialId?: number;
                            /**
                             * 作品类别
                             * @description 著作权登记的作品类别编码（规格 §3 全部 18 个）。
                             */
                            workCategory: number & (2 | 1 | 4 | 3 | 5 | 6 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 16 | 7 | 17 | 100 | 101);
                            /** 作品名称 */
                            workName: string;
                        };
                        /** 存证文件 */
                        files: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * 业务码
                             * @description 成功为 200，失败为 HTTP 状态码
                             */
                            code: number;
                            /** 存证记录 */
                            data: {
                                /** 证书编号 */
                                cert_no?: string | null;
                                /**
                                 * 申请时间
                                 * Format: date-time
                                 */
                                created_at: string;
                                /**
                                 * 存证时间
                                 * Format: date-time
                                 */
                                deposited_at?: string | null;
                                /** 文件名 */
                                file_name: string;
                                /** 文件大小（字节） */
                                file_size?: number;
                                id: number;
                                /** 存证日志叶子序号 */
                                ledger_height?: number | null;
                                /** 素材编号 */
                                material_id?: number | null;
                                mime?: string;
                                /** 文件 SHA-256 */
                                sha256: string;
                                /**
                                 * 存证状态
                                 * @enum {integer}
                                 */
                                status: 0 | 1 | 2 | 3 | 4 | 5 | 10 | 11;
                                /**
                                 * 作品类别
                                 * @enum {integer}
                                 */
                                work_category: 2 | 1 | 4 | 3 | 5 | 6 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 16 | 7 | 17 | 100 | 101;
                                /** 作品名称 */
                                work_name: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /**
                             * 提示
                             * @description 与 msg 相同
                             */
                            message: string;
                            /** 提示 */
                            msg: string;
                            /** 是否成功 */
                            success: boolean;
                        };
                    };
                };
                /** @description 失败 */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * 业务码
                             * @description 成功为 200，失败为 HTTP 状态码
                             */
                            code: number;
                            /** @description 通常为 null；部分拒绝附带说明数据 */
                            data: unknown;
                            /**
                             * 提示
                             * @description 与 msg 相同
                             */
                            message: string;
                            /** 提示 */
                            msg: string;
                            /** 是否成功 */
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evidence/{id}/receipt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * 存证回执
         * @description 所需权限：`evidence:verify`（核验存证证书与回执）
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * 业务码
                             * @description 成功为 200，失败为 HTTP 状态码
                             */
                            code: number;
                            /** 存证回执 */
                            data: {
                                /** 证书编号 */
                                certNo: string;
                                /**
                                 * 离线回执
                                 * @description 与网站下载的回执文件相同，可用 verify-receipt.mjs 离线核验（docs/evidence-log.md）
                                 */
                                receipt: {
                                    [key: string]: unknown;
                                };
                            };
                            /**
                             * 提示
                             * @description 与 msg 相同
                             */
                            message: string;
                            /** 提示 */
                            msg: string;
                            /** 是否成功 */
                            success: boolean;
                        };
                    };
                };
                /** @description 失败 */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * 业务码
                             * @description 成功为 200，失败为 HTTP 状态码
                             */
                            code: number;
                            /** @description 通常为 null；部分拒绝附带说明数据 */
                            data: unknown;
                            /**
                             * 提示
                             * @description 与 msg 相同
                             */
                            message: string;
                            /** 提示 */
                            msg: string;
                            /** 是否成功 */
                            success: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evidence/verify/{certNo}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * 核验存证证书
         * @description 所需权限：`evidence:verify`（核验存证证书与回执）
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    certNo: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * 业务码
                             * @description 成功为 200，失败为 HTTP 状态码
                             */
                            code: number;
                            /** 存证证书查验 */
                            data: {
                                /**
                                 * 叶子哈希
                                 * @description 历史名称：原区块哈希
                                 */
                                blockHash?: string | null;
                                /** 证书编号 */
                                certNo: string;
                                /**
                                 * 存证时间
                                 * Format: date-time
                                 */
                                depositedAt: string | null;
                                /** 文件名 */
                                fileName: string;
                                /**
                                 * 日志叶子序号
                                 * @description 历史名称：原区块高度
                                 */
                                height?: number;
                                /** 存证人 */
                                owner: string | null;
                                /** 校验说明 */
                                reason: string;
                                /** 文件 SHA-256 */
                                sha256: string;
                                /** 日志树大小 */
                                treeSize?: number;
                                /** 校验通过 */
                                valid: boolean;
                                /**
                                 * 作品类别
                                 * @enum {integer}
                                 */
                                workCategory: 2 | 1 | 4 | 3 | 5 | 6 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 16 | 7 | 17 | 100 | 101;
                                /** 作品名称 */
                                workName: string;
                            };
                            /**
                             * 提示
                             * @description 与 msg 相同
                             */
                            message: string;
                            /** 提示 */
                            msg: string;
                            /** 是否成功 */
                            success: boolean;
                        };
                    };
                };
                /** @description 失败 */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * 业务码
                             * @description 成功为 200，失败为 HTTP 状态码
                             */
                            code: number;
                            /** @description 通常为 null；部分拒绝附带说明数据 */
                            data: unknown;
                            /**
                             * 提示
                             * @description 与 msg 相同
                             */
                            message: string;
                            /** 提示 */
                            msg: string;
                            /** 是否成功 */
                            success: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/licences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * 购买授权（钱包付款）
         * @description 所需权限：`licences:purchase`（购买授权（在预算内））
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description 幂等键：同一密钥下相同的键与请求体在 24 小时内只执行一次，重试得到首次的答复 */
                    "idempotency-key": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** 授权条目 */
                        items: {
                            /** 素材编号 */
                            materialId: number;
                            /** 授权场景 */
                            scenario: string;
                        }[];
                        /**
                         * 被授权方
                         * @description 企业账号可选以企业名义获得授权（默认按账号类型）
                         * @enum {string}
                         */
                        licenseeType?: "PERSONAL" | "ORGANISATIONS";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * 业务码
                             * @description 成功为 200，失败为 HTTP 状态码
                             */
                            code: number;
                            /** 购买结果 */
                            data: {
                                /** 金额（分） */
                                amountCents: number;
                                /** 订单编号 */
                                orderId: number;
                                /** 订单号 */
                                orderNo: string;
                                /**
                                 * 付款方
                                 * @enum {string}
                                 */
                                paidFrom: "wallet" | "company_wallet";
                                /**
                                 * 状态
                                 * @enum {string}
                                 */
                                status: "paid" | "approval";
                            };
                            /**
                             * 提示
                             * @description 与 msg 相同
                             */
                            message: string;
                            /** 提示 */
                            msg: string;
                            /** 是否成功 */
                            success: boolean;
                        };
                    };
                };
                /** @description 失败 */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * 业务码
                             * @description 成功为 200，失败为 HTTP 状态码
                             */
                            code: number;
                            /** @description 通常为 null；部分拒绝附带说明数据 */
                            data: unknown;
                            /**
                             * 提示
                             * @description 与 msg 相同
                             */
                            message: string;
                            /** 提示 */
                            msg: string;
                            /** 是否成功 */
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/licences/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * 获取原文件下载链接
         * @description 所需权限：`licences:download`（下载已授权原文件）
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * 业务码
                             * @description 成功为 200，失败为 HTTP 状态码
                             */
                            code: number;
                            /** 下载链接 */
                            data: {
                                /** 有效期（秒） */
                                expiresIn: number;
                                /** 文件名 */
                                filename: string;
                                /**
                                 * 下载地址
                                 * @description 签名的临时地址
                                 */
                                url: string;
                            };
                            /**
                             * 提示
                             * @description 与 msg 相同
                             */
                            message: string;
                            /** 提示 */
                            msg: string;
                            /** 是否成功 */
                            success: boolean;
                        };
                    };
                };
                /** @description 失败 */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * 业务码
                             * @description 成功为 200，失败为 HTTP 状态码
                             */
                            code: number;
                            /** @description 通常为 null；部分拒绝附带说明数据 */
                            data: unknown;
                            /**
                             * 提示
                             * @description 与 msg 相同
                             */
                            message: string;
                            /** 提示 */
                            msg: string;
                            /** 是否成功 */
                            success: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/monitor/hits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * 侵权监测结果
         * @description 所需权限：`monitor:read`（查看侵权监测结果）
         */
        get: {
            parameters: {
                query?: {
                    kind?: "image" | "video";
                    page?: number;
                    pageSize?: number;
                    status?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * 业务码
                             * @description 成功为 200，失败为 HTTP 状态码
                             */
                            code: number;
                            /** 监测发现列表 */
                            data: {
                                list: {
                                    /** 指纹距离 */
                                    distance: number;
                                    /**
                                     * 固定的证据
                                     * @description 存证日志中的记录（证书编号、哈希、叶子序号），原样给出
                                     */
                                    evidence: {
                                        [key: string]: unknown;
                                    } | null;
                                    /**
                                     * 首次发现
                                     * Format: date-time
                                     */
                                    firstSeenAt: string;
                                    /** 已生成侵权通知函 */
                                    hasTakedown: boolean;
                                    /** 网站 */
                                    host: string;
                                    id: number;
                                    /**
                                     * 最近发现
                                     * Format: date-time
                                     */
                                    lastSeenAt: string;
                                    /** 对应的授权 */
                                    licence: {
                                        id: number;
                                        licenseeName: string;
                                        scenario: string;
                                        verifyCode: string;
                                    } | null;
                                    /** 媒体指纹 */
                                    mediaHash?: string;
                                    /**
                                     * @description image 图片，video 视频
                                     * @enum {string}
                                     */
                                    mediaKind: "image" | "video";
                                    /** 媒体地址 */
                                    mediaUrl: string;
                                    offerScenario?: string | null;
                                    offerToken: string | null;
                                    /** 页面地址 */
                                    pageUrl: string;
                                    /** 相似度 */
                                    similarity: number;
                                    /**
                                     * 监测命中状态
                                     * @enum {string}
                                     */
                                    status: "pending" | "approved" | "licensed" | "not_mine" | "ignored" | "takedown" | "offered";
                                    /** 缩略图 */
                                    thumb: string | null;
                                    /**
                                     * 视频片段
                                     * @description {original: [起, 止], candidate: [起, 止], mirrored}
                                     */
                                    timeRange: {
                                        [key: string]: unknown;
                                    } | null;
                                    work: {
                                        cover: string | null;
                                        id: number;
                                        title: string;
                                        /**
                                         * 素材类型
                                         * @enum {integer}
                                         */
                                        type: 1 | 2 | 11;
                                    };
                                    workId: number;
                                }[];
                                total: number;
                            };
                            /**
                             * 提示
                             * @description 与 msg 相同
                             */
                            message: string;
                            /** 提示 */
                            msg: string;
                            /** 是否成功 */
                            success: boolean;
                        };
                    };
                };
                /** @description 失败 */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * 业务码
                             * @description 成功为 200，失败为 HTTP 状态码
                             */
                            code: number;
                            /** @description 通常为 null；部分拒绝附带说明数据 */
                            data: unknown;
                            /**
                             * 提示
                             * @description 与 msg 相同
                             */
                            message: string;
                            /** 提示 */
                            msg: string;
                            /** 是否成功 */
                            success: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/monitor/hits/{id}/triage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * 处理侵权监测结果
         * @description 所需权限：`monitor:triage`（处理侵权监测结果）
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * 处理方式
                         * @enum {string}
                         */
                        action: "approve" | "not_mine" | "ignore" | "evidence" | "takedown" | "offer";
                        scenario?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * 业务码
                             * @description 成功为 200，失败为 HTTP 状态码
                             */
                            code: number;
                            /**
                             * 处理结果
                             * @description 按处理方式：status；或存证记录（certNo、sha256、height、leafHash…）；或 {key, certNos}；或 {token, link}
                             */
                            data: {
                                [key: string]: unknown;
                            };
                            /**
                             * 提示
                             * @description 与 msg 相同
                             */
                            message: string;
                            /** 提示 */
                            msg: string;
                            /** 是否成功 */
                            success: boolean;
                        };
                    };
                };
                /** @description 失败 */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * 业务码
                             * @description 成功为 200，失败为 HTTP 状态码
                             */
                            code: number;
                            /** @description 通常为 null；部分拒绝附带说明数据 */
                            data: unknown;
                            /**
                             * 提示
                             * @description 与 msg 相同
                             */
                            message: string;
                            /** 提示 */
                            msg: string;
                            /** 是否成功 */
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * 我的订单
         * @description 所需权限：`orders:read`（查看订单与发票）
         */
        get: {
            parameters: {
                query?: {
                    amountCents?: number;
                    amountCents_gte?: number;
                    amountCents_in?: string;
                    amountCents_like?: string;
                    amountCents_lte?: number;
                    createdAt?: string;
                    createdAt_gte?: string;
                    createdAt_in?: string;
                    createdAt_like?: string;
                    createdAt_lte?: string;
                    id?: number;
                    id_gte?: number;
                    id_in?: string;
                    id_like?: string;
                    id_lte?: number;
                    order?: string;
                    orderNo?: string;
                    orderNo_gte?: string;
                    orderNo_in?: string;
                    orderNo_like?: string;
                    orderNo_lte?: string;
                    page?: number;
                    pageSize?: number;
                    payMethod?: string;
                    payMethod_gte?: string;
                    payMethod_in?: string;
                    payMethod_like?: string;
                    payMethod_lte?: string;
                    sort?: string;
                    status?: string;
                    status_gte?: string;
                    status_in?: string;
                    status_like?: string;
                    status_lte?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * 业务码
                             * @description 成功为 200，失败为 HTTP 状态码
                             */
                            code: number;
                            /** 我的订单 */
                            data: {
                                list: {
                                    /** @description 金额（分） */
                                    amountCents: number;
                                    couponId: number | null;
                                    /** Format: date-time */
                                    createdAt: string;
                                    /** @description 金额（分） */
                                    discountCents: number;
                                    /** Format: date-time */
                                    expiresAt: string;
                                    id: number;
                                    itemCount?: number;
                                    /** @description 各条目标题，以“、”连接 */
                                    itemTitles?: string | null;
                                    /** @enum {string} */
                                    kind: "material" | "service" | "gift_card";
                                    licenseeName: string;
                                    /**
                                     * 账户类型
                                     * @enum {string}
                                     */
                                    licenseeType: "PERSONAL" | "ORGANISATIONS";
                                    /** 订单号 */
                                    orderNo: string;
                                    /** Format: date-time */
                                    paidAt: string | null;
                                    /** 支付方式 */
                                    payMethod: string | null;
                                    refundCents: number | null;
                                    /**
                                     * 退款状态
                                     * @enum {string|null}
                                     */
                                    refundStatus: "pending" | "refunded" | null;
                                    /** @enum {string} */
                                    source: "cart" | "direct";
                                    /**
                                     * 订单状态
                                     * @enum {string}
                                     */
                                    status: "pending" | "paid" | "expired" | "cancelled" | "refunded";
                                    /** @description 金额（分） */
                                    subtotalCents: number;
                                    userId: number;
                                }[];
                                total: number;
                            };
                            /**
                             * 提示
                             * @description 与 msg 相同
                             */
                            message: string;
                            /** 提示 */
                            msg: string;
                            /** 是否成功 */
                            success: boolean;
                        };
                    };
                };
                /** @description 失败 */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * 业务码
                             * @description 成功为 200，失败为 HTTP 状态码
                             */
                            code: number;
                            /** @description 通常为 null；部分拒绝附带说明数据 */
                            data: unknown;
                            /**
                             * 提示
                             * @description 与 msg 相同
                             */
                            message: string;
                            /** 提示 */
                            msg: string;
                            /** 是否成功 */
                            success: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * 常用发票抬头
         * @description 申请开票时保存的抬头，下次申请可直接选用。
         */
        "def-0": {
            address?: string | null;
            bankAccount?: string | null;
            bankName?: string | null;
            id: number;
            phone?: string | null;
            taxId?: string | null;
            /** 发票抬头 */
            title: string;
        };
        /**
         * 发票所开订单
         * @description 开票申请所含的一笔已支付订单及其开票金额（分，含税）。
         */
        "def-1": {
            /** 开票金额 */
            amountCents: number;
            /** 商品 */
            itemTitles?: string | null;
            orderId: number;
            /** 订单号 */
            orderNo: string;
        };
        /**
         * 提现状态记录
         * @description 提现的一次状态变化：谁（创作者、运营、系统）、何时、从哪个状态到哪个状态、原因或转账流水号。
         */
        "def-2": {
            /** @enum {string} */
            action: "requested" | "approved" | "paid" | "payout_failed" | "rejected" | "cancelled";
            actorName?: string | null;
            /** @enum {string} */
            actorRole: "creator" | "staff" | "system";
            /** Format: date-time */
            createdAt: string;
            fromStatus: number | null;
            id: number;
            note: string;
            toStatus: number;
        };
        /**
         * 后台任务
         * @description 一个后台任务的当前状态：进度（0-100）与说明、最近一次错误、结果。任务所有者与运营人员可见。
         */
        "def-3": {
            /** 已尝试次数 */
            attempts: number;
            /**
             * 创建时间
             * Format: date-time
             */
            createdAt: string;
            /** 最近一次错误 */
            error: string | null;
            /**
             * 结束时间
             * Format: date-time
             */
            finishedAt: string | null;
            /** 任务编号 */
            id: number;
            /** 最多尝试次数 */
            maxAttempts: number;
            /** 进度说明 */
            message: string | null;
            /** 所有者 */
            ownerId: number | null;
            /** 进度 */
            progress: number;
            /** 结果 */
            result: unknown;
            /**
             * 计划执行时间
             * Format: date-time
             */
            runAt: string;
            /**
             * 状态
             * @enum {string}
             */
            state: "queued" | "running" | "succeeded" | "failed" | "cancelled";
            /** 任务类型 */
            task: string;
            /**
             * 更新时间
             * Format: date-time
             */
            updatedAt: string;
        };
        /**
         * 销售记录
         * @description 一笔已售授权给作品所有者带来的分成（收益台账的一行）。state 由结算周期、退款与已打款提现推算。
         */
        "def-4": {
            /** 分成收益 */
            amountCents: number;
            /**
             * 可提现时间
             * Format: date-time
             */
            availableAt: string;
            /**
             * 买家类型
             * @enum {string|null}
             */
            buyerType: "PERSONAL" | "ORGANISATIONS" | null;
            /**
             * 入账时间
             * Format: date-time
             */
            createdAt: string;
            /** 实付金额 */
            grossCents: number | null;
            id: number;
            materialId: number | null;
            note?: string;
            /** 订单号 */
            orderNo: string | null;
            /**
             * 扣回时间
             * Format: date-time
             */
            reversedAt?: string | null;
            /** 授权场景 */
            scenario: string | null;
            /** 分成比例 */
            sharePercent: number | null;
            /**
             * 状态
             * @enum {string}
             */
            state: "pending" | "available" | "withdrawn" | "reversed";
            /** 作品 */
            title: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
