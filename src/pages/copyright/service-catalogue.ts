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
      { q: '存证能证明我是作者吗？', a: '存证证明文件在存证时间已经存在且未被修改，是权属的初步证据；需要权属证明请同时办理版权登记。' },
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
    faq: [{ q: 'DCI 与版权登记有什么区别？', a: 'DCI 侧重线上作品的唯一标识与流通，版权登记侧重权属证明，可同时办理。' }],
  },
};

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
];
