/**
 * PGlite runs each statement synchronously in this thread, and its promises settle without going
 * back to the event loop: a chain of awaited statements (a seed, a batch of inserts, a long
 * transaction) holds every timer, socket and other request until the chain ends. Measured in a
 * test worker: 21 inserts of 500 rows held the loop for 7 s, and in a loaded run such chains held
 * it for over 60 s. Before a statement, once SLICE_MS have passed since the loop last turned here,
 * this gives it one turn; statements in between cost nothing.
 */
const SLICE_MS = 25;
let sliceStart = performance.now();

export async function turnIfBusy(): Promise<void> {
  if (performance.now() - sliceStart < SLICE_MS) return;
  await new Promise<void>((resolve) => setImmediate(resolve));
  sliceStart = performance.now();
}
