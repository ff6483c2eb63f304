import { useEffect, useState } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/**
 * Whether the visitor asked the system for less motion. Previews then wait for the play button
 * instead of starting on their own (WCAG 2.2.2 and 2.3.3), and the answer follows a change of the
 * setting while the page is open.
 */
export function useReducedMotion(): boolean {
  const [reduce, setReduce] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.(QUERY).matches);
  useEffect(() => {
    const list = window.matchMedia?.(QUERY);
    if (!list) return;
    const onChange = () => setReduce(list.matches);
    list.addEventListener?.('change', onChange);
    return () => list.removeEventListener?.('change', onChange);
  }, []);
  return reduce;
}
