import type { components } from '../../openapi/schema';
import type { Language } from '../../core/i18n/languages';
import type { QueryServices } from './query-services';
import { useQuery } from './use-query';

type Schemas = components['schemas'];

/** A keyed read, so the app can start it before any view asks (src/app/start-up.ts). */
export interface Read<T> {
  key: string;
  fetch(services: Pick<QueryServices, 'api' | 'cache'>): Promise<T>;
  /** Takes an answer given otherwise (a drawn page's data block) as if fetched. */
  adopt(services: Pick<QueryServices, 'cache'>, data: T): Promise<T>;
}

/** A read whose answer needs nothing more than to be kept. */
export const read = <T>(key: string, fetch: Read<T>['fetch']): Read<T> => ({ key, fetch, adopt: async (_, data) => data });

const useRead = <T>(read: Read<T>) => useQuery(read.key, read.fetch);

export const themeRead = read<Schemas['Theme']>('theme', ({ api }) => api.callData(api.client.GET('/api/site/theme/v1')));
export const useTheme = () => useRead(themeRead);

/** The validation rules are also kept in session storage (spec section 7, client caching). */
export const siteConfigRead: Read<Schemas['SiteConfig']> = {
  key: 'siteConfig',
  fetch: async (services) => siteConfigRead.adopt(services, await services.api.callData(services.api.client.GET('/api/site/get/config/v1'))),
  adopt: async ({ cache }, config) => {
    cache.setValidRules(config.validRules);
    return config;
  },
};
export const useSiteConfig = () => useRead(siteConfigRead);

/** What the running server says of itself: test money or real (`env`), the flow atlas (docs/decisions/035). */
export const userConfigRead = read<Schemas['UserConfig']>('userConfig', ({ api }) => api.callData(api.client.GET('/api/user/get/config/v1')));
export const useUserConfig = () => useRead(userConfigRead);

/** Whether Google sign-in is offered, and the client id it uses. */
export const googleClientRead = read<Schemas['GoogleClient']>('googleClient', ({ api }) => api.callData(api.client.GET('/api/user/google/client/v1')));

/** A read for a flow's step, shared with the views through the query cache. */
export const readShared = <T>(services: Pick<QueryServices, 'api' | 'cache' | 'queries'>, read: Read<T>) =>
  services.queries.read(read.key, () => read.fetch(services));

export const useContactUs = (language: Language) => useQuery(`contact:${language}`, ({ api }) => api.callData(api.client.GET('/api/site/contact-us/v1')));

/** Policy texts per language, cached for the browser session (spec section 7). */
export const usePolicy = (type: Schemas['PolicyType'], language: Language) =>
  useQuery(`policy:${type}:${language}`, async ({ api, cache }): Promise<Schemas['PolicyText']> => {
    const cached = cache.getPolicy(type, language);
    if (cached) return cached as Schemas['PolicyText'];
    const text = await api.callData(api.client.GET('/api/site/dynamic/config/v1', { params: { query: { type, code: 'user' } } }));
    cache.setPolicy(type, language, text);
    return text;
  });

export const plansRead = (language: Language) =>
  read<Schemas['Plan'][]>(`plans:${language}`, ({ api }) => api.callData(api.client.GET('/api/site/listPlans/v1', { params: { query: { language } } })));
export const usePlans = (language: Language) => useRead(plansRead(language));

/** The area-code picker's countries (spec section 7), cached for the browser session per language. */
export const useAreaCodes = (language: Language, enabled: boolean) =>
  useQuery(`areaCodes:${language}:${enabled}`, async ({ api, cache }): Promise<Schemas['PhoneAreaCode'][]> => {
    if (!enabled) return [];
    const cached = cache.getAreaCodes(language);
    if (cached) return cached as Schemas['PhoneAreaCode'][];
    const codes = await api.callData(api.client.GET('/api/site/contry/phone/areacode'));
    cache.setAreaCodes(language, codes);
    return codes;
  });

/** The promotional banners of one place (pricing, payment or account), in display order. */
export const bannersRead = (position: Schemas['BannerPosition'], language: Language) =>
  read<Schemas['Banner'][]>(`banners:${position}:${language}`, ({ api }) =>
    api.callData(api.client.GET('/api/site/banner/v1', { params: { query: { position, language } } })),
  );
export const useBanners = (position: Schemas['BannerPosition'], language: Language) => useRead(bannersRead(position, language));
