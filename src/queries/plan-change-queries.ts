import { useQuery } from './use-query';

/**
 * The plan change waiting for the next renewal (docs/decisions/056), under the account's key so
 * `invalidateAccount` forgets it with the rest; null when none waits.
 */
export const useScheduledPlanChange = (uid: string, language: string) =>
  useQuery(`account:${uid}:planChange:${language}`, ({ api }) => api.callData(api.client.POST('/api/bill/planChange/scheduled/v1', { body: {} })));
