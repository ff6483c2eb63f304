import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';

export interface RouteLabel {
  /** The route template (`/api/items/detail/:id`), `/<folder>/*` for a file of the client build, or `unmatched`. */
  route: string;
  /** A file of the client build (hashed scripts, styles, images): routine, so logged below info. */
  isStatic: boolean;
}

/**
 * The route a request is counted (plugins/metrics.ts) and logged (plugins/request-log.ts) under.
 * The client plugin serves every built file and page through one route (`/*`); a file in one of the
 * build's folders (over 500 under /assets) counts as `/<folder>/*`, so metrics keep one series per
 * folder rather than per file. The folders are read when the build exists (npm start may still be
 * building it when the server starts).
 */
export function routeLabeller(clientDir: string): (req: FastifyRequest) => RouteLabel {
  let folders: string[] | undefined;
  const foldersOf = () =>
    (folders ??= fs.existsSync(path.join(clientDir, 'index.html'))
      ? fs
          .readdirSync(clientDir, { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => `/${e.name}/`)
      : undefined) ?? [];
  return (req) => {
    const template = req.routeOptions.url;
    if (!template) return { route: 'unmatched', isStatic: false };
    if (template !== '/*') return { route: template, isStatic: false };
    const folder = foldersOf().find((f) => req.url.startsWith(f));
    // /m/ is the mobile site's pages as well as its files: only a file name (with an extension) is a file.
    const isFile = folder && /\.[a-z0-9]+$/i.test(req.url.split('?')[0]);
    return isFile ? { route: `${folder}*`, isStatic: true } : { route: template, isStatic: false };
  };
}
