import { describe, expect, it } from 'vitest';
import { plainPathFromHash, rewriteHashUrl } from '../../../src/lib/hash-url';

describe('hash address rewrite', () => {
  it('turns hash-router paths into plain paths', () => {
    expect(plainPathFromHash('#/video/detail/3')).toBe('/video/detail/3');
    expect(plainPathFromHash('#/search?keyword=a')).toBe('/search?keyword=a');
    expect(plainPathFromHash('#section')).toBeNull();
    expect(plainPathFromHash('')).toBeNull();
  });

  it('replaces the current history entry', () => {
    window.history.replaceState(null, '', '/#/video/detail/3');
    const length = window.history.length;
    expect(rewriteHashUrl()).toBe('/video/detail/3');
    expect(window.location.pathname).toBe('/video/detail/3');
    expect(window.location.hash).toBe('');
    expect(window.history.length).toBe(length);
    expect(rewriteHashUrl()).toBeNull();
  });
});
