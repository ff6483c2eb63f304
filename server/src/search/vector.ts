import { tokenize } from './tokens.js';

/**
 * The search_tokens value of a material as a tsvector literal: tokens.ts tokens of title, tags and
 * description, weighted A (title), B (tags) and D (description only), so the search ranks title
 * hits above tag hits above description hits with a per-row `@@ 'tok':A` check instead of
 * re-reading the texts. Tokens are CJK characters or [a-z0-9] words, so quoting is safe.
 * Store it with `$n::tsvector`. Rows filled with plain array_to_tsvector(tokenize(...)) are still
 * found, only without the title/tag ranking.
 */
export function searchVector(m: { title: string; tags: string[]; description: string }): string {
  const weight = new Map<string, string>();
  const add = (text: string, w: string) => {
    for (const t of tokenize(text)) if (!weight.has(t)) weight.set(t, w);
  };
  add(m.title, 'A');
  add(m.tags.join(' '), 'B');
  add(m.description, 'D');
  return [...weight].map(([t, w]) => `'${t}':1${w === 'D' ? '' : w}`).join(' ');
}
