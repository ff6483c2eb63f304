import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import HomePage from '../../../src/mobile/pages/HomePage';
import { MOBILE_HOME_EARLY_REQUESTS } from '../../../src/mobile/early-requests';
import { earlyUrl } from '../../../src/dataProvider/early';
import { fakeApi } from '../../helpers/fake-api';

const api = fakeApi();
const urls = MOBILE_HOME_EARLY_REQUESTS.map((r) => earlyUrl(r.path, r.params));

describe('mobile home early requests', () => {
  it('are exactly the API calls the mobile home makes on its first render', async () => {
    api.get.mockImplementation(async (url: string) => (url.includes('hot-keywords') ? ['风景'] : []));
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    await screen.findByText('风景');
    await waitFor(() => expect(api.requests.length).toBe(urls.length));
    expect(api.requests.map((r) => earlyUrl(r.url, r.params)).sort()).toEqual([...urls].sort());
  });
});
