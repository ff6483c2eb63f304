import { searchVector } from '../search/vector.js';
import type { ContentChange } from '../../../src/schemas/api/review.js';
import type { WorkContent } from '../repositories/work-review.js';

/** The shape is the work row's (repositories/work-review.ts stores it); re-exported for this module's callers. */
export type { WorkContent };

export const contentOf = (row: Record<string, any>): WorkContent => ({
  title: String(row.title),
  description: String(row.description ?? ''),
  tags: [...(row.tags ?? [])].map(String),
  price_cents: Number(row.price_cents),
});

/** The content a validated lumen:forms/work edit asks for; an absent price keeps the current one. */
export function contentFromForm(form: Record<string, any>, current: WorkContent): WorkContent {
  return {
    title: String(form.title),
    description: String(form.description ?? ''),
    tags: [...(form.tags ?? [])].map(String),
    price_cents: form.price !== undefined ? Math.round(Number(form.price) * 100) : current.price_cents,
  };
}

export const sameContent = (a: WorkContent, b: WorkContent) =>
  a.title === b.title &&
  a.description === b.description &&
  a.price_cents === b.price_cents &&
  a.tags.length === b.tags.length &&
  a.tags.every((t, i) => t === b.tags[i]);

/** The weighted search vector of a content (title over tags over description), as the seed stores it. */
export const contentTokens = (c: WorkContent) =>
  searchVector({ title: c.title, tags: c.tags, description: c.description });

/** What a revision changes, field by field, in form terms. */
export function contentDiff(live: WorkContent, proposed: WorkContent): ContentChange[] {
  const out: ContentChange[] = [];
  if (live.title !== proposed.title) out.push({ field: 'title', before: live.title, after: proposed.title });
  if (live.description !== proposed.description)
    out.push({ field: 'description', before: live.description, after: proposed.description });
  if (live.tags.join('\u0000') !== proposed.tags.join('\u0000'))
    out.push({ field: 'tags', before: live.tags, after: proposed.tags });
  if (live.price_cents !== proposed.price_cents)
    out.push({ field: 'price', before: live.price_cents / 100, after: proposed.price_cents / 100 });
  return out;
}
