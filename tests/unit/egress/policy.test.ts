import net from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  checkedAddress,
  egressPolicy,
  egressTarget,
  isPublicAddress,
  parseAllowList,
  EgressRefused,
  type EgressPolicy,
} from '../../../server/src/egress/index.js';

/** A policy whose resolver answers from a table (and counts its calls); connect is never used here. */
function policyWith(answers: Record<string, string[]>, allow = ''): EgressPolicy {
  return {
    ...egressPolicy({ EGRESS_ALLOW: allow }),
    network: {
      resolve: async (h) => answers[h] ?? Promise.reject(new Error('ENOTFOUND')),
      connect: () => new net.Socket(),
    },
  };
}
const check = (p: EgressPolicy, url: string) => {
  const t = egressTarget(url);
  return checkedAddress(p, t.host, t.port);
};

describe('egress policy: addresses', () => {
  it('refuses every special-purpose range and accepts public addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '192.0.2.1',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:8.8.8.8',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      '2001::1',
      '2001:db8::1',
      '::127.0.0.1',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
    for (const ip of ['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001::200e'])
      expect(isPublicAddress(ip), ip).toBe(true);
    expect(isPublicAddress('localhost')).toBe(false);
  });

  it('normalises decimal, octal, hex, short IPv4 and IPv6 forms through WHATWG URL, and refuses them all', async () => {
    const p = policyWith({});
    for (const url of [
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://0x7f.1/',
      'http://127.1/',
      'http://0x7f000001/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
      'http://0/',
      'http://127.0.0.1./',
    ]) {
      expect(egressTarget(url).host, url).toMatch(
        /^(127\.0\.0\.1|::1|::ffff:7f00:1|169\.254\.169\.254|fd00:ec2::254|0\.0\.0\.0)$/,
      );
      await expect(check(p, url), url).rejects.toBeInstanceOf(EgressRefused);
    }
  });

  it('refuses names resolving inside, a name mixing a public and an inner answer, other schemes and ports', async () => {
    const p = policyWith({
      'public-site.test': ['93.184.216.34'],
      'inner.test': ['10.1.2.3'],
      'mixed.test': ['93.184.216.34', '127.0.0.1'],
      localhost: ['127.0.0.1', '::1'],
    });
    expect(await check(p, 'http://public-site.test/x')).toBe('93.184.216.34');
    expect(await check(p, 'https://public-site.test/x')).toBe('93.184.216.34');
    for (const url of [
      'http://inner.test/',
      'http://mixed.test/',
      'http://localhost:3000/dev/sms',
      'http://public-site.test:8080/',
      'http://public-site.test:22/',
      'http://nowhere.test/',
    ]) {
      await expect(check(p, url), url).rejects.toBeInstanceOf(EgressRefused);
    }
    for (const url of [
      'ftp://public-site.test/',
      'file:///etc/passwd',
      'gopher://public-site.test/',
      'http://user:pw@public-site.test/',
      'not a url',
    ]) {
      expect(() => egressTarget(url), url).toThrow(EgressRefused);
    }
    // The system resolver: localhost is loopback.
    await expect(check(egressPolicy({}), 'http://localhost/')).rejects.toBeInstanceOf(EgressRefused);
  });

  it('opens what EGRESS_ALLOW names, on the named port only', async () => {
    expect(() => parseAllowList('nonsense')).toThrow(/EGRESS_ALLOW/);
    const p = policyWith(
      { 'intranet.corp': ['10.9.9.9'], 'public-site.test': ['93.184.216.34'] },
      'intranet.corp:8443, 192.168.0.0/16:80, [fd12::/16]:*, public-site.test:8080',
    );
    expect(await check(p, 'https://intranet.corp:8443/')).toBe('10.9.9.9');
    await expect(check(p, 'https://intranet.corp/')).rejects.toBeInstanceOf(EgressRefused);
    expect(await check(p, 'http://192.168.3.4/')).toBe('192.168.3.4');
    await expect(check(p, 'http://192.168.3.4:81/')).rejects.toBeInstanceOf(EgressRefused);
    expect(await check(p, 'http://[fd12::1]:9999/')).toBe('fd12::1');
    expect(await check(p, 'http://public-site.test:8080/')).toBe('93.184.216.34');
    await expect(check(p, 'http://127.0.0.1/')).rejects.toBeInstanceOf(EgressRefused);
  });
});
