import { useCallback, useEffect, useRef, useState } from 'react';
import { MSG_SEND_FAILED, SEND_FAILED_HOLD_MS, SMS_COUNTDOWN_S } from './constants';

/**
 * SMS button state (spec §4): idle '获取验证码' -> counting '{n}s后重新获取' (disabled) -> idle.
 * send() starts counting at once; if the send fails the button shows '请重新获取验证码' for 2 s
 * and the countdown is reset.
 */
export function useSmsCountdown(seconds = SMS_COUNTDOWN_S) {
  const [left, setLeft] = useState(0);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const failTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);
  useEffect(
    () => () => {
      stop();
      if (failTimer.current) clearTimeout(failTimer.current);
    },
    [stop],
  );

  const send = useCallback(
    async (doSend: () => Promise<unknown>): Promise<boolean> => {
      if (timer.current || failed) return false;
      setLeft(seconds);
      timer.current = setInterval(() => {
        setLeft((n) => {
          if (n <= 1) stop();
          return Math.max(0, n - 1);
        });
      }, 1000);
      try {
        await doSend();
        return true;
      } catch (e) {
        stop();
        setLeft(0);
        setFailed(true);
        failTimer.current = setTimeout(() => setFailed(false), SEND_FAILED_HOLD_MS);
        throw e;
      }
    },
    [failed, seconds, stop],
  );

  const label = failed ? MSG_SEND_FAILED : left > 0 ? `${left}s后重新获取` : '获取验证码';
  return { left, counting: left > 0, failed, disabled: left > 0 || failed, label, send };
}
