/** antd's responsive components need matchMedia, which jsdom lacks. Import first in antd tests. */
export function polyfillMatchMedia() {
  if (typeof window === 'undefined' || typeof window.matchMedia === 'function') return;
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
polyfillMatchMedia();
