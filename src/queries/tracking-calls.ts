import type { components } from '../../openapi/schema';
import type { Api } from '../../core/api/client';

type ReportEvent = components['schemas']['ReportEvent'];

/**
 * The page-load tracker's two calls (spec section 9; docs/decisions/022), on the raw typed client:
 * no toast and no session rule, as tracking must never be in a page's way. Either may reject; the
 * tracker (src/app/tracking.ts) swallows it.
 */
export function trackingCalls(api: Api) {
  return {
    /** One report; keepalive lets the "left" report of a closing tab still go out. */
    report: async (event: ReportEvent) => void (await api.client.POST('/api/site/report', { body: event, keepalive: true })),
    /** The user config, whose point data every report carries (contract ReportEvent); undefined when not answered. */
    userConfig: async () => (await api.client.GET('/api/user/get/config/v1')).data?.data,
  };
}

export type TrackingCalls = ReturnType<typeof trackingCalls>;
