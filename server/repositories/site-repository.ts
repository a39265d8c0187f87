import { createHash } from 'node:crypto';
import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';
import type { Language } from '../../core/i18n/languages';

type Schemas = components['schemas'];

export interface ContactSetting {
  email: string;
  phone: string;
  chatUrl?: string;
  hours: Record<Language, string>;
}

interface SettingTypes {
  siteConfig: Schemas['SiteConfig'];
  theme: Schemas['Theme'];
  userConfig: Schemas['UserConfig'];
  contact: ContactSetting;
}

export class MissingSettingError extends Error {}

/**
 * The languages a text is looked for in, in order: the one asked for, the site's default, then
 * English (spec section 9): a plan or a price named in one of them is never shown nameless.
 */
export async function textLanguages(site: Pick<SiteRepository, 'setting'>, wanted: Language): Promise<Language[]> {
  const config = await site.setting('siteConfig');
  return [...new Set<Language>([wanted, config.defaultLang, 'en'])];
}

export function createSiteRepository(db: Queryable, bundled: Record<Language, Record<string, string>>) {
  async function setting<K extends keyof SettingTypes>(key: K): Promise<SettingTypes[K]> {
    const rows = await db.query<{ value: SettingTypes[K] }>('SELECT value FROM site_settings WHERE key = $1', [key]);
    const row = rows[0];
    if (!row) throw new MissingSettingError(key);
    return row.value;
  }

  async function enabledLanguages(): Promise<Language[]> {
    const rows = await db.query<{ code: Language }>('SELECT code FROM languages WHERE enabled ORDER BY sort_order, code');
    return rows.map((r) => r.code);
  }

  async function overrides(lang?: Language) {
    return db.query<{ lang: Language; message_id: string; text: string }>(
      `SELECT lang, message_id, text FROM i18n_overrides ${lang ? 'WHERE lang = $1' : ''} ORDER BY lang, message_id`,
      lang ? [lang] : [],
    );
  }

  return {
    setting,
    enabledLanguages,

    /** The site's default language (siteConfig.defaultLang), null when the site names none. */
    async defaultLanguage(): Promise<Language | null> {
      const [site] = await db.query<{ lang: Language | null }>("SELECT value->>'defaultLang' AS lang FROM site_settings WHERE key = 'siteConfig'");
      return site?.lang ?? null;
    },

    /** The brand's name and colour as the theme sets them, for documents (the receipt). */
    async brand(): Promise<{ name: string | null; color: string | null } | undefined> {
      const [theme] = await db.query<{ name: string | null; color: string | null }>(
        "SELECT value->>'name' AS name, value->>'themeColor' AS color FROM site_settings WHERE key = 'theme'",
      );
      return theme;
    },

    /** The theme's languages are the enabled ones, so disabling a language hides it everywhere. */
    async theme(): Promise<Schemas['Theme']> {
      const [theme, langs] = await Promise.all([setting('theme'), enabledLanguages()]);
      return { ...theme, langs };
    },

    /** Changes whenever a bundled file or an override changes, so clients can cache by it. */
    async i18nVersion(): Promise<string> {
      const hash = createHash('sha256').update(JSON.stringify(bundled));
      for (const o of await overrides()) hash.update(`${o.lang}\u0000${o.message_id}\u0000${o.text}\u0000`);
      return hash.digest('base64url').slice(0, 16);
    },

    async messages(lang: Language): Promise<Record<string, string>> {
      const merged = { ...bundled[lang] };
      for (const o of await overrides(lang)) merged[o.message_id] = o.text;
      return merged;
    },

    async policy(type: Schemas['PolicyType'], langs: Language[]) {
      const rows = await db.query<{ type: Schemas['PolicyType']; lang: Language; title: string; content: string; updated_at: Date }>(
        'SELECT type, lang, title, content, updated_at FROM policy_texts WHERE type = $1 AND lang = ANY($2::text[])',
        [type, langs],
      );
      // The first language of the preference list that has the text wins.
      return langs.map((l) => rows.find((r) => r.lang === l)).find((r) => r !== undefined);
    },
  };
}
export type SiteRepository = ReturnType<typeof createSiteRepository>;
