import type { components } from '../../openapi/schema';
import type { Language } from '../../core/i18n/languages';
import { lockAccount } from '../repositories/account-repository';
import { quotePlanChange, scheduleChange, scheduledChange, undoChange, type ScheduledChange } from '../billing/plan-change';
import { valuate } from '../billing/pricing';
import { openUpgrade } from '../billing/upgrades';
import { defineHandlers } from '../openapi/bind';
import type { ServerServices } from '../services';

type Schemas = components['schemas'];

/**
 * Changing plan from the account page (docs/decisions/056): the quote the customer reads, the
 * change itself (an upgrade order paid on /payment, or a change scheduled for the renewal), the
 * waiting change and undoing it. The rules live in server/billing/plan-change.ts.
 */
export function planChangeHandlers(services: ServerServices) {
  const { db, clock, sessions, plans } = services;

  async function described(change: ScheduledChange, lang: Language): Promise<Schemas['ScheduledPlanChange']> {
    const names = await plans.namesIn([change.fromPlanId, change.toPlanId], lang);
    return {
      fromPlanId: String(change.fromPlanId),
      fromPlanName: names.get(change.fromPlanId) ?? String(change.fromPlanId),
      toPlanId: String(change.toPlanId),
      toPlanName: names.get(change.toPlanId) ?? String(change.toPlanId),
      appliesAt: change.appliesAt,
    };
  }

  return defineHandlers({
    async quotePlanChange({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const now = clock.now();
      const q = await quotePlanChange(db, valuate, { accountUid, planId: body.planId, lang: ctx.lang, now });
      const v = q.valuation;
      const currentName = (await plans.nameIn(q.current.planId, ctx.lang)) ?? String(q.current.planId);
      const upgradeNow = q.when === 'now';
      return {
        kind: q.kind,
        when: q.when,
        currentPlanId: String(q.current.planId),
        currentPlanName: currentName,
        planId: v.planId,
        planName: v.planName,
        price: v.price,
        credit: upgradeNow ? q.credit : 0,
        due: upgradeNow ? v.total : 0,
        currency: v.currency,
        unusedDays: q.unusedDays,
        periodDays: v.validDays,
        ...(q.appliesAt !== null ? { appliesAt: q.appliesAt } : {}),
      };
    },

    async changePlan({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const now = clock.now();
      const result = await db.transaction(async (tx) => {
        await lockAccount(tx, accountUid);
        const q = await quotePlanChange(tx, valuate, { accountUid, planId: body.planId, lang: ctx.lang, now });
        if (q.when === 'renewal') return { when: 'renewal' as const, scheduled: await scheduleChange(tx, accountUid, Number(body.planId), now) };
        return { when: 'now' as const, orderId: await openUpgrade(tx, { accountUid, planId: body.planId, lang: ctx.lang, scene: ctx.scene, now }) };
      });
      if (result.when === 'now') return result;
      return { when: result.when, scheduled: await described(result.scheduled, ctx.lang) };
    },

    async getScheduledPlanChange({ ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const change = await scheduledChange(db, accountUid);
      return change ? described(change, ctx.lang) : null;
    },

    async undoPlanChange({ ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      await db.transaction(async (tx) => {
        await lockAccount(tx, accountUid);
        await undoChange(tx, accountUid, clock.now());
      });
      return null;
    },
  });
}
