import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import { setPostStatus } from '../repositories/community-posts.js';
import { findComment, resolveReports, setCommentStatus } from '../repositories/community-social.js';
import { recordAudit } from './audit-log.js';
import { notify } from './notifications.js';

/**
 * Staff moderation of the showcase community. Every decision is one transaction: the content's
 * status, its open reports and the audit-log entry commit together; the author is told why.
 */
type Staff = { id: number | string };
type Target = 'post' | 'comment';

export async function hideContent(
  db: Db,
  req: FastifyRequest,
  staff: Staff,
  target: Target,
  id: number,
  reason: string,
): Promise<void> {
  await db.tx(async (q) => {
    if (target === 'post') {
      const before = await setPostStatus(q, id, 'visible', 'hidden', reason);
      if (!before) throw new AppError(409, '该作品帖不存在或已隐藏');
      await resolveReports(q, 'post', id, 'hidden');
      await recordAudit(q, req, staff, {
        action: 'community.hide',
        targetType: 'community_post',
        targetId: id,
        before: { status: 'visible' },
        after: { status: 'hidden', reason },
      });
      await notify(q, Number(before.authorId), {
        kind: 'community',
        title: '您的作品帖已被隐藏',
        body: `作品帖“${before.title}”因“${reason}”已被平台隐藏。`,
        link: `/community/post/${id}`,
      });
    } else {
      const c = await findComment(q, id);
      if (!c) throw new AppError(404, '评论不存在');
      const before = await setCommentStatus(q, id, 'visible', 'hidden');
      if (!before) throw new AppError(409, '该评论已隐藏');
      await resolveReports(q, 'comment', id, 'hidden');
      await recordAudit(q, req, staff, {
        action: 'community.hide',
        targetType: 'community_comment',
        targetId: id,
        before: { status: 'visible', body: c.body },
        after: { status: 'hidden', reason },
      });
      await notify(q, Number(c.userId), {
        kind: 'community',
        title: '您的评论已被隐藏',
        body: `您的评论因“${reason}”已被平台隐藏。`,
        link: `/community/post/${c.postId}`,
      });
    }
  });
}

export async function restoreContent(
  db: Db,
  req: FastifyRequest,
  staff: Staff,
  target: Target,
  id: number,
): Promise<void> {
  await db.tx(async (q) => {
    const before =
      target === 'post'
        ? await setPostStatus(q, id, 'hidden', 'visible', null)
        : await setCommentStatus(q, id, 'hidden', 'visible');
    if (!before) throw new AppError(409, '该内容未被隐藏');
    await recordAudit(q, req, staff, {
      action: 'community.restore',
      targetType: `community_${target}`,
      targetId: id,
      before: { status: 'hidden' },
      after: { status: 'visible' },
    });
  });
}

/** Closes a target's open reports without hiding it (the reports were unfounded). */
export async function dismissReports(
  db: Db,
  req: FastifyRequest,
  staff: Staff,
  target: Target,
  id: number,
): Promise<void> {
  await db.tx(async (q) => {
    const n = await resolveReports(q, target, id, 'dismissed');
    if (!n) throw new AppError(409, '没有待处理的举报');
    await recordAudit(q, req, staff, {
      action: 'community.dismiss',
      targetType: `community_${target}`,
      targetId: id,
      after: { dismissedReports: n },
    });
  });
}
