import { ApiRefusal } from '../errors';
import { defineHandlers, type RequestContext } from '../openapi/bind';
import type { SiteRepository } from '../repositories/site-repository';
import type { Language } from '../../core/i18n/languages';

/** -3036 "Configuration information error": the operator removed something the portal needs. */
const configurationError = -3036;

/** What the process's configuration adds to the stored user config (docs/decisions/035). */
export interface SiteSwitches {
  /** `sandbox` while the sandbox providers take test money, so every payment screen says so. */
  env: 'sandbox' | 'production';
  /** Whether the flow atlas (/flows) is shown. */
  flowAtlas: boolean;
}

export function siteHandlers(site: SiteRepository, switches: SiteSwitches) {
  // The request's language, then the site's default, then English: a text in some language
  // beats an error page.
  async function languagePreference(ctx: RequestContext, wanted?: Language): Promise<Language[]> {
    const config = await site.setting('siteConfig');
    return [...new Set<Language>([wanted ?? ctx.lang, config.defaultLang, 'en'])];
  }

  return defineHandlers({
    getTheme: () => site.theme(),
    getSiteConfig: () => site.setting('siteConfig'),
    // The stored `env` is what the operator wrote; whether money is real is the process's own
    // configuration, so that is what the browser is told.
    getUserConfig: async () => ({ ...(await site.setting('userConfig')), ...switches }),

    async getI18nVersion() {
      const [version, langs] = await Promise.all([site.i18nVersion(), site.enabledLanguages()]);
      return { version, langs };
    },

    async getI18nMessages({ query }) {
      const [version, messages] = await Promise.all([site.i18nVersion(), site.messages(query.language)]);
      return { language: query.language, version, messages };
    },

    async getLangAddress({ query, ctx }) {
      const lang = query?.language ?? ctx.lang;
      const config = await site.setting('siteConfig');
      return {
        path: `/api/site/i18n/message?language=${lang}`,
        functionPath: { imgConfig: config.imgConf, webConfig: config.webConf },
      };
    },

    async getDynamicConfig({ query, ctx }) {
      const text = await site.policy(query.type, await languagePreference(ctx));
      if (!text) throw new ApiRefusal(configurationError);
      return {
        type: text.type,
        language: text.lang,
        title: text.title,
        content: text.content,
        updatedAt: new Date(text.updated_at).getTime(),
      };
    },

    async getContactUs({ ctx }) {
      const contact = await site.setting('contact');
      return {
        email: contact.email,
        phone: contact.phone,
        hours: contact.hours[ctx.lang] ?? contact.hours.en,
        ...(contact.chatUrl ? { chatUrl: contact.chatUrl } : {}),
      };
    },
  });
}
