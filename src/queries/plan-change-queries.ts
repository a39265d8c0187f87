import type { Api } from '../../core/api/client';
import { useQuery } from './use-query';

/**
 * The plan change waiting for the next renewal (docs/decisions/056), or null when none waits: the
 * server then answers `data: null`, so this is a `call` (`callData` takes an absent `data` for a
 * broken answer, and says so in a toast).
 */
export const fetchScheduledPlanChange = async (api: Api) => (await api.call(api.client.POST('/api/bill/planChange/scheduled/v1', { body: {} }))) ?? null;

/** The waiting plan change, under the account's key so `invalidateAccount` forgets it with the rest. */
export const useScheduledPlanChange = (uid: string, language: string) =>
  useQuery(`account:${uid}:planChange:${language}`, ({ api }) => fetchScheduledPlanChange(api));
