import type { FastifyInstance } from 'fastify';
import { insertPost, worksOf } from '../repositories/community-posts.js';
import { insertComment, setFollow, toggleMark } from '../repositories/community-social.js';
import { findUserById, type UserRow } from '../repositories/users.js';
import { chinaDate, postDemand, respond } from '../services/community-demands.js';

async function demoUser(app: FastifyInstance, username: string): Promise<UserRow | null> {
  const r = await app.db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [username]);
  return r.rows[0] ? findUserById(app.db, Number(r.rows[0].id)) : null;
}

/**
 * The community on day one: showcase posts of demo_creator's works with likes, a comment and a
 * follower, and two open demands of demo_company (a bounty held in escrow from its seeded wallet,
 * and a bid that already has a creator's quote). Made through the same repository and service
 * functions the routes use, so counters, escrow and notifications are real. Skips when the
 * community has any post (idempotent) or a demo account is missing.
 */
export async function seedCommunity(app: FastifyInstance): Promise<void> {
  if ((await app.db.query('SELECT 1 FROM community_posts LIMIT 1')).rows.length) return;
  const [creator, company, buyer] = await Promise.all(
    ['demo_creator', 'demo_company', 'demo_buyer'].map((u) => demoUser(app, u)),
  );
  if (!creator || !company || !buyer) return;
  // Approved works only: a post shows what visitors can open and buy.
  const works = (await worksOf(app.db, Number(creator.id))).filter((w) => w.status === 1);
  if (works.length >= 2) {
    // Titles and text name the works shown, so a post never describes pictures it does not have.
    const posts = [works.slice(0, 3), works.slice(3, 6)]
      .filter((group) => group.length)
      .map((group) => ({
        title: `作品分享：${group[0].title}`,
        body: `这组包含${group.map((w) => `《${w.title}》`).join('、')}，均已上架可授权，欢迎选用与交流。`,
        materialIds: group.map((w) => Number(w.id)),
      }));
    for (const p of posts) {
      const postId = await insertPost(app.db, Number(creator.id), { ...p, imageKeys: [] });
      await app.db.tx(async (q) => {
        for (const fan of [company, buyer]) await toggleMark(q, 'likes', postId, Number(fan.id), true);
        await toggleMark(q, 'collections', postId, Number(company.id), true);
        await insertComment(q, postId, Number(buyer.id), '画面很干净，请问后期用的是什么调色？');
      });
    }
    await app.db.tx((q) => setFollow(q, Number(buyer.id), Number(creator.id), true));
  }

  const demand = {
    description:
      '用于品牌春季新品发布的短视频，需要城市街景或自然风光素材，画面明亮，4K 优先，时长 15 秒以上，需提供商用授权。',
    materialType: 1,
    scenario: 'personal_media',
    deadline: chinaDate(14),
  };
  await postDemand(app.db, company, {
    ...demand,
    title: '征集春季新品宣传短视频素材',
    mode: 'bounty',
    budget: 300,
    requestKey: 'seed-demand-bounty',
  });
  const bid = await postDemand(app.db, company, {
    ...demand,
    title: '定制拍摄：江南古镇清晨航拍',
    description: '需要乌镇或西塘清晨航拍，含薄雾与水面倒影，4K 30 秒以上，用于企业公众号推文配图视频。',
    mode: 'bid',
    budget: 800,
    deadline: chinaDate(21),
    requestKey: 'seed-demand-bid',
  });
  if (!bid.repeated)
    await respond(app.db, creator, bid.id, {
      kind: 'proposal',
      message: '本人常驻杭州，可在两周内完成清晨航拍，提供 4K 原片与调色版本各一份。',
      price: 680,
    });
}
