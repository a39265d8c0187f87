// @vitest-environment jsdom
// The banners keep their place while the list loads (the page under them must not jump when it
// arrives), and only the first one, at the top of the page, is fetched at once (docs/decisions/028).
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { createQueryCache } from '../queries/query-cache';
import { ServicesProvider } from '../queries/services-provider';
import { Banners } from './banners';

type Banner = components['schemas']['Banner'];

afterEach(() => cleanup());

const banner = (id: string, sort: number): Banner => ({
  id,
  title: `Offer ${id}`,
  imageUrl: `/b/${id}.svg`,
  mobileImageUrl: `/b/${id}-m.svg`,
  linkUrl: '/pricing-table',
  position: 'pricing',
  sort,
});

function renderBanners(list: Promise<Banner[]>) {
  const api = { client: { GET: () => list }, callData: (answer: Promise<Banner[]>) => answer };
  // A view's test may not name the queries layer's client type (eslint.config.js): the fake is cast.
  const services = { api, queries: createQueryCache() } as never;
  return render(
    <ServicesProvider services={services}>
      <IntlProvider locale="pt" messages={{}}>
        <MemoryRouter>
          <Banners position="pricing" />
        </MemoryRouter>
      </IntlProvider>
    </ServicesProvider>,
  );
}

describe('Banners', () => {
  it('holds a frame, hidden from assistive technology, while the list loads', () => {
    const { container } = renderBanners(new Promise(() => {}));
    expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryAllByRole('presentation')).toEqual([]);
  });

  it('fetches the first banner at once with a high priority and has its paint reported, and the others when they come near', async () => {
    renderBanners(Promise.resolve([banner('1', 1), banner('2', 2)]));
    expect(await screen.findByRole('link', { name: 'Offer 1' })).toBeTruthy();
    const [first, second] = screen.getAllByRole('presentation');
    expect(first?.getAttribute('fetchpriority')).toBe('high');
    expect(first?.getAttribute('elementtiming')).toBe('banner');
    expect(first?.hasAttribute('loading')).toBe(false);
    expect(second?.getAttribute('loading')).toBe('lazy');
    expect(second?.hasAttribute('elementtiming')).toBe(false);
  });

  it('shows nothing, not even the frame, when there are none', async () => {
    const { container } = renderBanners(Promise.resolve([]));
    await waitFor(() => expect(container.childElementCount).toBe(0));
  });
});
