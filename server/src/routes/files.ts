import type { FastifyInstance } from 'fastify';
import { fail } from '../http/envelope.js';
import { serveObject } from './serve-object.js';
import { contentDisposition } from '../http/content-disposition.js';
import { PUBLIC_GROUP } from '../storage/groups.js';
import { fileAnswer } from '../http/envelope-schema.js';
import { wildcardParams } from '../http/params.js';
import type { ContractTypes } from '../http/type-provider.js';
import { errorEnvelopeSchema } from '../../../src/schemas/api/envelope.js';
import { publicFileQuerySchema } from '../../../src/schemas/api/cover-size.js';
import { coverAtWidth } from '../services/media/cover-size.js';

/** Every other path under /files answers only this 404. */
const onlyNotFound = {
  404: {
    description: '文件不存在（原图等非公开文件从不经此提供）',
    content: { 'application/json': { schema: errorEnvelopeSchema } },
  },
} as const;

/** Keys of public media: "<yyyymm>/<random hex>.<ext>" below the public group, nothing else. */
const PUBLIC_KEY = /^[0-9]{6}\/[a-f0-9]+\.(jpg|mp4|png|webp)$/;

/**
 * GET /files/media-public/<key>: public media only (covers, watermarked previews), from whichever
 * store runs (local disk or the bucket, which stays private), with long immutable caching (keys are
 * random and never reused, so a CDN in front may keep them for a year) and byte ranges for video.
 * Streamed through the server rather than redirected to a presigned URL: the URL stays stable and
 * cacheable by browsers and the CDN (a presigned URL changes every time and expires), the page and
 * the media keep one origin, and previews are small. Every other key, originals included, and any
 * traversal attempt is a 404. Each file is named inline (shown in the page, saved under its key's
 * name); helmet adds nosniff.
 */
export default async function filesRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ContractTypes>().get(
    `/${PUBLIC_GROUP}/*`,
    {
      schema: {
        params: wildcardParams,
        querystring: publicFileQuerySchema,
        response: fileAnswer('*/*', '公开媒体文件（封面、带水印预览：图片或视频；图片可带 w 取小尺寸 WebP）'),
      },
    },
    async (req, reply) => {
      const rest = req.params['*'];
      if (!PUBLIC_KEY.test(rest)) return reply.status(404).send(fail(404, '文件不存在'));
      // A picture at a smaller width (the phone's tiles); a video has none.
      const width = req.query.w;
      if (width && !rest.endsWith('.mp4')) {
        const sized = await coverAtWidth(app.storage, rest, width);
        if (!sized) return reply.status(404).send(fail(404, '文件不存在'));
        return serveObject(req, reply, app.storage, sized, {
          cacheControl: 'public, max-age=31536000, immutable',
          contentDisposition: contentDisposition(
            rest.slice(rest.indexOf('/') + 1).replace(/\.[a-z]+$/, '.webp'),
            'inline',
          ),
        });
      }
      return serveObject(req, reply, app.storage, `${PUBLIC_GROUP}/${rest}`, {
        cacheControl: 'public, max-age=31536000, immutable',
        contentDisposition: contentDisposition(rest.slice(rest.indexOf('/') + 1), 'inline'),
      });
    },
  );
  app.get('/*', { schema: { response: onlyNotFound } }, async (_req, reply) =>
    reply.status(404).send(fail(404, '文件不存在')),
  );
}
