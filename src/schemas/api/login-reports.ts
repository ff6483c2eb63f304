/**
 * The two reports the client sends right after a login (src/components/login/after-login.ts): the
 * login analytics action (server/src/routes/common.ts) and, for a visit that arrived from a Baidu ad
 * with bd_vid, the ad conversion (baidu.ts). Neither may fail the login.
 */

/**
 * POST /api/common/loginStat. Recorded leniently (an unknown login type or an address that is not
 * text is stored as empty), so the route only documents it: a route schema would refuse those.
 */
export const loginStatBody = {
  title: '登录统计',
  type: 'object',
  properties: {
    loginType: {
      type: 'integer',
      title: '登录方式',
      enum: [0, 1, 2],
      description: '0 手机验证码，1 账号密码，2 微信扫码；其他值记为空',
    },
    url: { type: 'string', title: '登录时的页面地址', description: '只记录前 2000 个字符' },
  },
} as const;

/** POST /api/baidu/uploadConvertData: the route's schema, with the messages the handler gave before it. */
export const adConversionBody = {
  title: '广告转化',
  type: 'object',
  required: ['type', 'url'],
  properties: {
    type: {
      type: 'integer',
      title: '转化类型',
      minimum: 1,
      maximum: 1000,
      description: '百度 OCPC 转化类型，49 为注册/登录',
      'x-msg': '转化类型不正确',
    },
    url: {
      type: 'string',
      title: '页面地址',
      maxLength: 2000,
      description: '来访页面的 http(s) 地址，须带 bd_vid 参数',
      'x-msg': '页面地址不正确',
    },
  },
} as const;
