import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A public check by certificate number (a deposit certificate, a trace certificate), on the desktop
 * and the mobile site alike: the number comes from the address (`?<param>=`, where a certificate's
 * QR code points), is checked against `pattern` before asking the server, and is written back to the
 * address once asked so the result can be shared. The server's Chinese message is the error.
 */
export function useNumberLookup<T>(o: {
  param: string;
  pattern: RegExp;
  /** Shown when the typed number cannot be one. */
  invalid: string;
  lookup: (no: string) => Promise<T>;
  /** Ask at once when the address carries a number (a scanned QR code). */
  checkOnOpen?: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const [input, setInput] = useState(params.get(o.param) ?? '');
  const [result, setResult] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const check = async (value: string = input) => {
    const no = value.trim().toUpperCase();
    setResult(null);
    setError(null);
    if (!o.pattern.test(no)) return setError(o.invalid);
    setBusy(true);
    setParams({ [o.param]: no }, { replace: true });
    try {
      setResult(await o.lookup(no));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    const no = params.get(o.param);
    if (o.checkOnOpen && no) void check(no);
    // Once, on opening: later changes of the address are this hook's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { input, setInput, result, error, busy, check };
}
