import { randomBytes } from 'node:crypto';
import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';
import { authorize, cardBrand, type CardOutcome } from './card-sandbox';
import type { ChargeOutcome, ChargeRequest, LookupResult, NetworkCharge, PaymentProvider, ProviderStatus, RefundRequest, RefundResult } from './provider';

type Schemas = components['schemas'];
export type ContractCardBrand = Schemas['Card']['brand'];

/** The provider name kept with saved cards and payment attempts. */
export const CARD_PROVIDER = 'sandbox-card';

/** Codes the card provider answers with beyond the network's declines (spec section 8). */
export const CardErr = {
  invalidCardParameters: -2400,
  savedCardNotFound: -2511,
  cardExpired: 309,
  invalidCardNumber: 314,
} as const;

const randomId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

/** The contract's brand names: the sandbox's `unknown` is the contract's `other`. */
export const contractBrand = (number: string): ContractCardBrand => {
  const brand = cardBrand(number);
  return brand === 'unknown' ? 'other' : brand;
};

const fullYear = (year: number) => (year < 100 ? 2000 + year : year);
/** A card works until the end of its expiry month. */
export const cardExpired = (expMonth: number, expYear: number, now: number) => Date.UTC(fullYear(expYear), expMonth, 1) <= now;

export interface TokenisedCard {
  token: string;
  brand: ContractCardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  holder: string;
}

interface TokenRow {
  token: string;
  outcome: 'approved' | 'declined';
  decline_code: number | null;
  brand: ContractCardBrand;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder: string;
  customer_id: string | null;
}

type NewCard = Schemas['NewCardInput'];

const isNewCard = (card: Schemas['CardInput']): card is NewCard => 'number' in card;

/**
 * The sandbox card provider. A new card is authorised by the sandbox network (`authorize`: the
 * Stripe test numbers give each outcome); a saved card is charged through the token the network
 * minted for it, which stands for the outcome of the test number it came from. The full number
 * and the security code are used in memory only: they are never written, returned or logged.
 * The network's side lives in `sandbox_card_*` tables, which a real gateway keeps on its side.
 * `charge` writes them through the connection it is given, which the portal makes the network's
 * own (not the order's transaction): a charge, once made, stands whatever the portal's
 * transaction does, as at a real network (docs/decisions/032).
 */
export function createCardProvider() {
  async function mintToken(q: Queryable, card: NewCard, outcome: CardOutcome, now: number, customerId: string | null): Promise<TokenisedCard> {
    const number = card.number.replace(/\s+/g, '');
    const t: TokenisedCard = {
      token: randomId('tok'),
      brand: contractBrand(number),
      last4: number.slice(-4),
      expMonth: card.expMonth,
      expYear: fullYear(card.expYear),
      holder: card.holder.trim(),
    };
    await q.query(
      `INSERT INTO sandbox_card_tokens (token, outcome, decline_code, brand, last4, exp_month, exp_year, holder, customer_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        t.token,
        outcome.kind === 'declined' ? 'declined' : 'approved',
        outcome.kind === 'declined' ? outcome.errCode : null,
        t.brand,
        t.last4,
        t.expMonth,
        t.expYear,
        t.holder,
        customerId,
        new Date(now),
      ],
    );
    return t;
  }

  async function findToken(q: Queryable, token: string): Promise<TokenRow | undefined> {
    const rows = await q.query<TokenRow>(
      'SELECT token, outcome, decline_code, brand, last4, exp_month, exp_year, holder, customer_id FROM sandbox_card_tokens WHERE token = $1',
      [token],
    );
    return rows[0];
  }

  async function recordCharge(
    q: Queryable,
    request: ChargeRequest,
    token: string | null,
    outcome: { ok: true } | { ok: false; errCode: number },
  ): Promise<string> {
    const chargeId = randomId('ch');
    await q.query(
      `INSERT INTO sandbox_card_charges (charge_id, reference, token, amount, currency, installments, status, decline_code, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        chargeId,
        request.orderId,
        token,
        request.amount,
        request.currency,
        request.installments,
        outcome.ok ? 'succeeded' : 'failed',
        outcome.ok ? null : outcome.errCode,
        new Date(request.now),
      ],
    );
    return chargeId;
  }

  /** The provider token of one of the account's saved cards (the portal's `cards` table). */
  async function savedCardToken(q: Queryable, accountUid: number, cardId: string): Promise<string | undefined> {
    const rows = await q.query<{ provider_token: string }>(
      'SELECT provider_token FROM cards WHERE id = $1 AND account_uid = $2 AND provider = $3 AND deleted_at IS NULL',
      [cardId, accountUid, CARD_PROVIDER],
    );
    return rows[0]?.provider_token;
  }

  const provider = {
    name: CARD_PROVIDER,
    type: 'card',
    chargesAtOnce: true,

    /** `q`: the network's own connection, each write committed on its own. */
    async charge(q: Queryable, request: ChargeRequest): Promise<ChargeOutcome> {
      const card = request.input.card;
      if (!card) return { status: 'failed', providerRef: null, errCode: CardErr.invalidCardParameters };

      if (isNewCard(card)) {
        const outcome = authorize(card, new Date(request.now));
        if (outcome.kind === 'answer_lost') {
          // The network charged the card; the portal never hears it (and so keeps no card).
          await recordCharge(q, request, null, { ok: true });
          return { status: 'unknown' };
        }
        if (outcome.kind === 'declined') {
          const ref = await recordCharge(q, request, null, { ok: false, errCode: outcome.errCode });
          return { status: 'failed', providerRef: ref, errCode: outcome.errCode };
        }
        // Only an approved card is kept: a declined one is of no use later.
        const saved = card.save ? await mintToken(q, card, outcome, request.now, null) : undefined;
        const ref = await recordCharge(q, request, saved?.token ?? null, { ok: true });
        if (!saved) return { status: 'succeeded', providerRef: ref };
        const { token, ...details } = saved;
        return { status: 'succeeded', providerRef: ref, savedCard: { providerToken: token, ...details } };
      }

      const token = await savedCardToken(q, request.accountUid, card.savedCardId);
      const vault = token ? await findToken(q, token) : undefined;
      if (!token || !vault) return { status: 'failed', providerRef: null, errCode: CardErr.savedCardNotFound };
      const errCode = cardExpired(vault.exp_month, vault.exp_year, request.now)
        ? CardErr.cardExpired
        : vault.outcome === 'declined'
          ? vault.decline_code!
          : null;
      const ref = await recordCharge(q, request, token, errCode === null ? { ok: true } : { ok: false, errCode });
      return errCode === null ? { status: 'succeeded', providerRef: ref } : { status: 'failed', providerRef: ref, errCode };
    },

    async status(q: Queryable, providerRef: string): Promise<ProviderStatus> {
      const rows = await q.query<{ status: 'succeeded' | 'failed' }>('SELECT status FROM sandbox_card_charges WHERE charge_id = $1', [providerRef]);
      return rows[0]?.status ?? 'failed';
    },

    async lookup(q: Queryable, orderId: string, options: { since?: number } = {}): Promise<LookupResult> {
      // A charge refunded in full no longer pays for anything (a duplicate returned): the newest
      // charge that still stands answers first.
      const [row] = await q.query<{ charge_id: string; status: 'succeeded' | 'failed'; decline_code: number | null; token: string | null }>(
        'SELECT charge_id, status, decline_code, token FROM sandbox_card_charges WHERE reference = $1 AND created_at >= $2 ORDER BY refunded, created_at DESC, charge_id DESC LIMIT 1',
        [orderId, new Date(options.since ?? 0)],
      );
      if (!row) return { status: 'not_found' };
      if (row.status === 'failed') return { status: 'failed', providerRef: row.charge_id, errCode: row.decline_code ?? 2003 };
      // The card's token, as the answer carried it for a new card kept (a saved card's charge
      // carries its token too: the portal then already has the card and ignores this).
      const vault = row.token ? await findToken(q, row.token) : undefined;
      if (!vault) return { status: 'succeeded', providerRef: row.charge_id };
      return {
        status: 'succeeded',
        providerRef: row.charge_id,
        savedCard: {
          providerToken: vault.token,
          brand: vault.brand,
          last4: vault.last4,
          expMonth: vault.exp_month,
          expYear: vault.exp_year,
          holder: vault.holder,
        },
      };
    },

    async charges(q: Queryable, since: number, options: { reference?: string } = {}): Promise<NetworkCharge[]> {
      const rows = await q.query<{
        charge_id: string;
        reference: string;
        status: 'succeeded' | 'failed';
        amount: string | number;
        amount_refunded: string | number;
        currency: string;
        created_at: Date;
      }>(
        `SELECT charge_id, reference, status, amount, amount_refunded, currency, created_at FROM sandbox_card_charges
         WHERE created_at >= $1 AND ($2::text IS NULL OR reference = $2) ORDER BY created_at, charge_id`,
        [new Date(since), options.reference ?? null],
      );
      return rows.map((r) => ({
        providerRef: r.charge_id,
        reference: r.reference,
        status: r.status,
        amount: Number(r.amount),
        currency: r.currency,
        amountRefunded: Number(r.amount_refunded),
        createdAt: new Date(r.created_at).getTime(),
      }));
    },

    /**
     * Returns money of a successful charge, as a gateway's refund call does: a refund record with
     * its own id, amount, status and reason; the charge stays `succeeded` and counts what was
     * returned (`refunded` once all of it). Nothing beyond what is left of the charge is returned
     * (`rejected`). The idempotency key makes a repeated request answer the first refund: the
     * whole refund is one statement, so two callers racing with one key cannot both refund (the
     * second waits on the charge's row, then finds nothing left, or trips the key's unique index).
     * A disputed charge is not refunded (`charge_disputed`): the refund and the dispute both change
     * the charge's row, so the network takes them one at a time (docs/decisions/069).
     */
    async refund(q: Queryable, request: RefundRequest): Promise<RefundResult> {
      const replay = async (): Promise<RefundResult | undefined> => {
        const [prior] = await q.query<{ refund_id: string; status: string }>('SELECT refund_id, status FROM sandbox_card_refunds WHERE idempotency_key = $1', [
          request.idempotencyKey,
        ]);
        if (!prior) return undefined;
        return prior.status === 'failed'
          ? { status: 'rejected', refundRef: null }
          : { status: prior.status as 'succeeded' | 'pending', refundRef: prior.refund_id };
      };
      if (!Number.isInteger(request.amount) || request.amount <= 0) return { status: 'rejected', refundRef: null };
      const refundId = randomId('re');
      let made: { refund_id: string }[];
      try {
        made = await q.query<{ refund_id: string }>(
          `WITH charge AS (
             UPDATE sandbox_card_charges c SET amount_refunded = c.amount_refunded + $3, refunded = c.amount_refunded + $3 = c.amount
             WHERE c.charge_id = $2 AND c.status = 'succeeded' AND c.amount_refunded + $3 <= c.amount AND NOT c.disputed
               AND NOT EXISTS (SELECT 1 FROM sandbox_card_refunds r WHERE r.idempotency_key = $4)
             RETURNING c.charge_id, c.currency)
           INSERT INTO sandbox_card_refunds (refund_id, charge_id, amount, currency, status, reason, idempotency_key, created_at)
           SELECT $1, charge_id, $3, currency, 'succeeded', $5, $4, $6 FROM charge
           RETURNING refund_id`,
          [refundId, request.providerRef, request.amount, request.idempotencyKey, request.reason, new Date(request.now)],
        );
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code !== '23505') throw error;
        made = [];
      }
      if (made[0]) return { status: 'succeeded', refundRef: made[0].refund_id };
      const replayed = await replay();
      if (replayed) return replayed;
      // A charge with a dispute open (or lost) is the card network's to settle: Stripe answers `charge_disputed`.
      const [disputed] = await q.query('SELECT 1 FROM sandbox_card_charges WHERE charge_id = $1 AND disputed', [request.providerRef]);
      return disputed ? { status: 'rejected', refundRef: null, reason: 'charge_disputed' } : { status: 'rejected', refundRef: null };
    },

    /**
     * What the provider's browser SDK does: the card goes to the network, which answers a token
     * (the number and code never reach the portal's own tables). A number failing Luhn, or an
     * expired card, is refused at once, as real SDKs do; other declines show when it is charged.
     */
    async tokenize(
      q: Queryable,
      card: Omit<NewCard, 'save'>,
      now: number,
      customerId: string | null = null,
    ): Promise<{ ok: true; card: TokenisedCard } | { ok: false; errCode: number }> {
      const outcome = authorize(card, new Date(now));
      if (outcome.kind === 'declined' && (outcome.errCode === CardErr.invalidCardNumber || outcome.errCode === CardErr.cardExpired)) {
        return { ok: false, errCode: outcome.errCode };
      }
      return { ok: true, card: await mintToken(q, { ...card }, outcome, now, customerId) };
    },

    /** A token minted by the SDK flow, with what a person recognises of its card. */
    async describeToken(q: Queryable, token: string): Promise<(Omit<TokenisedCard, 'token'> & { customerId: string | null }) | undefined> {
      const row = await findToken(q, token);
      return (
        row && {
          brand: row.brand,
          last4: row.last4,
          expMonth: row.exp_month,
          expYear: row.exp_year,
          holder: row.holder,
          customerId: row.customer_id,
        }
      );
    },

    /** The provider's customer for an account: the payer's details stay on the provider's side. */
    async createCustomer(
      q: Queryable,
      payer: { email: string; firstName: string; lastName: string; phone?: string | undefined },
      now: number,
    ): Promise<string> {
      const customerId = randomId('cus');
      await q.query('INSERT INTO sandbox_card_customers (customer_id, email, first_name, last_name, phone, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
        customerId,
        payer.email,
        payer.firstName,
        payer.lastName,
        payer.phone ?? null,
        new Date(now),
      ]);
      return customerId;
    },
  } satisfies PaymentProvider & Record<string, unknown>;
  return provider;
}
export type CardProvider = ReturnType<typeof createCardProvider>;
