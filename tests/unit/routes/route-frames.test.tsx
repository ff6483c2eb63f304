import '../../helpers/antd-jsdom';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import RoutePlaceholder from '../../../src/components/RoutePlaceholder';
import { frameFor, frameSection, routeDescriptions, sectionFrames } from '../../../src/routes/route-frames';
import { routeTable } from '../../../src/routes/route-table';
import { pages } from '../../../src/routes/pages';

const route = (name: string) => routeTable.find((r) => r.name === name)!;
// Words that would turn the neutral frame into a "coming soon" page.
const PROMISE = /后续|即将|敬请期待|开发中|上线|开放/;

afterEach(cleanup);

describe('route frame data', () => {
  it('names only routes of the table, and each section links at least one page that exists', () => {
    const names = new Set(routeTable.map((r) => r.name));
    for (const name of Object.keys(routeDescriptions)) expect(names.has(name), name).toBe(true);
    for (const [section, frame] of Object.entries(sectionFrames)) {
      for (const n of frame.related) expect(names.has(n), `${section}: ${n}`).toBe(true);
      expect(frame.related.some((n) => n in pages), section).toBe(true);
    }
  });

  it('gives every route without a page a Chinese description that promises nothing', () => {
    for (const r of routeTable.filter((x) => !(x.name in pages))) {
      const { description } = frameFor(r);
      expect(description, r.name).toMatch(/[\u4e00-\u9fa5]/);
      expect(description, r.name).not.toMatch(PROMISE);
    }
    for (const f of Object.values(sectionFrames)) expect(f.description).not.toMatch(PROMISE);
  });

  it('sorts routes into sections by centre and by name', () => {
    expect(frameSection(route('Wallet'))).toBe('account');
    expect(frameSection(route('MyMonitor'))).toBe('cyprotect');
    expect(frameSection(route('TraceFlow'))).toBe('copyright');
    expect(frameSection(route('CertifyPlatform'))).toBe('copyright');
    expect(frameSection(route('Cooperation'))).toBe('community');
    expect(frameSection(route('Tool'))).toBe('site');
  });
});

describe('RoutePlaceholder', () => {
  const renderFrame = (name: string) =>
    render(
      <MemoryRouter>
        <RoutePlaceholder route={route(name)} />
      </MemoryRouter>,
    );

  it('shows a copyright frame with its description and links to the live copyright pages', () => {
    renderFrame('MyScreen');
    expect(screen.getAllByText('录屏取证').length).toBeGreaterThan(0);
    expect(screen.getByText(routeDescriptions.MyScreen)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '我的存证' })).toHaveAttribute('href', '/cyprotect/mydeposit');
    expect(screen.getByRole('link', { name: '版权登记' })).toHaveAttribute('href', '/cyprotect/myregister');
    expect(screen.getByRole('link', { name: 'DCI登记' })).toHaveAttribute('href', '/cyprotect/mydciregister');
    expect(document.body.textContent).not.toMatch(PROMISE);
  });

  it('shows an account frame linking orders, licences, collections, coupons and invoices', () => {
    renderFrame('Wallet');
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/account/order', '/account/myauth', '/account/collect', '/account/coupon', '/account/ticket']);
  });

  it('does not link a frame to itself', () => {
    renderFrame('MyDeposit');
    expect(screen.queryByRole('link', { name: '我的存证' })).toBeNull();
  });
});
