import { describe, expect, it } from 'vitest';
import { isMobileUA, isWeChatUA, mobileUrlFor } from '../../../src/lib/mobile';
import { MOBILE_EXCLUDED, mobileMap } from '../../../src/routes/mobile-map';
import { routeTable } from '../../../src/routes/route-table';

const M = 'https://m.test';
const url = (name: string | null, params: Record<string, string> = {}, search = '') =>
  mobileUrlFor(name, params, search, M);

// One expectation per table row: [route name, params, query, expected mobile URL].
const rows: Array<[string, Record<string, string>, string, string]> = [
  ['AlbumList', { type: '11' }, '', `${M}/album/list/11`],
  ['AlbumDetail', { id: '5' }, '', `${M}/album/detail/5`],
  ['VideoDetail', { id: '3' }, '?from=home', `${M}/video/detail/3`],
  [
    'Search',
    {},
    '?keyword=%E6%98%A5%E8%8A%82&categoryId=7&page=2',
    `${M}/search?keyword=%E6%98%A5%E8%8A%82&categoryId=7`,
  ],
  ['Material', { cid: '7' }, '?page=2', `${M}/search?categoryId=7`],
  ['Cart', {}, '', `${M}/cart`],
  ['Collect', {}, '', `${M}/collect`],
  ['CollectDetail', { id: '9' }, '', `${M}/collect/detail/9`],
  ['PersonalCollect', { id: '4' }, '', `${M}/collect/share/4`],
  ['AccountOrder', {}, '', `${M}/orders`],
  ['Invited', {}, '?inviteId=u88', `${M}/invited?inviteId=u88`],
  ['Copyright', {}, '', `${M}/copyright`],
  ['CopyrightProtection', {}, '', `${M}/copyright/protection`],
  ['CopyrightPlan', {}, '', `${M}/copyright/plan`],
  ['CopyrightDeposit', {}, '', `${M}/copyright/deposit`],
  ['CopyrightCheckin', {}, '', `${M}/copyright/checkin`],
  ['CopyrightCheckinDci', {}, '', `${M}/copyright/checkin/dci`],
  ['CopyrightMonitor', { type: 'video' }, '', `${M}/copyright/monitor/video`],
  ['CopyrightVerify', {}, '', `${M}/copyright/verify`],
  ['CopyrightJustice', { type: '2' }, '', `${M}/copyright/justice/2`],
  ['WebEvidence', {}, '', `${M}/copyright/web-evidence`],
  ['TraceCreative', {}, '', `${M}/trace/creative-protection`],
  ['TraceFlow', {}, '', `${M}/trace/flow-protection`],
  ['TraceSolid', {}, '', `${M}/trace/solid-evidence`],
  ['TraceCert', {}, '?no=TR2026112500000001-ABCDEF', `${M}/trace/cert?no=TR2026112500000001-ABCDEF`],
];

describe('mobile map', () => {
  it('has a test row for every table row', () => {
    expect(rows.map((r) => r[0]).sort()).toEqual(Object.keys(mobileMap).sort());
  });

  it.each(rows)('%s -> mobile page', (name, params, search, expected) => {
    expect(url(name, params, search)).toBe(expected);
  });

  it('only maps names that exist in the route table', () => {
    const names = new Set(routeTable.map((r) => r.name));
    for (const name of [...Object.keys(mobileMap), ...MOBILE_EXCLUDED]) expect(names.has(name), name).toBe(true);
  });

  it.each([...MOBILE_EXCLUDED])('never redirects the excluded route %s', (name) => {
    expect(url(name, { id: '1' }, '?inviteId=u1')).toBeNull();
  });

  it('sends other routes to the mobile home carrying inviteId', () => {
    expect(url('Home', {}, '?inviteId=u42&x=1')).toBe(`${M}/?inviteId=u42`);
    expect(url('Wallet')).toBe(`${M}/`);
    expect(url(null, {}, '?inviteId=z')).toBe(`${M}/?inviteId=z`);
  });

  it('with the built-in site (/m), sends every mapped route to its page there', () => {
    expect(mobileUrlFor('VideoDetail', { id: '3' }, '', '/m')).toBe('/m/video/detail/3');
    expect(mobileUrlFor('Material', { cid: '7' }, '', '/m')).toBe('/m/search?categoryId=7');
    expect(mobileUrlFor('AccountOrder', {}, '', '/m/')).toBe('/m/orders');
    expect(mobileUrlFor('Home', {}, '?inviteId=u1', '/m')).toBe('/m/?inviteId=u1');
    expect(mobileUrlFor('CollectDetail', { id: '9' }, '', '/m')).toBe('/m/collect/detail/9');
    expect(mobileUrlFor('TraceCert', {}, '?no=TR2026112500000001-ABCDEF', '/m')).toBe(
      '/m/trace/cert?no=TR2026112500000001-ABCDEF',
    );
    expect(mobileUrlFor('CopyrightMonitor', {}, '', '/m')).toBe('/m/copyright/monitor');
  });

  it('escapes params and trims a trailing slash of the base', () => {
    expect(mobileUrlFor('AlbumDetail', { id: 'a/b' }, '', 'https://m.test/')).toBe('https://m.test/album/detail/a%2Fb');
  });
});

describe('mobile user-agent detection', () => {
  it.each([
    [
      'iPhone Safari',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    ],
    [
      'Android Chrome',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
    ],
    [
      'WeChat on Android',
      'Mozilla/5.0 (Linux; Android 13; V2148A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47',
    ],
    ['Windows Phone', 'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1) AppleWebKit/537.36 Edge/15.15063'],
  ])('%s is mobile', (_n, ua) => expect(isMobileUA(ua)).toBe(true));

  it.each([
    [
      'desktop Chrome',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    ],
    [
      'desktop Safari',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
    ],
    [
      'Android tablet',
      'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
    ],
  ])('%s is not mobile', (_n, ua) => expect(isMobileUA(ua)).toBe(false));

  it('recognises the WeChat in-app browser', () => {
    expect(
      isWeChatUA('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 MicroMessenger/8.0.47'),
    ).toBe(true);
    expect(isWeChatUA('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1')).toBe(
      false,
    );
  });
});
