import type { Language } from '../../core/i18n/languages';
import { useQuery } from './use-query';

/**
 * One plan's details (spec section 7, GET /api/site/plan/detail/{id}), in the user's language: the
 * key holds the language, so switching it fetches the plan's texts again. An unknown plan is 6001,
 * which the client answers by going to /404 (spec section 8).
 */
export const usePlanDetail = (id: string, language: Language) =>
  useQuery(`planDetail:${id}:${language}`, ({ api }) =>
    api.callData(api.client.GET('/api/site/plan/detail/{id}', { params: { path: { id }, query: { language } } })),
  );
