import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { envelopeOf } from '../http/envelope-schema.js';
import { noData } from '../../../src/schemas/api/envelope.js';
import { createdIdSchema } from '../../../src/schemas/api/action-responses.js';
import {
  creatorProfileSchema,
  feedSchema,
  followSchema,
  markToggledSchema,
  myWorksSchema,
  postCardListSchema,
  postDetailSchema,
} from '../../../src/schemas/api/community-responses.js';
import multipart from '@fastify/multipart';
import { AppError, ok } from '../http/envelope.js';
import { idParams } from '../http/route-schemas.js';
import { validateRouteForm } from './form-validate.js';
import {
  formUploadBody,
  MULTIPART_LIMITS,
  readFormUpload,
  storeUploaded,
  type FormUploadFields,
} from './form-upload.js';
import { getUploadRule } from '../schemas/store.js';
import { PUBLIC_GROUP } from '../storage/groups.js';
import { isStaff } from '../plugins/staff.js';
import {
  collectedPosts,
  deleteOwnPost,
  feed,
  findPost,
  insertPost,
  ownWorkIds,
  worksOf,
} from '../repositories/community-posts.js';
import {
  commentsOf,
  creatorProfile,
  findComment,
  insertComment,
  insertReport,
  setFollow,
  toggleMark,
} from '../repositories/community-social.js';

const POST_FORM = 'lumen:forms/community-post';
const IMAGE_POST: FormUploadFields = { schemaId: POST_FORM, fileField: 'images' };
const feedQuery = {
  type: 'object',
  properties: {
    sort: { type: 'string', title: '排序', enum: ['newest', 'popular', 'following'], default: 'newest' },
    authorId: { type: 'integer', title: '创作者', minimum: 1 },
    page: { type: 'integer', title: '页码', minimum: 1, maximum: 10000, default: 1 },
    pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: 50, default: 12 },
  },
  additionalProperties: false,
} as const;
const onBody = {
  type: 'object',
  required: ['on'],
  properties: { on: { type: 'boolean', title: '开关' } },
  additionalProperties: false,
} as const;
const id = (req: { params: { id: number } }) => req.params.id;

/**
 * /community/api: the showcase community (spec §1): portfolio posts from the creator's catalogue
 * or uploaded images, likes, collections, comments, follows, reports, feeds and creator profiles.
 * Served under /community/ so the client sends it to VITE_COMMUNITY_BASE (same server by default).
 */
export default async function communityRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  /** A visible post, or the viewer's own / staff's view of a hidden one; 404 for everyone else. */
  const visiblePost = async (postId: number, viewer: { id: number | string; roles: string[] } | null) => {
    const p = await findPost(app.db, postId, viewer ? Number(viewer.id) : null);
    if (!p || (p.status !== 'visible' && !(viewer && (Number(viewer.id) === p.authorId || isStaff(viewer)))))
      throw new AppError(404, '作品帖不存在或已被隐藏');
    return p;
  };

  app.get(
    '/feed',
    { schema: { summary: '作品帖', querystring: feedQuery, response: envelopeOf(feedSchema) } },
    async (req) => {
      const q = req.query;
      const viewer = q.sort === 'following' ? await req.requireUser() : await req.currentUser();
      return ok(await feed(app.db, { ...q, viewerId: viewer ? Number(viewer.id) : null }));
    },
  );

  app.get(
    '/posts/:id',
    { schema: { summary: '作品帖详情', params: idParams, response: envelopeOf(postDetailSchema) } },
    async (req) => {
      const p = await visiblePost(id(req), await req.currentUser());
      return ok({ ...p, comments: await commentsOf(app.db, p.id) });
    },
  );

  /** Works of the signed-in creator to pick from. */
  app.get('/my-works', { schema: { summary: '可选作品', response: envelopeOf(myWorksSchema) } }, async (req) =>
    ok(await worksOf(app.db, Number((await req.requireUser()).id))),
  );

  const checkWorks = async (authorId: number, ids: number[]) => {
    const owned = await ownWorkIds(app.db, authorId, ids);
    if (owned.length !== ids.length)
      throw new AppError(400, '只能选择您本人作品库中的作品', {
        fieldErrors: { '/materialIds': '只能选择本人的作品' },
      });
  };

  app.post(
    '/posts',
    { config: { formSchema: POST_FORM }, schema: { summary: '发布作品帖', response: envelopeOf(createdIdSchema) } },
    async (req) => {
      const user = await req.requireUser();
      const form = await validateRouteForm(req);
      const materialIds: number[] = form.materialIds ?? [];
      if (!materialIds.length)
        throw new AppError(400, '请至少选择一件作品或上传一张图片', { fieldErrors: { '/materialIds': '请选择作品' } });
      await checkWorks(Number(user.id), materialIds);
      const postId = await insertPost(app.db, Number(user.id), {
        title: form.title.trim(),
        body: form.body ?? '',
        materialIds,
        imageKeys: [],
      });
      return ok({ id: postId }, '已发布');
    },
  );

  /** Multipart: `data` (the form JSON) then the images, checked by content against lumen:rules/community#image. */
  app.post(
    '/posts/upload',
    {
      config: { requestBody: formUploadBody(IMAGE_POST) },
      schema: { summary: '上传图片发布作品帖', response: envelopeOf(createdIdSchema) },
    },
    async (req) => {
      const user = await req.requireUser();
      const upload = await readFormUpload(app, req, {
        ...IMAGE_POST,
        noRule: '图片上传规则不存在',
        ruleFor: () => getUploadRule(app, 'lumen:rules/community#image'),
      });
      try {
        const materialIds: number[] = upload.form.materialIds ?? [];
        await checkWorks(Number(user.id), materialIds);
        // Showcase images are public (feed covers): stored with the public media, served from /files.
        const imageKeys: string[] = [];
        for (const f of upload.files) imageKeys.push(await storeUploaded(app, PUBLIC_GROUP, f));
        const postId = await insertPost(app.db, Number(user.id), {
          title: String(upload.form.title).trim(),
          body: upload.form.body ?? '',
          materialIds,
          imageKeys,
        });
        return ok({ id: postId }, '已发布');
      } finally {
        await upload.cleanup();
      }
    },
  );

  app.delete(
    '/posts/:id',
    { schema: { summary: '删除作品帖', params: idParams, response: envelopeOf(noData) } },
    async (req) => {
      const user = await req.requireUser();
      if (!(await deleteOwnPost(app.db, id(req), Number(user.id)))) throw new AppError(404, '作品帖不存在');
      return ok(null, '已删除');
    },
  );

  for (const [path, mark] of [
    ['like', 'likes'],
    ['collect', 'collections'],
  ] as const) {
    app.post(
      `/posts/:id/${path}`,
      { schema: { params: idParams, body: onBody, response: envelopeOf(markToggledSchema) } },
      async (req) => {
        const user = await req.requireUser();
        const p = await visiblePost(id(req), user);
        if (p.status !== 'visible') throw new AppError(409, '该作品帖已被隐藏');
        const on = req.body.on;
        const r = await app.db.tx((q) => toggleMark(q, mark, p.id, Number(user.id), on));
        return ok({ on, count: r.count });
      },
    );
  }

  app.post(
    '/posts/:id/comments',
    {
      config: { formSchema: 'lumen:forms/community-comment' },
      schema: { summary: '评论作品帖', params: idParams, response: envelopeOf(createdIdSchema) },
    },
    async (req) => {
      const user = await req.requireUser();
      const p = await visiblePost(id(req), user);
      if (p.status !== 'visible') throw new AppError(409, '该作品帖已被隐藏');
      const form = await validateRouteForm(req);
      const commentId = await app.db.tx((q) => insertComment(q, p.id, Number(user.id), form.body.trim()));
      return ok({ id: commentId }, '评论成功');
    },
  );

  for (const target of ['post', 'comment'] as const) {
    app.post(
      `/${target}s/:id/report`,
      {
        config: { formSchema: 'lumen:forms/community-report' },
        schema: { params: idParams, response: envelopeOf(noData) },
      },
      async (req) => {
        const user = await req.requireUser();
        const form = await validateRouteForm(req);
        if (target === 'post') await visiblePost(id(req), user);
        else if (!(await findComment(app.db, id(req)))) throw new AppError(404, '评论不存在');
        const reason = form.detail?.trim() ? `${form.reason}：${form.detail.trim()}` : form.reason;
        const fresh = await app.db.tx((q) =>
          insertReport(q, { targetType: target, targetId: id(req), reporterId: Number(user.id), reason }),
        );
        if (!fresh) throw new AppError(409, '您已举报过该内容，平台会尽快处理');
        return ok(null, '举报已提交，平台会尽快处理');
      },
    );
  }

  app.get(
    '/creators/:id',
    { schema: { summary: '创作者主页', params: idParams, response: envelopeOf(creatorProfileSchema) } },
    async (req) => {
      const viewer = await req.currentUser();
      const profile = await creatorProfile(app.db, id(req), viewer ? Number(viewer.id) : null);
      if (!profile) throw new AppError(404, '创作者不存在');
      return ok(profile);
    },
  );

  app.post(
    '/creators/:id/follow',
    { schema: { summary: '关注或取消关注创作者', params: idParams, body: onBody, response: envelopeOf(followSchema) } },
    async (req) => {
      const user = await req.requireUser();
      if (Number(user.id) === id(req)) throw new AppError(400, '不能关注自己');
      if (!(await creatorProfile(app.db, id(req), null))) throw new AppError(404, '创作者不存在');
      const on = req.body.on;
      await setFollow(app.db, Number(user.id), id(req), on);
      return ok({ on }, on ? '已关注' : '已取消关注');
    },
  );

  app.get(
    '/my-collections',
    { schema: { summary: '我收藏的作品帖', response: envelopeOf(postCardListSchema) } },
    async (req) => ok(await collectedPosts(app.db, Number((await req.requireUser()).id))),
  );
}
