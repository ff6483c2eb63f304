import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import path from 'node:path';
import { fail } from '../lib/envelope.js';
import { PUBLIC_GROUP } from '../db/seed/catalogue/media.js';

/**
 * GET /files/<key>: public media only (covers, watermarked previews) from the `media-public`
 * storage group, with long immutable caching (keys are random and never reused) and range
 * support for video. Every other key, originals included, and any traversal attempt is a 404.
 */
export default async function filesRoute(app: FastifyInstance): Promise<void> {
  const root = path.join(app.storage.root, PUBLIC_GROUP);
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: `/${PUBLIC_GROUP}/`,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    maxAge: '365d',
    immutable: true,
    allowedPath: (pathName) => /^\/[0-9]{6}\/[a-f0-9]+\.(jpg|mp4|png|webp)$/.test(pathName),
  });
  app.get('/*', async (_req, reply) => reply.status(404).send(fail(404, '文件不存在')));
}
