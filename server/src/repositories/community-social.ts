import type { Queryable } from '../db/index.js';
import { AUTHOR_NAME } from './community-posts.js';

/**
 * Likes, collections, comments, follows and reports of the showcase community: SQL only. A
 * like or collection row and its counter move in one statement pair inside the caller's
 * transaction; the INSERT ... ON CONFLICT decides whether anything changed, so a double click or
 * parallel requests count once.
 */
type Mark = 'likes' | 'collections';
const COUNTER: Record<Mark, string> = { likes: 'like_count', collections: 'collect_count' };

/** Adds or removes a like/collection; returns whether the row changed and the new count. */
export async function toggleMark(
  q: Queryable,
  mark: Mark,
  postId: number,
  userId: number,
  on: boolean,
): Promise<{ changed: boolean; count: number }> {
  const table = `community_${mark}`;
  const r = on
    ? await q.query(`INSERT INTO ${table}(post_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING post_id`, [
        postId,
        userId,
      ])
    : await q.query(`DELETE FROM ${table} WHERE post_id = $1 AND user_id = $2 RETURNING post_id`, [postId, userId]);
  const changed = r.rows.length > 0;
  const c = changed
    ? await q.query<{ n: number }>(
        `UPDATE community_posts SET ${COUNTER[mark]} = ${COUNTER[mark]} ${on ? '+' : '-'} 1 WHERE id = $1 RETURNING ${COUNTER[mark]} AS n`,
        [postId],
      )
    : await q.query<{ n: number }>(`SELECT ${COUNTER[mark]} AS n FROM community_posts WHERE id = $1`, [postId]);
  return { changed, count: Number(c.rows[0]?.n ?? 0) };
}

export async function insertComment(q: Queryable, postId: number, userId: number, body: string): Promise<number> {
  const r = await q.query<{ id: number }>(
    'INSERT INTO community_comments(post_id, user_id, body) VALUES ($1, $2, $3) RETURNING id',
    [postId, userId, body],
  );
  await q.query('UPDATE community_posts SET comment_count = comment_count + 1 WHERE id = $1', [postId]);
  return Number(r.rows[0].id);
}

/** Visible comments of a post, oldest first. */
export async function commentsOf(q: Queryable, postId: number) {
  const r = await q.query(
    `SELECT c.id, c.user_id AS "userId", ${AUTHOR_NAME('u')} AS "userName", NULLIF(u.avatar, '') AS "userAvatar", c.body, c.created_at AS "createdAt"
       FROM community_comments c JOIN users u ON u.id = c.user_id WHERE c.post_id = $1 AND c.status = 'visible' ORDER BY c.id LIMIT 500`,
    [postId],
  );
  return r.rows.map((c: any) => ({ ...c, id: Number(c.id), userId: Number(c.userId) }));
}

export async function findComment(q: Queryable, id: number) {
  return (
    (
      await q.query(
        `SELECT id, post_id AS "postId", user_id AS "userId", body, status FROM community_comments WHERE id = $1`,
        [id],
      )
    ).rows[0] ?? null
  );
}

/** Hides or restores a comment (staff), keeping the post's comment count equal to its visible comments. */
export async function setCommentStatus(q: Queryable, id: number, from: string, to: string) {
  const r = await q.query(
    `UPDATE community_comments SET status = $3 WHERE id = $1 AND status = $2 RETURNING post_id AS "postId", user_id AS "userId", body`,
    [id, from, to],
  );
  const row = r.rows[0];
  if (!row) return null;
  await q.query(
    `UPDATE community_posts SET comment_count = comment_count ${to === 'hidden' ? '-' : '+'} 1 WHERE id = $1`,
    [row.postId],
  );
  return row;
}

export async function setFollow(q: Queryable, followerId: number, followeeId: number, on: boolean): Promise<void> {
  if (on)
    await q.query('INSERT INTO community_follows(follower_id, followee_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      followerId,
      followeeId,
    ]);
  else
    await q.query('DELETE FROM community_follows WHERE follower_id = $1 AND followee_id = $2', [
      followerId,
      followeeId,
    ]);
}

/** A creator's public profile with follow counts and whether the viewer follows them. */
export async function creatorProfile(q: Queryable, userId: number, viewerId: number | null) {
  const r = await q.query(
    `SELECT u.id, ${AUTHOR_NAME('u')} AS name, NULLIF(u.avatar, '') AS avatar, u.bio, u.created_at AS "joinedAt",
       ('creator' = ANY(u.roles)) AS "isCreator",
       (SELECT count(*)::int FROM community_follows f WHERE f.followee_id = u.id) AS followers,
       (SELECT count(*)::int FROM community_follows f WHERE f.follower_id = u.id) AS following,
       (SELECT count(*)::int FROM community_posts p WHERE p.author_id = u.id AND p.status = 'visible') AS posts,
       (SELECT COALESCE(sum(p.like_count), 0)::int FROM community_posts p WHERE p.author_id = u.id AND p.status = 'visible') AS likes,
       EXISTS (SELECT 1 FROM community_follows f WHERE f.followee_id = u.id AND f.follower_id = $2) AS "followedByMe"
     FROM users u WHERE u.id = $1`,
    [userId, viewerId ?? 0],
  );
  const p = r.rows[0];
  return p ? { ...p, id: Number(p.id) } : null;
}

/** Records a report once per reporter and target; false when this reporter already reported it. */
export async function insertReport(
  q: Queryable,
  r: { targetType: 'post' | 'comment'; targetId: number; reporterId: number; reason: string },
): Promise<boolean> {
  const ins = await q.query(
    `INSERT INTO community_reports(target_type, target_id, reporter_id, reason) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING id`,
    [r.targetType, r.targetId, r.reporterId, r.reason],
  );
  if (!ins.rows.length) return false;
  if (r.targetType === 'post')
    await q.query('UPDATE community_posts SET report_count = report_count + 1 WHERE id = $1', [r.targetId]);
  return true;
}

/** Closes the open reports of a target with a resolution ('hidden', 'dismissed'); returns how many. */
export async function resolveReports(
  q: Queryable,
  targetType: string,
  targetId: number,
  resolution: string,
): Promise<number> {
  return (
    await q.query(
      `UPDATE community_reports SET status = 'resolved', resolution = $3 WHERE target_type = $1 AND target_id = $2 AND status = 'open'`,
      [targetType, targetId, resolution],
    )
  ).rowCount;
}

/** The moderation queue: targets with open reports, most reported first, with what they say. */
export async function openReports(q: Queryable) {
  const r = await q.query(
    `SELECT r.target_type AS "targetType", r.target_id AS "targetId", count(*)::int AS reports, array_agg(DISTINCT r.reason) AS reasons, min(r.created_at) AS "firstAt",
       COALESCE(p.title, c.body) AS excerpt, COALESCE(p.status, c.status) AS status, COALESCE(p.id, c.post_id) AS "postId",
       ${AUTHOR_NAME('u')} AS "authorName"
     FROM community_reports r
     LEFT JOIN community_posts p ON r.target_type = 'post' AND p.id = r.target_id
     LEFT JOIN community_comments c ON r.target_type = 'comment' AND c.id = r.target_id
     LEFT JOIN users u ON u.id = COALESCE(p.author_id, c.user_id)
     WHERE r.status = 'open'
     GROUP BY r.target_type, r.target_id, p.title, c.body, p.status, c.status, p.id, c.post_id, u.id
     ORDER BY count(*) DESC, min(r.created_at) LIMIT 200`,
  );
  return r.rows.map((x: any) => ({ ...x, targetId: Number(x.targetId), postId: Number(x.postId) }));
}

/** Hidden posts (so staff can restore one). */
export async function hiddenPosts(q: Queryable) {
  const r = await q.query(
    `SELECT p.id, p.title, p.hidden_reason AS "hiddenReason", ${AUTHOR_NAME('u')} AS "authorName", p.created_at AS "createdAt"
       FROM community_posts p JOIN users u ON u.id = p.author_id WHERE p.status = 'hidden' ORDER BY p.id DESC LIMIT 200`,
  );
  return r.rows.map((x: any) => ({ ...x, id: Number(x.id) }));
}
