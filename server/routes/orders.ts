import type { components } from '../../openapi/schema';
import { paidStatuses } from '../billing/order-status';
import { listOrders, loadLines, loadOwnOrder, namedIn, ongoingOrder, OrderErr, toOrder, type Order, type OrderRow } from '../billing/orders';
import { createChangeCache } from '../db/change-cache';
import { ApiRefusal } from '../errors';
import type { Language } from '../../core/i18n/languages';
import { defineHandlers } from '../openapi/bind';
import { currencyFormats } from '../repositories/currency-repository';
import { pendingInstructions } from '../repositories/payment-attempt-repository';
import { methodNames } from '../repositories/payment-method-repository';
import { dueDateEnd, registeredSlip } from '../payments/boleto-provider';
import type { ServerServices } from '../services';

/**
 * The caller's orders (spec section 4): the list, one order, the unfinished one, and what a paid
 * one gave (its service period and receipt). Paying them is payments.ts's.
 */
export function orderHandlers(services: ServerServices) {
  const { db, clock, sessions, plans, site } = services;
  // Order pages, kept per account until one of its orders changes (docs/decisions/027), and only
  // where every writer is this process: a buyer reads the list right after paying.
  const orderPages = createChangeCache<Awaited<ReturnType<typeof listOrders>>>(db.changes, ['orders', 'order_lines'], { localOnly: true, maxEntries: 10_000 });

  const namedOne = async <T extends Order>(order: T, lang: Language): Promise<T> => (await namedIn([order], lang, plans))[0] ?? order;

  /** The service period of a paid order, its plan named in `lang`; 1040 when it is not paid. */
  async function servicePeriod(order: OrderRow, lang: Language): Promise<components['schemas']['ServicePeriod']> {
    if (!paidStatuses.includes(order.status) || !order.service_start || !order.service_end) throw new ApiRefusal(OrderErr.paymentInfoNotFound);
    const line = (await loadLines(db, [order.id])).get(order.id)?.[0];
    if (!line) throw new ApiRefusal(OrderErr.paymentInfoNotFound);
    const name = await plans.nameIn(line.plan_id, lang);
    return {
      orderId: order.id,
      planId: String(line.plan_id),
      planName: name ?? line.plan_name,
      startTime: new Date(order.service_start).getTime(),
      endTime: new Date(order.service_end).getTime(),
      validDays: order.valid_days,
    };
  }

  return defineHandlers({
    async listOrders({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const page = body.page ?? 1;
      const pageSize = body.pageSize ?? 10;
      const filter = { page, pageSize, status: body.status, scene: body.scene };
      const key = `${accountUid} ${JSON.stringify(filter)}`;
      const { items, total } = orderPages.peek(key) ?? (await orderPages.get(key, () => listOrders(db, accountUid, filter), String(accountUid)));
      return { items: await namedIn(items, ctx.lang, plans), total, page, pageSize };
    },

    async getOrder({ params, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const order = await loadOwnOrder(db, accountUid, params.id);
      return namedOne(toOrder(order, (await loadLines(db, [order.id])).get(order.id) ?? []), ctx.lang);
    },

    async getCart({ ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const order = await ongoingOrder(db, accountUid);
      if (!order) return null;
      return namedOne(toOrder(order, (await loadLines(db, [order.id])).get(order.id) ?? []), ctx.lang);
    },

    /** The period a paid order gave (the receipt): 1001 not the caller's, 1040 not paid. */
    async getOrderServicePeriod({ params, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      return servicePeriod(await loadOwnOrder(db, accountUid, params.id), ctx.lang);
    },

    /**
     * The receipt as a PDF in the request's language (docs/decisions/018): the refusals of
     * getOrder and getOrderServicePeriod (1001 not the caller's, 1040 not paid), else the bytes.
     */
    async getOrderReceiptPdf({ params, ctx, reply }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const row = await loadOwnOrder(db, accountUid, params.id);
      const period = await servicePeriod(row, ctx.lang);
      const lines = (await loadLines(db, [row.id])).get(row.id) ?? [];
      // A line keeps the plan's name as it was bought; the document names it in its own language.
      const nameOf = await plans.namesIn(
        lines.map((l) => l.plan_id),
        ctx.lang,
      );
      const order = toOrder(
        row,
        lines.map((l) => ({ ...l, plan_name: nameOf.get(Number(l.plan_id)) ?? l.plan_name })),
      );
      const theme = await site.brand();
      const names = row.payment_method ? await methodNames(db, row.payment_method) : undefined;
      const currencies = await currencyFormats(db, [order.currency, order.baseCurrency]);
      const methodName = names ? (names[ctx.lang] ?? names.en) : undefined;
      // pdf-lib and its font engine take ~0.4 s to load: the first receipt pays it, not every start.
      const { receiptPdf } = await import('../billing/receipt-pdf');
      const bytes = await receiptPdf(order, period, { name: theme?.name ?? '', ...(theme?.color ? { color: theme.color } : {}) }, ctx.lang, {
        ...(methodName ? { methodName } : {}),
        currencies,
        issuedAt: clock.now(),
      });
      reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="receipt-${row.id}.pdf"`)
        // A customer's own document: never kept by a shared cache.
        .header('Cache-Control', 'private, no-store');
      return bytes;
    },

    /**
     * The payment slip of an order awaiting its boleto, as a PDF in the request's language
     * (docs/decisions/044): 1001 not the caller's order, 1040 when the order has no slip that
     * can still be paid (paid, closed, paid another way, or past its due date).
     */
    async getOrderSlipPdf({ params, ctx, reply }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const row = await loadOwnOrder(db, accountUid, params.id);
      const pending = row.status === 'PAYMENT_PENDING' ? await pendingInstructions(db, row.id) : undefined;
      const slip = pending?.next === 'boleto' ? (pending as components['schemas']['PayResultBoleto']) : undefined;
      if (!slip || clock.now() >= dueDateEnd(slip.dueDate)) throw new ApiRefusal(OrderErr.paymentInfoNotFound, 200, `order ${row.id} has no payable slip`);
      const registered = await registeredSlip(db, slip.barcode);
      const line = (await loadLines(db, [row.id])).get(row.id)?.[0];
      const planName = line ? ((await plans.nameIn(line.plan_id, ctx.lang)) ?? line.plan_name) : '';
      const theme = await site.brand();
      // Like the receipt, pdf-lib and bwip-js load with the first slip, not at start.
      const { slipPdf } = await import('../billing/slip-pdf');
      const bytes = await slipPdf(
        {
          barcode: slip.barcode,
          digitableLine: slip.digitableLine,
          dueDate: slip.dueDate,
          amount: slip.amount,
          orderId: row.id,
          documentNumber: row.view_code || row.id,
          planName,
          issuedAt: registered?.issuedAt ?? new Date(row.created_at).getTime(),
          payer: registered?.payer,
        },
        { name: theme?.name ?? '', merchant: (await site.setting('siteConfig')).merchant },
        ctx.lang,
      );
      reply.type('application/pdf').header('Content-Disposition', `attachment; filename="slip-${row.id}.pdf"`).header('Cache-Control', 'private, no-store');
      return bytes;
    },
  });
}
