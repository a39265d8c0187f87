import type { CachedReads } from '../openapi/bind';

/** Every table the cached answers below are built from (their triggers are in migration 013). */
export const catalogueTables = ['site_settings', 'languages', 'plans', 'plan_texts', 'plan_prices', 'plan_benefits'] as const;

/**
 * The public reads every page load makes, answered from memory until a row they come from changes
 * (docs/decisions/027). The theme and the site configuration are the same for everyone; the
 * pricing table varies with its language and filters, and a signed-in caller's has their own
 * prices, so theirs is never kept.
 */
export const cachedReads: CachedReads = {
  getTheme: { key: () => '', vary: [] },
  getSiteConfig: { key: () => '', vary: [] },
  listPlans: {
    key: ({ query, ctx }) => (ctx.token ? null : `${query?.language ?? ctx.lang} ${query?.currency ?? ''} ${query?.period ?? ''}`),
    vary: ['Language', 'Authorization'],
  },
};
