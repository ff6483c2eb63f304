// @vitest-environment-options {"url": "https://www.lumen.example/account"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, getToken, setToken } from '../../../src/lib/token';

/** The token1 cookie on an HTTPS page: Secure, cross-subdomain, still readable by the client. */
describe('token1 cookie on an HTTPS page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is written with Secure and the parent domain, and read back', () => {
    const written = vi.spyOn(document, 'cookie', 'set');
    setToken('tok-https');
    const line = written.mock.calls.map(([v]) => String(v)).find((v) => v.startsWith('token1='));
    expect(line).toBeDefined();
    expect(line).toMatch(/; Secure(;|$)/);
    expect(line).toContain('domain=.lumen.example');
    written.mockRestore();
    expect(document.cookie).toContain('token1=tok-https');
    expect(getToken()).toBe('tok-https');
  });

  it('is deleted with the same Secure attribute it was written with', () => {
    setToken('tok-2');
    const written = vi.spyOn(document, 'cookie', 'set');
    clearToken();
    const deletions = written.mock.calls.map(([v]) => String(v)).filter((v) => v.startsWith('token1=;'));
    expect(deletions.length).toBeGreaterThan(0);
    for (const d of deletions) expect(d).toMatch(/; Secure(;|$)/);
    written.mockRestore();
    expect(document.cookie).not.toContain('token1=tok-2');
  });
});
