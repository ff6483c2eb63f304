import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useReducedMotion } from '../../hooks/use-reduced-motion';

/** Resolves once the page's own load is over, so the preview never competes with the poster and scripts. */
const pageLoaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

/**
 * A muted looping preview that shows its poster first and fetches the video (about 1 MB) only
 * when the player is in view after the page has loaded, or at once when the visitor points at
 * or touches it. Until then the element has no src and preload="none": no video bytes move. A visitor
 * who asked for reduced motion gets the first frame and the play button instead of a running loop.
 */
export function LazyVideo({
  src,
  poster,
  style,
  testId,
}: {
  src: string;
  poster?: string;
  style?: CSSProperties;
  testId?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const [active, setActive] = useState(false);
  const reduceMotion = useReducedMotion();

  useEffect(() => {
    const el = ref.current;
    if (!el || active) return;
    let cancelled = false;
    let observer: IntersectionObserver | undefined;
    void pageLoaded().then(() => {
      if (cancelled) return;
      if (typeof IntersectionObserver === 'undefined') return setActive(true);
      observer = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) setActive(true);
      });
      observer.observe(el);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
    };
  }, [active]);

  const wake = () => setActive(true);
  return (
    <video
      ref={ref}
      data-testid={testId}
      src={active ? src : undefined}
      poster={poster}
      preload={!active ? 'none' : reduceMotion ? 'metadata' : 'auto'}
      controls
      muted
      autoPlay={active && !reduceMotion}
      loop
      playsInline
      onPointerEnter={wake}
      onTouchStart={wake}
      onFocus={wake}
      style={style}
    />
  );
}
