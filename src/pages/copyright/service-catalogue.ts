/**
 * The copyright services as the public pages present them: what each is, how it works, what the
 * applicant gets, and where its flow starts. Pure data; prices come from the service-order schema
 * when it exists (see ServicePage), never from here.
 */
export interface CopyrightService {
  key: string;
  /** Its code in lumen:services/copyright-services (packages and prices). */
  serviceCode: string;
  title: string;
  tagline: string;
  /** Where the service's own flow starts (an existing page). */
  start: { label: string; to: string };
  /** Where its certificates are checked (default /copyrightVerify). */
  verifyTo?: string;
  features: Array<{ title: string; text: string }>;
  steps: string[];
  faq: Array<{ q: string; a: string }>;
}

export const copyrightServices: Record<string, CopyrightService> = {
  deposit: {
    key: 'deposit',
    serviceCode: 'deposit',
    title: '版权存证',
    tagline: '为作品文件生成 SHA-256 数字指纹并写入防篡改存证记录，出具可公开核验的存证证书。',
    start: { label: '立即存证', to: '/cyprotect/mydeposit?action=create' },
    features: [
      { title: '秒级出证', text: '上传后即时计算指纹、写入存证记录并生成 PDF 证书。' },
      { title: '公开可核验', text: '任何人可凭证书编号或原文件在版权核验页确认存证时间与内容。' },
      { title: '文件不外泄', text: '核验时在浏览器本地计算指纹，原文件无需再次上传。' },
    ],
    steps: ['选择作品类别并上传文件', '平台计算指纹并写入存证记录', '下载存证证书', '随时公开核验'],
    faq: [
      {
        q: '存证能证明我是作者吗？',
        a: '存证证明文件在存证时间已经存在且未被修改，是权属的初步证据；需要权属证明请同时办理版权登记。',
      },
      { q: '哪些文件可以存证？', a: '图片、视频、音频与文档，格式与大小以上传规则为准，可先在工具箱中检查。' },
    ],
  },
  checkin: {
    key: 'checkin',
    serviceCode: 'registration',
    title: '版权登记',
    tagline: '整理申请材料并提交登记机构，取得作品登记证书，作为著作权归属的有力证明。',
    start: { label: '申请登记', to: '/cyprotect/myregister?action=create' },
    features: [
      { title: '材料一次填好', text: '按作品类别给出所需材料与格式，在线填写、随时保存草稿。' },
      { title: '进度可查', text: '受理、补正、发证每一步都在版权登记页显示。' },
      { title: '证书可核验', text: '登记证书可在平台证书页查询。' },
    ],
    steps: ['填写作品与权利人信息', '上传作品样本与权属材料', '登记机构受理与审查', '发放登记证书'],
    faq: [
      { q: '登记需要多长时间？', a: '以登记机构的审查进度为准，补正材料会延长时间。' },
      { q: '已经存证还需要登记吗？', a: '存证证明存在时间，登记证明权属，二者可以互相补充。' },
    ],
  },
  dci: {
    key: 'dci',
    serviceCode: 'dci',
    title: 'DCI 登记',
    tagline: '为作品申领数字版权唯一标识（DCI），用于线上确权、授权与结算。',
    start: { label: '申请 DCI', to: '/cyprotect/mydciregister?action=create' },
    features: [
      { title: '唯一标识', text: '每件作品对应一个 DCI 码，线上流通可追溯。' },
      { title: '在线申领', text: '按作品类别上传材料，进度在 DCI 登记页查看。' },
      { title: '便于交易', text: '已登记作品挂牌版权交易时自动附上权属证明。' },
    ],
    steps: ['填写作品信息', '上传作品与权属材料', '审核通过后发放 DCI 码与证书'],
    faq: [
      { q: 'DCI 与版权登记有什么区别？', a: 'DCI 侧重线上作品的唯一标识与流通，版权登记侧重权属证明，可同时办理。' },
    ],
  },
  traceCreative: {
    key: 'traceCreative',
    serviceCode: 'trace',
    title: '创意保护溯源',
    tagline:
      '把作品从创作到发布的每个节点串成一条可核验的权属链：上传文件指纹、存证日志记录、著作权登记与 DCI，出具溯源证书。',
    start: { label: '开始溯源', to: '/cyprotect/mytrace' },
    verifyTo: '/copyright/trace/cert',
    features: [
      {
        title: '证明创作在先',
        text: '上传时记录的原始文件 SHA-256 与存证日志中的叶子序号，证明作品在该时间已经存在且未被修改。',
      },
      { title: '登记一并列出', text: '同一作品的著作权登记、DCI 登记及其受理号、登记号按时间列入权属链。' },
      { title: '证书可公开核验', text: '溯源证书的指纹写入默克尔存证日志，任何人凭证书编号即可核验。' },
    ],
    steps: ['购买溯源服务', '在「溯源记录」中选择作品', '查看权属与传播时间线', '导出溯源证书并分享核验链接'],
    faq: [
      {
        q: '创意保护溯源证明什么？',
        a: '证明作品文件在各节点的存在时间与一致性（指纹相同即未被修改），以及登记机构的登记结果；它汇总已有证据，不替代著作权登记。',
      },
      {
        q: '没有存证的作品可以溯源吗？',
        a: '可以，时间线会列出上传记录等已有事件；建议先办理版权存证，使创作时间有存证日志佐证。',
      },
    ],
  },
  traceFlow: {
    key: 'traceFlow',
    serviceCode: 'trace',
    title: '流量保护溯源',
    tagline: '追踪作品售出后的流向：每一次授权（买方脱敏）、版权转让与许可交易、监测发现的网络使用及处理结果。',
    start: { label: '查看作品流向', to: '/cyprotect/mytrace' },
    verifyTo: '/copyright/trace/cert',
    features: [
      { title: '授权一目了然', text: '平台售出的每份授权按使用场景列出，授权撤销也会标明，买方名称脱敏保护隐私。' },
      { title: '交易有据可查', text: '版权交易双方签署电子合同后写入存证日志，时间线给出对应的日志叶子。' },
      {
        title: '监测结果汇总',
        text: '版权监测发现的使用网页、相似度与处理结果（已授权、已取证、已发侵权通知等）一并列出。',
      },
    ],
    steps: ['购买溯源服务', '选择作品查看流向', '核对授权与监测结果', '导出溯源证书用于维权或交易'],
    faq: [
      {
        q: '为什么能区分授权使用与侵权？',
        a: '平台持有授权记录：监测发现的网页若属于已授权买方，会标为已授权使用；其余使用可取证或发出补授权邀约。',
      },
      { q: '买方信息会公开吗？', a: '不会。时间线与证书只显示脱敏后的名称（保留首尾字符）。' },
    ],
  },
  traceSolid: {
    key: 'traceSolid',
    serviceCode: 'trace',
    title: '固证溯源',
    tagline: '把作品在某一时刻的完整权属与传播记录固定为溯源证书，证书指纹写入存证日志，事后任何改动都无法通过核验。',
    start: { label: '出具溯源证书', to: '/cyprotect/mytrace' },
    verifyTo: '/copyright/trace/cert',
    features: [
      { title: '一次固定全部证据', text: '存证、登记、授权、交易、监测结果汇总到一份带二维码的 PDF 证书。' },
      { title: '防篡改', text: '证书 PDF 的 SHA-256 写入默克尔存证日志（RFC 9162）；文件改动一个字节，核验即不通过。' },
      { title: '随时核验', text: '扫描证书二维码或在溯源证书核验页输入编号，拖入 PDF 即可在本地比对指纹。' },
    ],
    steps: ['购买溯源服务', '选择作品并导出溯源证书', '证书指纹写入存证日志', '凭编号公开核验'],
    faq: [
      {
        q: '每次导出都要消耗额度吗？',
        a: '是的，每份溯源证书使用一次已购买的溯源服务额度；时间线本身可随时免费查看。',
      },
      {
        q: '证书出具后作品又有新的授权怎么办？',
        a: '证书固定的是出具时刻的记录；需要最新记录时再出具一份新证书，旧证书仍可核验。',
      },
    ],
  },
};

/**
 * Services whose desktop pages are hand-built (/copyrightMonitor, /copyright/webEvidence,
 * /copyrightJustice): the same facts in this shape for the mobile site's service sheet.
 */
export const protectionServices: Record<'monitor' | 'webEvidence' | 'justice', CopyrightService> = {
  monitor: {
    key: 'monitor',
    serviceCode: 'monitor',
    title: '版权监测',
    tagline:
      '为您的图片与视频建立感知指纹，按计划抓取您指定的网站，发现被缩放、压缩、调色、镜像、加边框、加水印或剪辑转载的作品。',
    start: { label: '进入监测中心', to: '/cyprotect/mymonitor' },
    features: [
      {
        title: '图片指纹',
        text: '采用 PDQ 感知哈希（256 位），汉明距离 ≤ 31 视为同一画面；纯色、过暗的图片不参与比对。',
      },
      {
        title: '视频指纹',
        text: '每秒取样 2 帧逐帧比对并做时间对齐，截取片段、重新编码、加黑边或镜像也能找出匹配时间段。',
      },
      {
        title: '结合授权记录',
        text: '持有授权的买家在其登记网站上的使用自动标记为持证使用；未授权的使用可发出补授权报价。',
      },
    ],
    steps: ['购买监测额度', '选择作品与监测网站', '系统定期抓取比对', '处理命中：授权 / 取证 / 通知 / 补授权'],
    faq: [{ q: '大幅裁切能识别吗？', a: '裁切超过 5% 时目前识别率较低，其余常见改动都在比对范围内。' }],
  },
  webEvidence: {
    key: 'webEvidence',
    serviceCode: 'web_evidence',
    title: '网页取证',
    tagline:
      '由平台服务器在全新、无痕的浏览器中打开侵权网页，固定整页截图、PDF、网页源码、网页档案、HTTP 往来与 TLS 证书链，所有文件的哈希写入存证日志并附可信时间戳。',
    start: { label: '开始取证', to: '/cyprotect/mywebpage' },
    features: [
      { title: '全新环境', text: '全新 Headless Chromium，无缓存、无插件、无历史 Cookie，全程记录日志。' },
      { title: '证据完整', text: '证据包含全部文件与 manifest.json；取证证书带清单哈希和查验二维码。' },
      { title: '失败退回', text: '取证失败自动退回次数，一次可取证 1–10 个网址。' },
    ],
    steps: ['购买取证服务', '填写网址与步骤', '服务器自动取证', '下载证据包与取证证书'],
    faq: [{ q: '需要登录才能看到的网页可以取证吗？', a: '可以，在取证时提供登录 Cookie，取证日志会记录这一设置。' }],
  },
  justice: {
    key: 'justice',
    serviceCode: 'notarization',
    title: '司法公证',
    tagline: '由合作公证处对您的存证、登记等电子证据办理公证，出具具有法律效力的公证书，用于诉讼维权与版权交易。',
    start: { label: '去申请公证', to: '/cyprotect/myjustice?action=create' },
    features: [],
    steps: ['购买公证服务', '选择证据并提交申请', '公证处受理与审查', '出具公证书'],
    faq: [{ q: '申请撤回后额度怎么办？', a: '撤回未受理的申请会退回额度。' }],
  },
};

/** What can be notarized (the {type} of /copyrightJustice/{type}). */
export const JUSTICE_TYPES: Record<string, { label: string; text: string }> = {
  deposit: {
    label: '存证公证',
    text: '对已在流明素材完成存证的作品文件办理保全证据公证：公证处核对文件摘要值（SHA-256）与存证记录一致后出具公证书。',
  },
  registration: {
    label: '登记公证',
    text: '对已取得登记证书的作品办理公证，证明登记号、著作权人与作品信息真实，用于维权、交易或备案。',
  },
  webEvidence: {
    label: '取证公证',
    text: '对网页取证、录屏取证的证据包办理公证（取证服务上线后开放），证明取证过程与结果真实完整。',
  },
};

/** The two groups of /copyright (the protection page lists the second first). */
export const SERVICE_GROUPS = [
  { key: 'register', title: '确权', text: '证明作品在何时存在、归谁所有' },
  { key: 'protect', title: '维权与交易', text: '发现侵权、固定证据、依法维权，或把版权转让给需要的人' },
] as const;

/** The services shown on /copyright and /copyright/protection, with links to their pages. */
export const serviceIndex: Array<{ title: string; text: string; to: string; group: 'register' | 'protect' }> = [
  { title: '版权存证', text: '数字指纹 + 时间，出具可核验的存证证书', to: '/copyrightDeposit', group: 'register' },
  { title: '版权登记', text: '向登记机构申请作品登记证书', to: '/copyrightCheckin', group: 'register' },
  { title: 'DCI 登记', text: '申领数字版权唯一标识', to: '/copyrightCheckinDci', group: 'register' },
  { title: '集体版权计划', text: '作品入池，由平台统一授权并分配收益', to: '/copyrightPlan', group: 'register' },
  { title: '版权监测', text: '全网比对，发现疑似侵权使用', to: '/copyrightMonitor', group: 'protect' },
  { title: '网页取证', text: '固定侵权网页，生成带时间戳的取证报告', to: '/copyright/webEvidence', group: 'protect' },
  { title: '司法公证', text: '为证据办理公证，可用于诉讼维权', to: '/copyrightJustice', group: 'protect' },
  { title: '版权核验', text: '凭证书编号或原文件核验存证', to: '/copyrightVerify', group: 'protect' },
  { title: '版权交易', text: '挂牌转让、托管付款、电子合同', to: '/cytransfer/buycopyright', group: 'protect' },
  {
    title: '版权溯源',
    text: '作品权属与传播时间线，出具可核验的溯源证书',
    to: '/copyright/trace/SolidEvidence',
    group: 'protect',
  },
];
