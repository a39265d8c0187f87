import { saveCard } from '../billing/charging';
import { openStatuses } from '../billing/order-status';
import { loadOwnOrder } from '../billing/orders';
import { PayErr } from '../billing/pay-errors';
import { enabledMethod } from '../billing/payment-checks';
import { answer, assertOutcomeKnown, createPaymentPhases, lockOpenOrder, type FirstPhase } from '../billing/payment-phases';
import { ApiRefusal } from '../errors';
import { defineHandlers } from '../openapi/bind';
import { CARD_PROVIDER } from '../payments/card-provider';
import { mintSdkToken, SDK_TOKEN_TTL_MS } from '../payments/card-sdk-token';
import { lockAccount } from '../repositories/account-repository';
import { cardByProviderToken, dropCard } from '../repositories/card-repository';
import { customerIdOf, customerOwner, saveCustomer } from '../repositories/payment-customer-repository';
import { deriveKey } from '../security/secrets';
import type { ServerServices } from '../services';

/**
 * The card provider's browser SDK (the card fields are tokenised at the provider, never sent to
 * the portal): its short-lived token, the account's customer there, and paying with its token.
 */
export function cardSdkHandlers(services: ServerServices) {
  const { db, clock, sessions, payments: providers } = services;
  const phases = createPaymentPhases(services);
  const sdkKey = deriveKey(services.secret, 'card-sdk');

  return defineHandlers({
    /** A short-lived token for the card provider's browser SDK (card fields tokenised at the provider). */
    async getPaymentToken({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const method = await enabledMethod(db, body.method);
      if (method.type !== 'card' || !providers.has(method.code)) throw new ApiRefusal(PayErr.methodUnsupported);
      if (body.orderId) {
        const order = await loadOwnOrder(db, accountUid, body.orderId);
        if (!openStatuses.includes(order.status)) throw new ApiRefusal(PayErr.orderNotFound);
        assertOutcomeKnown(order);
      }
      const expiresAt = clock.now() + SDK_TOKEN_TTL_MS;
      const token = mintSdkToken(sdkKey, { accountUid, method: method.code, orderId: body.orderId, expiresAt });
      return { provider: CARD_PROVIDER, token, environment: providers.environment, expiresAt };
    },

    /** The account's customer at the card provider: created once, then returned (created: false). */
    async createUseepayCustomer({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const now = clock.now();
      return db.transaction(async (tx) => {
        // Serialises two first calls of one account, so it gets one customer.
        await lockAccount(tx, accountUid);
        const existing = await customerIdOf(tx, accountUid, CARD_PROVIDER);
        if (existing !== undefined) return { customerId: existing, created: false };
        const phone = body.phone ? `${body.areaCode ?? ''}${body.phone}` : undefined;
        const customerId = await phases
          .sandboxProvider()
          .card.createCustomer(tx, { email: body.email, firstName: body.firstName, lastName: body.lastName, phone }, now);
        await saveCustomer(tx, { accountUid, provider: CARD_PROVIDER, customerId, now });
        return { customerId, created: true };
      });
    },

    /**
     * Pays an open order with a card the provider's browser SDK tokenised for the caller's
     * customer, and keeps the card (it becomes a saved card, and the billing card of an
     * auto-renew plan). 1020: the customer or the token belongs to someone else; -2511: unknown
     * token; 1001: no open order of the caller by that id. A declined card is not kept.
     */
    async confirmUseepayPayment({ body, ctx, request }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const now = clock.now();
      const first = await db.transaction(async (tx): Promise<FirstPhase> => {
        if ((await customerOwner(tx, body.customerId, CARD_PROVIDER)) !== accountUid) throw new ApiRefusal(PayErr.cardUserMismatch);
        const token = await phases.sandboxProvider().card.describeToken(tx, body.paymentMethodToken);
        if (!token) throw new ApiRefusal(PayErr.savedCardNotFound);
        if (token.customerId !== null && token.customerId !== body.customerId) throw new ApiRefusal(PayErr.cardUserMismatch);
        const order = await lockOpenOrder(tx, accountUid, body.orderId);
        const attached = await cardByProviderToken(tx, CARD_PROVIDER, body.paymentMethodToken);
        if (attached && attached.account_uid !== accountUid) throw new ApiRefusal(PayErr.cardUserMismatch);
        const cardId = attached?.id ?? (await saveCard(tx, accountUid, CARD_PROVIDER, { providerToken: body.paymentMethodToken, ...token }, now));
        if (!cardId) throw new ApiRefusal(PayErr.invalidCardParameters, 200, 'too many saved cards');
        const charged = await phases.repayInTx(tx, accountUid, order, 'card', {
          input: { card: { savedCardId: cardId } },
          lang: ctx.lang,
          log: request.log,
          now,
        });
        // A declined card is not kept (unless it was kept before).
        if ('charging' in charged) return attached ? charged : { charging: { ...charged.charging, dropCard: cardId } };
        if (!charged.done.ok && !attached) await dropCard(tx, cardId);
        return charged;
      });
      return answer(await phases.completeCharge(first, request.log));
    },
  });
}
