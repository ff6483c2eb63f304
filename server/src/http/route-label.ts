import fs from 'node:fs';
import type { FastifyRequest } from 'fastify';

export interface RouteLabel {
  /** The route template (`/api/items/detail/:id`), `/<folder>/*` for a file of the client build, or `unmatched`. */
  route: string;
  /** A file of the client build (hashed scripts, styles, images): routine, so logged below info. */
  isStatic: boolean;
}

/**
 * The route a request is counted (plugins/metrics.ts) and logged (plugins/request-log.ts) under.
 * The client plugin serves each built file as a route of its own (over 500 under /assets), so the
 * build's folders count as one route each; otherwise metrics would keep a series per file.
 */
export function routeLabeller(clientDir: string): (req: FastifyRequest) => RouteLabel {
  const folders = fs.existsSync(clientDir)
    ? fs
        .readdirSync(clientDir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => `/${e.name}/`)
    : [];
  return (req) => {
    const template = req.routeOptions.url;
    if (!template) return { route: 'unmatched', isStatic: false };
    const folder = folders.find((f) => template.startsWith(f));
    return folder ? { route: `${folder}*`, isStatic: true } : { route: template, isStatic: false };
  };
}
