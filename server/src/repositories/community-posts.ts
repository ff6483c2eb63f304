import type { Queryable } from '../db/index.js';
import { fileUrl } from './material-card.js';

/**
 * Showcase posts (/community/api/posts): SQL only. A post shows works of its author's catalogue
 * (materials they own) and uploaded images (public object-store keys). Visibility: 'visible' posts
 * are public; hidden ones only to their author (with the reason) and staff.
 */
export const AUTHOR_NAME = (alias: string) =>
  `COALESCE(NULLIF(${alias}.nickname, ''), ${alias}.company_name, ${alias}.username, '用户' || ${alias}.id)`;

const CARD = `p.id, p.author_id AS "authorId", ${AUTHOR_NAME('u')} AS "authorName", NULLIF(u.avatar, '') AS "authorAvatar",
  p.title, p.body, p.status, p.hidden_reason AS "hiddenReason", p.like_count AS "likeCount", p.comment_count AS "commentCount",
  p.collect_count AS "collectCount", p.created_at AS "createdAt", p.image_keys AS "imageKeys", p.material_ids AS "materialIds",
  (SELECT m.cover_path FROM materials m WHERE m.id = p.material_ids[1]) AS "firstCover"`;

export interface NewPost {
  title: string;
  body: string;
  materialIds: number[];
  imageKeys: string[];
}

export async function insertPost(q: Queryable, authorId: number, p: NewPost): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO community_posts(author_id, title, body, material_ids, image_keys) VALUES ($1, $2, $3, $4::bigint[], $5::text[]) RETURNING id`,
    [authorId, p.title, p.body, p.materialIds, p.imageKeys],
  );
  return Number(r.rows[0].id);
}

/** The ids among `ids` that are works of this creator (materials they own, not taken down). */
export async function ownWorkIds(q: Queryable, ownerId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const r = await q.query<{ id: number }>(
    'SELECT id FROM materials WHERE owner_id = $1 AND id = ANY($2::bigint[]) AND status <> 2',
    [ownerId, ids],
  );
  return r.rows.map((x) => Number(x.id));
}

/** A creator's works to pick from (post form, demand response, delivery). */
export async function worksOf(q: Queryable, ownerId: number) {
  const r = await q.query(
    `SELECT id, title, type, status, cover_path AS "coverPath" FROM materials WHERE owner_id = $1 AND status <> 2 ORDER BY id DESC LIMIT 200`,
    [ownerId],
  );
  return r.rows.map((w: any) => ({
    id: Number(w.id),
    title: w.title,
    type: Number(w.type),
    status: Number(w.status),
    coverUrl: fileUrl(w.coverPath),
  }));
}

function toCard(r: Record<string, any>): Record<string, any> & { id: number; authorId: number; status: string } {
  const { imageKeys, materialIds, firstCover, ...rest } = r;
  return {
    ...rest,
    id: Number(r.id),
    authorId: Number(r.authorId),
    status: String(r.status),
    coverUrl: fileUrl((imageKeys as string[])[0]) ?? fileUrl(firstCover),
    imageCount: (imageKeys as string[]).length,
    workCount: (materialIds as string[]).length,
  };
}

export type FeedSort = 'newest' | 'popular' | 'following';

/**
 * A page of visible posts. popular = likes, comments and collections weighted, decayed by age in
 * days (so last week's hit does not sit on top forever); following = authors the viewer follows.
 */
export async function feed(
  q: Queryable,
  o: { sort: FeedSort; viewerId: number | null; authorId?: number; page: number; pageSize: number },
) {
  const params: unknown[] = [];
  const where = [`p.status = 'visible'`];
  if (o.sort === 'following') {
    params.push(o.viewerId ?? 0);
    where.push(`p.author_id IN (SELECT followee_id FROM community_follows WHERE follower_id = $${params.length})`);
  }
  if (o.authorId) {
    params.push(o.authorId);
    where.push(`p.author_id = $${params.length}`);
  }
  const order =
    o.sort === 'popular'
      ? `(p.like_count + 2 * p.comment_count + 3 * p.collect_count + 1) / power(extract(epoch FROM now() - p.created_at) / 86400 + 2, 1.5) DESC, p.id DESC`
      : 'p.created_at DESC, p.id DESC';
  const w = where.join(' AND ');
  const list = await q.query(
    `SELECT ${CARD} FROM community_posts p JOIN users u ON u.id = p.author_id WHERE ${w} ORDER BY ${order} LIMIT ${o.pageSize} OFFSET ${(o.page - 1) * o.pageSize}`,
    params,
  );
  const total = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM community_posts p WHERE ${w}`, params);
  return { list: list.rows.map(toCard), total: Number(total.rows[0].n) };
}

/** One post with its works and images; null when absent or deleted. The caller decides visibility. */
export async function findPost(q: Queryable, id: number, viewerId: number | null) {
  const r = await q.query(
    `SELECT ${CARD},
       EXISTS (SELECT 1 FROM community_likes l WHERE l.post_id = p.id AND l.user_id = $2) AS liked,
       EXISTS (SELECT 1 FROM community_collections c WHERE c.post_id = p.id AND c.user_id = $2) AS collected,
       EXISTS (SELECT 1 FROM community_follows f WHERE f.followee_id = p.author_id AND f.follower_id = $2) AS following
     FROM community_posts p JOIN users u ON u.id = p.author_id WHERE p.id = $1 AND p.status <> 'deleted'`,
    [id, viewerId ?? 0],
  );
  const row = r.rows[0];
  if (!row) return null;
  const works = await q.query(
    `SELECT id, title, type, cover_path AS "coverPath" FROM materials WHERE id = ANY($1::bigint[]) AND status <> 2`,
    [row.materialIds],
  );
  const byId = new Map(works.rows.map((w: any) => [Number(w.id), w]));
  return {
    ...toCard(row),
    liked: !!row.liked,
    collected: !!row.collected,
    following: !!row.following,
    images: (row.imageKeys as string[]).map((k) => fileUrl(k)!),
    works: (row.materialIds as string[])
      .map(Number)
      .filter((m) => byId.has(m))
      .map((m) => {
        const w = byId.get(m) as any;
        return { id: m, title: w.title, type: Number(w.type), coverUrl: fileUrl(w.coverPath) };
      }),
  };
}

/** Moves a post between visible and hidden (staff); returns the row before, null when it was not in `from`. */
export async function setPostStatus(q: Queryable, id: number, from: string, to: string, reason: string | null) {
  const before = await q.query(
    `SELECT id, status, hidden_reason AS "hiddenReason", author_id AS "authorId", title FROM community_posts WHERE id = $1 FOR UPDATE`,
    [id],
  );
  const row = before.rows[0];
  if (!row || row.status !== from) return null;
  await q.query('UPDATE community_posts SET status = $2, hidden_reason = $3 WHERE id = $1', [id, to, reason]);
  return row;
}

/** The author deletes their own post (soft: comments and reports keep their target). */
export async function deleteOwnPost(q: Queryable, id: number, authorId: number): Promise<boolean> {
  return (
    (
      await q.query(
        `UPDATE community_posts SET status = 'deleted' WHERE id = $1 AND author_id = $2 AND status <> 'deleted' RETURNING id`,
        [id, authorId],
      )
    ).rows.length > 0
  );
}

/** Posts a user collected, newest collection first. */
export async function collectedPosts(q: Queryable, userId: number) {
  const r = await q.query(
    `SELECT ${CARD} FROM community_collections c JOIN community_posts p ON p.id = c.post_id JOIN users u ON u.id = p.author_id
      WHERE c.user_id = $1 AND p.status = 'visible' ORDER BY c.created_at DESC LIMIT 100`,
    [userId],
  );
  return r.rows.map(toCard);
}
