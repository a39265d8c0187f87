import { describe, expect, it, vi } from 'vitest';
import { createQueryCache } from '../queries/query-cache';
import { startFirstReads } from './start-up';
import type { AppServices } from './services';

/** Services whose client records what it is asked, answering every read with its path. */
function services() {
  const GET = vi.fn(async (path: string) => ({ data: { code: 0, data: path } }));
  const setValidRules = vi.fn();
  const api = { client: { GET }, callData: async (pending: Promise<{ data: { data: unknown } }>) => (await pending).data.data };
  return { services: { api, cache: { setValidRules }, queries: createQueryCache() } as unknown as AppServices, GET, setValidRules };
}

describe("the first screen's reads (src/app/start-up.ts)", () => {
  it('asks for the configuration, the theme, the plans and the banners of /pricing-table', async () => {
    const { services: s, GET } = services();
    const { all, keys } = startFirstReads(s, '/pricing-table', 'pt');
    await Promise.all(all);
    expect(keys).toEqual(['siteConfig', 'theme', 'plans:pt', 'banners:pricing:pt']);
    expect(GET.mock.calls.map(([path]) => path)).toEqual(['/api/site/get/config/v1', '/api/site/theme/v1', '/api/site/listPlans/v1', '/api/site/banner/v1']);
  });

  it('takes the reads a drawn page carries instead of asking again, as if fetched (docs/decisions/064)', async () => {
    const { services: s, GET, setValidRules } = services();
    const config = { validRules: { email: '.+' } };
    const drawn = { siteConfig: config, theme: { name: 'Aurora' }, 'plans:pt': [{ id: '1' }] };
    const { all } = startFirstReads(s, '/pricing-table', 'pt', drawn);
    await Promise.all(all);
    expect(GET.mock.calls.map(([path]) => path)).toEqual(['/api/site/banner/v1']);
    expect(s.queries.get('plans:pt')).toEqual({ status: 'success', data: [{ id: '1' }] });
    expect(s.queries.get('siteConfig')).toEqual({ status: 'success', data: config });
    expect(setValidRules).toHaveBeenCalledWith(config.validRules);
  });
});
