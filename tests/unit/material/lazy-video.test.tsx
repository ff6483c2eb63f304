import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LazyVideo } from '../../../src/components/material/LazyVideo';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** An IntersectionObserver whose callback the test fires by hand. */
function stubObserver() {
  const observed: { cb: IntersectionObserverCallback; el?: Element }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(cb: IntersectionObserverCallback) {
        observed.push({ cb });
      }
      observe(el: Element) {
        observed[observed.length - 1].el = el;
      }
      disconnect() {}
    },
  );
  return (visible: boolean) =>
    act(() => {
      for (const o of observed)
        o.cb([{ isIntersecting: visible, target: o.el! } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
}

/** The system's reduced-motion setting as matchMedia reports it. */
function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

const player = () => screen.getByTestId('detail-player') as HTMLVideoElement;

describe('LazyVideo: poster first, video on interaction or in view', () => {
  it('has no src and preload none until it is shown in view', async () => {
    const show = stubObserver();
    render(<LazyVideo testId="detail-player" src="/files/media-public/a.mp4" poster="/files/media-public/a.jpg" />);
    expect(player().getAttribute('src')).toBeNull();
    expect(player().getAttribute('poster')).toBe('/files/media-public/a.jpg');
    expect(player().getAttribute('preload')).toBe('none');
    await act(async () => undefined); // page load already complete in jsdom: observer attached
    show(false);
    expect(player().getAttribute('src')).toBeNull();
    show(true);
    expect(player().getAttribute('src')).toBe('/files/media-public/a.mp4');
    expect(player().getAttribute('preload')).toBe('auto');
  });

  it('loads at once when the visitor points at it', () => {
    stubObserver();
    render(<LazyVideo testId="detail-player" src="/files/media-public/b.mp4" />);
    expect(player().getAttribute('src')).toBeNull();
    fireEvent.pointerEnter(player());
    expect(player().getAttribute('src')).toBe('/files/media-public/b.mp4');
  });

  it('plays on its own once loaded, unless the visitor asked for reduced motion', async () => {
    const show = stubObserver();
    render(<LazyVideo testId="detail-player" src="/files/media-public/c.mp4" />);
    await act(async () => undefined);
    show(true);
    expect(player().autoplay).toBe(true);
    cleanup();

    reducedMotion(true);
    const again = stubObserver();
    render(<LazyVideo testId="detail-player" src="/files/media-public/c.mp4" />);
    await act(async () => undefined);
    again(true);
    expect(player().getAttribute('src')).toBe('/files/media-public/c.mp4');
    expect(player().autoplay).toBe(false);
    // The first frame and the duration, not the whole file.
    expect(player().getAttribute('preload')).toBe('metadata');
    expect(player().controls).toBe(true);
  });
});
