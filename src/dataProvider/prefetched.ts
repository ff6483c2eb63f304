/**
 * Server-rendered answers. The server renders a public page (server/src/plugins/client.ts with the
 * build's entry-server) from the JSON answers of the calls that page makes, and sends those answers
 * with it in a `<script type="application/json" id="lumen-data">` block (data, not code: the CSP
 * does not run it). The client reads them before hydrating, so its first render is the server's
 * render, with no request and no loading state. They stand for the page they came with: the first
 * navigation clears them (routes/useNavigationEffects.ts).
 */

/** Answer bodies (the API envelope) by the URL a GET is known by (early.ts, earlyUrl). */
export type PrefetchedAnswers = Record<string, unknown>;

export const PREFETCHED_ELEMENT_ID = 'lumen-data';

let answers: PrefetchedAnswers | undefined;

/** Sets the answers the next render may read (the server's render, or the page's hydration). */
export function setPrefetched(next: PrefetchedAnswers | undefined): void {
  answers = next;
}

/** Reads the answers the server sent with the page, if it rendered it. */
export function readPrefetchedFromDocument(doc: Document): PrefetchedAnswers | undefined {
  const el = doc.getElementById(PREFETCHED_ELEMENT_ID);
  if (!el?.textContent) return undefined;
  try {
    return JSON.parse(el.textContent) as PrefetchedAnswers;
  } catch {
    return undefined;
  }
}

export const hasPrefetched = (): boolean => answers !== undefined;

/** The answer body for this URL, if the page came with one. Not consumed: a render may be repeated. */
export function peekPrefetched(url: string): unknown {
  return answers?.[url];
}

/** The page's answers no longer hold (the user navigated): later calls ask the server. */
export function clearPrefetched(): void {
  answers = undefined;
}

/**
 * A promise whose value is known now: what request() returns for a prefetched answer, so a
 * render (useRemote) can use the value at once instead of waiting a tick.
 */
export type SettledPromise<T> = Promise<T> & { settled?: { value: T } };

export function settledPromise<T>(value: T): SettledPromise<T> {
  return Object.assign(Promise.resolve(value), { settled: { value } });
}

/**
 * HTML that is safe inside a script element: `<` is escaped so no `</script>` or `<!--` in the
 * data can end the block. U+2028/2029 are escaped too (they are valid JSON but not valid JS).
 */
export function prefetchedScriptBody(a: PrefetchedAnswers): string {
  return JSON.stringify(a)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
