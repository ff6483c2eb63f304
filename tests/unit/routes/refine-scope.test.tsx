import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useResource } from '@refinedev/core';

/** Shows how many Refine resources the page sees: 0 outside <Refine>, the resource table inside. */
function Probe({ name }: { name: string }) {
  const { resources } = useResource();
  return <div data-testid="probe">{`${name}:${resources.length}`}</div>;
}

// Real route tree, layouts and RefineScope; only the page modules are stand-ins.
vi.mock('../../../src/routes/pages', () => ({
  pages: {
    Home: async () => ({ default: () => <Probe name="Home" /> }),
    Search: async () => ({ default: () => <Probe name="Search" /> }),
    Cart: async () => ({ default: () => <Probe name="Cart" /> }),
  },
}));
// Header and footer need a real window (matchMedia); the tree under them is what is tested.
vi.mock('../../../src/layouts/MainHeader', () => ({ MainHeader: () => null }));
vi.mock('../../../src/layouts/MainFooter', () => ({ MainFooter: () => null }));

const { AppRoutes, SHELL_ROUTES } = await import('../../../src/routes/AppRoutes');
const { refineResources } = await import('../../../src/resources');

afterEach(cleanup);

const at = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <AppRoutes />
    </MemoryRouter>,
  );

describe('public pages render without Refine; the rest inside RefineScope', () => {
  it('home and search run outside Refine (its chunk is not part of their first load)', async () => {
    expect(SHELL_ROUTES.has('Home') && SHELL_ROUTES.has('Search') && SHELL_ROUTES.has('VideoDetail')).toBe(true);
    at('/');
    expect(await screen.findByTestId('probe')).toHaveTextContent('Home:0');
    cleanup();
    at('/search?keyword=x');
    expect(await screen.findByTestId('probe')).toHaveTextContent('Search:0');
  });

  it('a page that is not public gets Refine with every resource', async () => {
    expect(refineResources.length).toBeGreaterThan(0);
    at('/cart');
    expect(await screen.findByTestId('probe', {}, { timeout: 5000 })).toHaveTextContent(
      `Cart:${refineResources.length}`,
    );
  });
});
