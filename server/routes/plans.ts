import { withAccountPrices } from '../billing/prices';
import { ApiRefusal } from '../errors';
import { defineHandlers, type RequestContext } from '../openapi/bind';
import type { Language } from '../../core/i18n/languages';
import { textLanguages } from '../repositories/site-repository';
import type { ServerServices } from '../services';

/** 6001: the plan does not exist (the client sends the user to /404, spec section 8). */
const planNotFound = 6001;

/**
 * A signed-in caller sees its own prices (docs/decisions/008). A token that is
 * missing, stale or unknown gets the list prices: the pricing table is the landing page, and a
 * stale session must not break it (the calls that need the session refuse it themselves).
 */
export function planHandlers({ plans, site, db, sessions }: Pick<ServerServices, 'plans' | 'site' | 'db' | 'sessions'>) {
  const preference = (wanted: Language) => textLanguages(site, wanted);
  const signedInUid = async (ctx: RequestContext): Promise<number | null> => {
    if (!ctx.token) return null;
    return sessions.authenticate(ctx).then(
      (s) => s.accountUid,
      (error: unknown) => {
        if (error instanceof ApiRefusal) return null;
        throw error;
      },
    );
  };
  const priced = async <T extends Parameters<typeof withAccountPrices>[2]>(ctx: RequestContext, list: T): Promise<T> => {
    const uid = await signedInUid(ctx);
    return uid === null ? list : ((await withAccountPrices(db, uid, list)) as T);
  };

  return defineHandlers({
    async listPlans({ query, ctx }) {
      return priced(ctx, await plans.list(await preference(query?.language ?? ctx.lang), { currency: query?.currency, period: query?.period }));
    },
    async getPlanDetail({ params, query, ctx }) {
      const plan = await plans.find(params.id, await preference(query?.language ?? ctx.lang));
      if (!plan) throw new ApiRefusal(planNotFound);
      const [mine] = await priced(ctx, [plan]);
      return mine ?? plan;
    },
  });
}
