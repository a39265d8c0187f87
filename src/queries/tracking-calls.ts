import type { components } from '../../openapi/schema';
import type { Api } from '../../core/api/client';
import type { QueryCache } from './query-cache';
import { userConfigRead } from './site-queries';

type ReportEvent = components['schemas']['ReportEvent'];

/**
 * The page-load tracker's two calls (spec section 9; docs/decisions/022), on the raw typed client:
 * no toast and no session rule, as tracking must never be in a page's way. Either may reject; the
 * tracker (src/app/tracking.ts) swallows it.
 */
export function trackingCalls(api: Api, queries: QueryCache) {
  return {
    /**
     * One report; keepalive lets the "left" report of a closing tab still go out, and its low
     * priority lets the page's own requests go first (docs/decisions/064).
     */
    report: async (event: ReportEvent) => void (await api.client.POST('/api/site/report', { body: event, keepalive: true, priority: 'low' })),
    /**
     * The user config, whose point data every report carries (contract ReportEvent); undefined when
     * not answered. The page's own read of it is taken when it has one (a log-in's, a payment's).
     */
    userConfig: async () => {
      const known = queries.get<components['schemas']['UserConfig']>(userConfigRead.key);
      return known.status === 'success' ? known.data : (await api.client.GET('/api/user/get/config/v1')).data?.data;
    },
  };
}

export type TrackingCalls = ReturnType<typeof trackingCalls>;
