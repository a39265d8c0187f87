import { PixAutomaticoCode } from '../../machines/pix-automatico/pix-automatico.types';
import { useQuery } from './use-query';

/**
 * Whether the account's plan renews by PIX Automático (an authorisation the bank approved,
 * docs/decisions/060): the auto-renewal panel then says so instead of "off". Under the account's
 * key, so `invalidateAccount` reads it again when the authorisation changes; no authorisation
 * (8603) is an answer.
 */
export const useRenewsByPixAutomatico = (uid: string) =>
  useQuery(`account:${uid}:pixAutomatico`, async ({ api }) => {
    try {
      const info = await api.callData(api.client.POST('/api/job/pixAutomatico/v1', { body: {} }), { expect: [PixAutomaticoCode.none] });
      return info.status === 'APROVADA';
    } catch (error) {
      if ((error as { errCode?: number }).errCode === PixAutomaticoCode.none) return false;
      throw error;
    }
  });
