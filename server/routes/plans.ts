import { ApiRefusal } from '../errors';
import { defineHandlers } from '../openapi/bind';
import type { PlanRepository } from '../repositories/plan-repository';
import type { SiteRepository } from '../repositories/site-repository';
import type { ServerLanguage } from '../i18n';

/** 6001: the plan does not exist (the client sends the user to /404, spec section 8). */
const planNotFound = 6001;

export function planHandlers(plans: PlanRepository, site: SiteRepository) {
  const preference = async (wanted: ServerLanguage): Promise<ServerLanguage[]> => {
    const config = await site.setting('siteConfig');
    return [...new Set<ServerLanguage>([wanted, config.defaultLang, 'en'])];
  };

  return defineHandlers({
    async listPlans({ query, ctx }) {
      return plans.list(await preference(query?.language ?? ctx.lang), { currency: query?.currency, period: query?.period });
    },
    async getPlanDetail({ params, query, ctx }) {
      const plan = await plans.find(params.id, await preference(query?.language ?? ctx.lang));
      if (!plan) throw new ApiRefusal(planNotFound);
      return plan;
    },
  });
}
