// Client caching (spec section 7): session storage holds the country and phone codes, the policy
// texts per language and the email and phone validation rules, so a tab fetches each once.
//
// Entries are JSON read through zod: a missing, corrupt or wrongly shaped entry reads as `null`
// (a cache miss), never as an exception.

import { z } from 'zod/mini';
import type { Language } from '../i18n/languages';
import { langSchema } from './store';

/**
 * One country of the area-code picker, as GET /api/site/contry/phone/areacode is being described
 * (PhoneAreaCode): only `name` and `areaCode` are required here, so a drift in the rest of the
 * contract costs a cache miss at worst.
 */
export const areaCodeSchema = z.object({
  /** ISO 3166-1 alpha-2 code, e.g. "BR". */
  country: z.optional(z.string()),
  /** The country's name, in the language it was fetched in. */
  name: z.string(),
  /** The dialling code's digits, e.g. "55". */
  areaCode: z.string(),
  /** Fewest and most digits of a number without the area code. */
  minLength: z.optional(z.number()),
  maxLength: z.optional(z.number()),
});
export type AreaCode = z.infer<typeof areaCodeSchema>;
export const areaCodesSchema = z.array(areaCodeSchema);

export const policyTypeSchema = z.enum(['privacy', 'terms', 'upgrade']);
export type PolicyType = z.infer<typeof policyTypeSchema>;

/** The contract's PolicyText. */
export const policyTextSchema = z.object({
  type: policyTypeSchema,
  language: langSchema,
  title: z.string(),
  content: z.string(),
  updatedAt: z.number(),
});
export type PolicyText = z.infer<typeof policyTextSchema>;

/** The regex sources of the site configuration's validRules. */
export const validRulesSchema = z.object({
  email: z.string(),
  phone: z.string(),
});
export type ValidRules = z.infer<typeof validRulesSchema>;

export const cacheKeys = {
  areaCodes: (language: Language) => `cache:areaCodes:${language}`,
  policy: (type: PolicyType, language: Language) => `cache:policy:${type}:${language}`,
  validRules: () => 'cache:validRules',
} as const;

export interface SessionCache {
  getAreaCodes(language: Language): AreaCode[] | null;
  setAreaCodes(language: Language, codes: AreaCode[]): void;
  getPolicy(type: PolicyType, language: Language): PolicyText | null;
  setPolicy(type: PolicyType, language: Language, text: PolicyText): void;
  getValidRules(): ValidRules | null;
  setValidRules(rules: ValidRules): void;
  /** Drops every entry this cache wrote. */
  clear(): void;
}

function read<S extends z.ZodMiniType>(storage: Storage, name: string, schema: S): z.output<S> | null {
  let raw: string | null;
  try {
    raw = storage.getItem(name);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Writes an entry after checking it. A cache is an optimisation: a value that fails its schema or a
 * full storage (quota) is simply not cached.
 */
function write<S extends z.ZodMiniType>(storage: Storage, name: string, schema: S, value: unknown): void {
  const parsed = schema.safeParse(value);
  if (!parsed.success) return;
  try {
    storage.setItem(name, JSON.stringify(parsed.data));
  } catch {
    // Quota exceeded or storage unavailable: the next read is a miss.
  }
}

export function createSessionCache(storage: Storage): SessionCache {
  return {
    getAreaCodes: (language) => read(storage, cacheKeys.areaCodes(language), areaCodesSchema),
    setAreaCodes: (language, codes) => write(storage, cacheKeys.areaCodes(language), areaCodesSchema, codes),
    getPolicy: (type, language) => {
      const text = read(storage, cacheKeys.policy(type, language), policyTextSchema);
      // An entry stored under the wrong key is not the text asked for.
      return text && text.type === type && text.language === language ? text : null;
    },
    setPolicy: (type, language, text) => write(storage, cacheKeys.policy(type, language), policyTextSchema, text),
    getValidRules: () => read(storage, cacheKeys.validRules(), validRulesSchema),
    setValidRules: (rules) => write(storage, cacheKeys.validRules(), validRulesSchema, rules),
    clear: () => {
      const names: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const name = storage.key(i);
        if (name !== null && name.startsWith('cache:')) names.push(name);
      }
      for (const name of names) storage.removeItem(name);
    },
  };
}
