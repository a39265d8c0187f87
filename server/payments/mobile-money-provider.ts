import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';
import type { Language } from '../../core/i18n/languages';
import type { Outbox } from '../mail/outbox';
import { checkoutId } from './hosted-checkout';
import type { ChargeOutcome, ChargeRequest, PaymentProvider, PrecheckRequest, ProviderStatus } from './provider';
import { sandboxRefunds } from './sandbox-refunds';

export type MobileMoneyOperator = components['schemas']['MobileMoneyOperator'];

export const MOBILE_MONEY_PROVIDER = 'sandbox-liquido';
/** The code the operator texts is 6 digits, valid 10 minutes, and allows 3 tries. */
export const MOBILE_MONEY_OTP_LENGTH = 6;
export const MOBILE_MONEY_OTP_TTL_MS = 10 * 60_000;
export const MOBILE_MONEY_OTP_TRIES = 3;
/** Sandbox wallets whose number ends in 9995 have no funds (like the card test number 4000 0000 0000 9995). */
export const SANDBOX_EMPTY_WALLET_SUFFIX = '9995';

/** The operators the spec keeps (section 3), and where each runs a mobile-money wallet. */
export const operatorCountries: Readonly<Record<MobileMoneyOperator, readonly string[]>> = {
  MPesa: ['KE', 'TZ'],
  orange: ['CI', 'SN'],
  free: ['SN'],
  mtn: ['GH', 'UG', 'ZA', 'ZM', 'CI'],
  airtel: ['KE', 'UG', 'TZ', 'ZM', 'MW'],
  zamtel: ['ZM'],
  tnm: ['MW'],
};
export const mobileMoneyOperators = Object.keys(operatorCountries) as MobileMoneyOperator[];
/** The operators offered in a country (all of them when the country is not known). */
export const operatorsFor = (country: string | undefined) =>
  country ? mobileMoneyOperators.filter((o) => operatorCountries[o].includes(country)) : mobileMoneyOperators;

/** `+260 •••• 4567`: enough for the payer to recognise the phone, not to read it. */
export const maskPhone = (areaCode: string | undefined, phone: string) => `${areaCode ? `+${areaCode.replace(/^\+/, '')} ` : ''}•••• ${phone.slice(-4)}`;

export type OtpOutcome =
  | { status: 'succeeded' }
  /** The wallet refused the debit (302 insufficient funds); the order may be paid again. */
  | { status: 'declined'; errCode: number }
  | { status: 'wrong_code'; attemptsLeft: number }
  /** The last try was wrong: the collection is over. */
  | { status: 'too_many_attempts' }
  | { status: 'expired' }
  | { status: 'closed' };

interface CollectionRow {
  reference: string;
  phone: string;
  otp_hash: string;
  attempts_left: number;
  status: 'pending' | 'succeeded' | 'failed';
  expires_at: Date;
}

/**
 * The sandbox mobile-money provider, following Liquido's collection flow: the portal asks for a
 * debit of the customer's wallet (operator and phone); the operator texts a one-time code to
 * that phone (here through the portal's own SMS outbox, standing in for the operator's gateway);
 * the customer types it and POST /api/bill/payment/liQuiDo/confirm/v1 confirms the debit. The
 * code is kept only as a keyed hash; the operator's side lives in `sandbox_mobile_money`.
 */
export function createMobileMoneyProvider(deps: { outbox: Outbox; key: Buffer }) {
  const hash = (reference: string, otp: string) => createHmac('sha256', deps.key).update(`${reference}:${otp}`).digest('hex');

  return {
    name: MOBILE_MONEY_PROVIDER,
    type: 'mobile_money',
    // The operator reverses the debit to the wallet that paid (a B2C transfer to the same MSISDN).
    ...sandboxRefunds({ provider: MOBILE_MONEY_PROVIDER, refundsTo: 'payer', newRefundId: () => `RV${checkoutId(18)}` }),

    /** 5000 without a wallet; 5003 for an operator that does not run in the payer's country. */
    async precheck(_q: Queryable, request: PrecheckRequest): Promise<number | null> {
      const wallet = request.input.mobileMoney;
      if (!wallet) return 5000;
      return operatorsFor(request.country).includes(wallet.operator) ? null : 5003;
    },

    async charge(q: Queryable, request: ChargeRequest): Promise<ChargeOutcome> {
      const wallet = request.input.mobileMoney;
      if (!wallet) return { status: 'failed', providerRef: null, errCode: -2400 };
      const reference = `MM${checkoutId(18)}`;
      const otp = String(randomInt(0, 10 ** MOBILE_MONEY_OTP_LENGTH)).padStart(MOBILE_MONEY_OTP_LENGTH, '0');
      const expiresAt = request.now + MOBILE_MONEY_OTP_TTL_MS;
      const msisdn = `+${(wallet.areaCode ?? '').replace(/^\+/, '')}${wallet.phone}`;
      await q.query(
        `INSERT INTO sandbox_mobile_money (reference, operator, phone, amount, currency, otp_hash, attempts_left, status, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9)`,
        [
          reference,
          wallet.operator,
          msisdn,
          request.amount,
          request.currency,
          hash(reference, otp),
          MOBILE_MONEY_OTP_TRIES,
          new Date(expiresAt),
          new Date(request.now),
        ],
      );
      const [account] = await q.query<{ language: Language }>('SELECT language FROM accounts WHERE uid = $1', [request.accountUid]);
      const [currency] = await q.query<{ symbol: string; decimals: number }>('SELECT symbol, decimals FROM currencies WHERE code = $1', [request.currency]);
      await deps.outbox.send(q, {
        accountUid: request.accountUid,
        channel: 'sms',
        to: msisdn,
        lang: account?.language ?? 'pt',
        template: 'mobileMoneyCode',
        params: {
          code: otp,
          minutes: MOBILE_MONEY_OTP_TTL_MS / 60_000,
          operator: wallet.operator,
          amount: request.amount,
          symbol: currency?.symbol ?? request.currency,
          decimals: currency?.decimals ?? 2,
        },
      });
      return {
        status: 'pending',
        providerRef: reference,
        payBy: expiresAt,
        instructions: {
          next: 'otp',
          operator: wallet.operator,
          phone: maskPhone(wallet.areaCode, wallet.phone),
          otpLength: MOBILE_MONEY_OTP_LENGTH,
          expiresAt,
        },
      };
    },

    async status(q: Queryable, providerRef: string, now: number): Promise<ProviderStatus> {
      const [row] = await q.query<CollectionRow>('SELECT * FROM sandbox_mobile_money WHERE reference = $1', [providerRef]);
      if (!row) return 'failed';
      if (row.status !== 'pending') return row.status;
      return now >= new Date(row.expires_at).getTime() ? 'cancelled' : 'pending';
    },

    /** The customer typed the code: debit the wallet when it matches, in the caller's transaction. */
    async confirm(q: Queryable, providerRef: string, otp: string, now: number): Promise<OtpOutcome> {
      const [row] = await q.query<CollectionRow>('SELECT * FROM sandbox_mobile_money WHERE reference = $1 FOR UPDATE', [providerRef]);
      if (!row || row.status !== 'pending') return { status: 'closed' };
      if (now >= new Date(row.expires_at).getTime()) return { status: 'expired' };
      const expected = Buffer.from(row.otp_hash, 'hex');
      const given = Buffer.from(hash(providerRef, otp), 'hex');
      if (!timingSafeEqual(expected, given)) {
        const left = row.attempts_left - 1;
        await q.query('UPDATE sandbox_mobile_money SET attempts_left = $2, status = $3 WHERE reference = $1', [
          providerRef,
          left,
          left === 0 ? 'failed' : 'pending',
        ]);
        return left === 0 ? { status: 'too_many_attempts' } : { status: 'wrong_code', attemptsLeft: left };
      }
      if (row.phone.endsWith(SANDBOX_EMPTY_WALLET_SUFFIX)) {
        await q.query("UPDATE sandbox_mobile_money SET status = 'failed', decline_code = 302 WHERE reference = $1", [providerRef]);
        return { status: 'declined', errCode: 302 };
      }
      await q.query("UPDATE sandbox_mobile_money SET status = 'succeeded' WHERE reference = $1", [providerRef]);
      return { status: 'succeeded' };
    },
  } satisfies PaymentProvider & Record<string, unknown>;
}
export type MobileMoneyProvider = ReturnType<typeof createMobileMoneyProvider>;
