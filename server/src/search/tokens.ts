/**
 * Search tokens that work the same on PGlite and PostgreSQL (no CJK parser in either):
 * NFKC + lower case, then CJK unigrams and bigrams plus Latin/digit words.
 * Stored with array_to_tsvector() in a GIN-indexed column (see tech notes, "Chinese search").
 */
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

export function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** Tokens of one text: for '可爱熊猫 panda' -> 可 爱 熊 猫 可爱 爱熊 熊猫 panda. */
export function tokenize(text: string): string[] {
  const out = new Set<string>();
  const s = normalise(text);
  let run = '';
  const flushRun = () => {
    for (let i = 0; i < run.length; i++) {
      out.add(run[i]);
      if (i + 1 < run.length) out.add(run.slice(i, i + 2));
    }
    run = '';
  };
  let word = '';
  for (const ch of s) {
    if (CJK.test(ch)) {
      if (word) {
        out.add(word);
        word = '';
      }
      run += ch;
    } else if (/[a-z0-9]/.test(ch)) {
      flushRun();
      word += ch;
    } else {
      flushRun();
      if (word) {
        out.add(word);
        word = '';
      }
    }
  }
  flushRun();
  if (word) out.add(word);
  return [...out];
}

/** Tokens a query must all match: bigrams for CJK runs (a lone character stays a unigram). */
export function queryTokens(query: string): string[] {
  const out = new Set<string>();
  const s = normalise(query);
  for (const part of s.split(/[^a-z0-9\u3400-\u9fff\uf900-\ufaff]+/).filter(Boolean)) {
    const runs = part.match(/[\u3400-\u9fff\uf900-\ufaff]+|[a-z0-9]+/g) ?? [];
    for (const r of runs) {
      if (!CJK.test(r) || r.length === 1) out.add(r);
      else for (let i = 0; i + 1 < r.length; i++) out.add(r.slice(i, i + 2));
    }
  }
  return [...out];
}
