import type { SiteRepository } from '../repositories/site-repository';
import { CodePolicy } from './codes';

/** What the site's configuration says about the account forms (spec sections 5 and 9). */
export function createSiteRules(site: Pick<SiteRepository, 'setting'>) {
  const ruleCache = new Map<string, RegExp | null>();
  const compiled = (rule: string | undefined) => {
    if (!rule) return null;
    if (!ruleCache.has(rule)) {
      try {
        ruleCache.set(rule, new RegExp(rule));
      } catch {
        ruleCache.set(rule, null);
      }
    }
    return ruleCache.get(rule) ?? null;
  };

  return {
    /** Spec section 5: the site's email and phone rules; without them, values are accepted. */
    async validRules() {
      try {
        const rules = (await site.setting('siteConfig')).validRules;
        return { email: compiled(rules?.email), phone: compiled(rules?.phone) };
      } catch {
        return { email: null, phone: null };
      }
    },

    /**
     * The countdown (spec section 9): userConfig's `caffeineRegionVerify` seconds, else 60. What the
     * server enforces (and answers as `resendAfter`) is never below 60 s, whatever the site says
     * (docs/decisions/006).
     */
    async countdownSeconds(): Promise<number> {
      let configured: number = CodePolicy.defaultCountdownSeconds;
      try {
        const s = (await site.setting('userConfig')).caffeineRegionVerify;
        if (typeof s === 'number' && Number.isFinite(s) && s >= 0) configured = Math.floor(s);
      } catch {
        // The default stands.
      }
      return Math.max(configured, CodePolicy.minCountdownSeconds);
    },
  };
}
export type SiteRules = ReturnType<typeof createSiteRules>;
