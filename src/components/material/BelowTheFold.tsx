import { useEffect, useState, type ReactNode } from 'react';
import { hasPrefetched } from '../../dataProvider/prefetched';

/**
 * Content the server does not render: on a server-rendered page (dataProvider/prefetched.ts) it
 * appears right after hydration, from the answers the page came with (no request). The server
 * then renders, and the browser first lays out, only what the first screen shows: the home page
 * was 150 kB of HTML and 110 ms of server time with its 48 cards, most of them below the fold.
 * On a page the client renders, children render at once.
 */
export function BelowTheFold({ children, minHeight = 320 }: { children: ReactNode; minHeight?: number }) {
  const [shown, setShown] = useState(() => !hasPrefetched());
  useEffect(() => setShown(true), []);
  return shown ? <>{children}</> : <div style={{ minHeight }} aria-busy="true" />;
}
