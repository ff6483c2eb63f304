import { describe, expect, it, vi } from 'vitest';
import { parentDomain, setCookie } from '../../../src/lib/cookies';

describe('parentDomain', () => {
  it.each([
    ['www.lumen.example', '.lumen.example'],
    ['a.b.example.com', '.example.com'],
    ['example.com', '.example.com'],
    ['WWW.Example.COM.', '.example.com'],
    ['www.x.com.cn', '.x.com.cn'],
    ['x.com.cn', '.x.com.cn'],
    ['a.b.x.net.cn', '.x.net.cn'],
    ['www.x.org.cn', '.x.org.cn'],
    ['www.x.gov.cn', '.x.gov.cn'],
    ['www.x.edu.cn', '.x.edu.cn'],
    ['shop.x.co.uk', '.x.co.uk'],
    ['www.x.com.hk', '.x.com.hk'],
    ['www.lumen.cn', '.lumen.cn'],
    ['m.lumen.com', '.lumen.com'],
  ])('%s -> %s', (host, domain) => {
    expect(parentDomain(host, undefined)).toBe(domain);
  });

  it.each([
    ['localhost'],
    ['app.localhost'],
    ['127.0.0.1'],
    ['192.168.1.20'],
    ['::1'],
    ['[::1]'],
    ['fe80::1'],
    ['intranet'],
    ['com.cn'],
    ['co.uk'],
    [''],
  ])('%s -> no domain attribute (host-only cookie)', (host) => {
    expect(parentDomain(host, undefined)).toBeUndefined();
  });

  it('VITE_COOKIE_DOMAIN overrides on hosts inside it, and is ignored elsewhere', () => {
    expect(parentDomain('www.shop.example.com.sg', 'shop.example.com.sg')).toBe('.shop.example.com.sg');
    expect(parentDomain('a.b.lumen.example', '.b.lumen.example')).toBe('.b.lumen.example');
    expect(parentDomain('b.lumen.example', '.b.lumen.example')).toBe('.b.lumen.example');
    expect(parentDomain('localhost', '.lumen.example')).toBeUndefined();
    expect(parentDomain('www.other.com.cn', '.lumen.example')).toBe('.other.com.cn');
    expect(parentDomain('evillumen.example', 'lumen.example')).toBe('.evillumen.example');
  });

  it('on localhost (jsdom) the cookie is set without a domain and can be read back', () => {
    setCookie('probe', 'v 1', 60);
    expect(document.cookie).toContain('probe=v%201');
  });
});

describe('setCookie on an HTTP page', () => {
  it('leaves Secure off, which an HTTP page could not set (local development)', () => {
    const written = vi.spyOn(document, 'cookie', 'set');
    setCookie('plain', 'v', 60);
    expect(String(written.mock.calls[0][0])).not.toContain('Secure');
    written.mockRestore();
    expect(document.cookie).toContain('plain=v');
  });
});
