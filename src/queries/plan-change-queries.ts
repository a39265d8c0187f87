import type { Api } from '../../core/api/client';
import { useQuery } from './use-query';

/**
 * The plan change waiting for the next renewal (docs/decisions/056), or null when none waits: the
 * server answers `data: null` then, which is an answer, not a fault (no "System internal error").
 */
export const fetchScheduledPlanChange = async (api: Api) => (await api.call(api.client.POST('/api/bill/planChange/scheduled/v1', { body: {} }))) ?? null;

/** `fetchScheduledPlanChange` under the account's key, so `invalidateAccount` forgets it with the rest. */
export const useScheduledPlanChange = (uid: string, language: string) =>
  useQuery(`account:${uid}:planChange:${language}`, ({ api }) => fetchScheduledPlanChange(api));
