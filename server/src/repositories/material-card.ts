import type { MaterialCard } from '../../../src/schemas/api/material.js';

/**
 * The public shape of a material in lists and cards (the contract's materialCardSchema in src/schemas/api/material.ts, which
 * the client reads too), and the SQL columns it is read from.
 */
export type { MaterialCard };

/** Counts above this are shown as "10000+" (counting a very frequent term costs more than the page). */
export const COUNT_CAP = 10000;

/** Columns of a card; `m` is the materials alias. original_path is deliberately absent. */
export const CARD_COLUMNS =
  'm.id, m.type, m.title, m.tags, m.category_id, m.cover_path, m.preview_path, m.duration_sec, m.width, m.height, m.format, m.price_cents, m.views, m.downloads, m.collects, m.created_at, m.ai_generated';

/** URL of a stored public file (served by GET /files/*). */
export function fileUrl(key: string | null | undefined): string | null {
  return key ? `/files/${key}` : null;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export function toCard(r: Record<string, any>): MaterialCard {
  return {
    id: Number(r.id),
    type: Number(r.type),
    title: r.title,
    tags: r.tags ?? [],
    categoryId: num(r.category_id),
    coverUrl: fileUrl(r.cover_path),
    previewUrl: fileUrl(r.preview_path),
    durationSec: num(r.duration_sec),
    width: num(r.width),
    height: num(r.height),
    format: r.format ?? null,
    priceCents: Number(r.price_cents),
    views: Number(r.views),
    downloads: Number(r.downloads),
    collects: Number(r.collects),
    createdAt: new Date(r.created_at).toISOString(),
    aiGenerated: r.ai_generated === true,
  };
}
