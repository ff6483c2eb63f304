import { useCallback, useRef, useState } from 'react';

/** A submitting flag that blocks double submits: run() ignores calls while one is in flight. */
export function useSubmitting() {
  const busy = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const run = useCallback(async (fn: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    try {
      await fn();
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }, []);
  return { submitting, run };
}
