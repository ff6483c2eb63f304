import type { FastifyInstance } from 'fastify';

/** Gives two demo accounts a sandbox WeChat identity so the /dev/wechat page can log them in. */
export async function seedWechatIdentities(app: FastifyInstance): Promise<void> {
  for (const [username, openid] of [
    ['demo_buyer', 'sandbox_demo_buyer'],
    ['demo_creator', 'sandbox_demo_creator'],
  ]) {
    await app.db.query('UPDATE users SET wechat_openid = $2 WHERE username = $1 AND wechat_openid IS NULL', [
      username,
      openid,
    ]);
  }
}
