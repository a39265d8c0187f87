import type { components } from '../../openapi/schema';
import type { Language } from '../../core/i18n/languages';
import { createOrder, ongoingOrder } from '../billing/orders';
import { quotePlanChange, scheduleChange, scheduledChange, undoChange, type ScheduledChange } from '../billing/plan-change';
import { assertPlanAvailable, valuate } from '../billing/pricing';
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
        const q = await quotePlanChange(tx, valuate, { accountUid, planId: body.planId, lang: ctx.lang, now });
        if (q.when === 'renewal') return { when: 'renewal' as const, scheduled: await scheduleChange(tx, accountUid, Number(body.planId), now) };
        await assertPlanAvailable(tx, { accountUid, planId: body.planId, now });
        // The same upgrade asked for again (a second tab, a retry) is the order already open.
        const open = await ongoingOrder(tx, accountUid);
        if (open?.kind === 'upgrade') {
          const [line] = await tx.query<{ plan_id: number }>('SELECT plan_id FROM order_lines WHERE order_id = $1', [open.id]);
          if (line && String(line.plan_id) === body.planId) return { when: 'now' as const, orderId: open.id };
        }
        const [account] = await tx.query<{ email: string | null }>(
          `SELECT COALESCE(a.email, (SELECT o.email FROM orders o WHERE o.account_uid = a.uid AND o.status = 'PAYMENT_SUCCEEDED'
                                      ORDER BY o.paid_at DESC NULLS LAST LIMIT 1)) AS email FROM accounts a WHERE a.uid = $1`,
          [accountUid],
        );
        // The payment page picks the method and may ask for the email; these are where it starts.
        const order = await createOrder(tx, {
          accountUid,
          valuation: q.valuation,
          discountCode: null,
          method: { code: 'card', type: 'card' },
          email: account?.email ?? '',
          scene: ctx.scene,
          now,
        });
        await tx.query("UPDATE orders SET kind = 'upgrade' WHERE id = $1", [order.id]);
        return { when: 'now' as const, orderId: order.id };
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
      await db.transaction((tx) => undoChange(tx, accountUid, clock.now()));
      return null;
    },
  });
}
