import { createHmac, randomBytes } from 'node:crypto';
import type { components } from '../../openapi/schema';
import { parseDecimal } from '../billing/money';
import type { Queryable } from '../db/database';
import { WithdrawalErr } from '../../core/config/withdrawal';
import { cryptoNetworks, isAddressOf, isCryptoNetwork, type CryptoNetwork } from './crypto-address';
import type { ChargeOutcome, ChargeRequest, PaymentProvider, PrecheckRequest, RefundDestination } from './provider';
import { sandboxRefunds } from './sandbox-refunds';
import { awaitingPayer, statusUntilExpiry } from './pending-attempts';

export type CryptoCoin = components['schemas']['CryptoCoin'];

export const CRYPTO_PROVIDER = 'sandbox-crypto';
/** A quote holds its rate for 30 minutes, as crypto processors' invoices do. */
export const CRYPTO_QUOTE_TTL_MS = 30 * 60_000;

export interface CoinRow {
  coin: CryptoCoin;
  networks: string[];
  quote_decimals: number;
  rate_brl: string;
}

export async function activeCoins(q: Queryable): Promise<CoinRow[]> {
  return q.query<CoinRow>('SELECT coin, networks, quote_decimals, rate_brl FROM crypto_coins WHERE active ORDER BY sort_order, coin');
}

/** The decimals a coin's amounts are quoted in, active or not (a quote outlives a switched-off coin). */
export async function coinQuoteDecimals(q: Queryable, coin: string): Promise<number | undefined> {
  const [row] = await q.query<{ quote_decimals: number }>('SELECT quote_decimals FROM crypto_coins WHERE coin = $1', [coin]);
  return row?.quote_decimals;
}

/**
 * How much of a coin pays `amountMinor` of a currency: the amount in BRL (the base currency,
 * `fxRate` units of the currency per BRL), divided by the coin's BRL rate, rounded UP to the
 * coin's quote decimals so the merchant never receives less than the price. Exact: BigInt only.
 * Answers the amount in the coin's smallest quoted unit (10^-quoteDecimals).
 */
export function quoteCoinUnits(amountMinor: number, currencyDecimals: number, fxRate: string, coinRateBrl: string, quoteDecimals: number): bigint {
  const fx = parseDecimal(fxRate);
  const rate = parseDecimal(coinRateBrl);
  const numerator = BigInt(amountMinor) * fx.denominator * rate.denominator * 10n ** BigInt(quoteDecimals);
  const denominator = 10n ** BigInt(currencyDecimals) * fx.numerator * rate.numerator;
  if (denominator === 0n) throw new Error('a rate of zero cannot be quoted');
  return (numerator + denominator - 1n) / denominator;
}

/** `12345000` units at 8 decimals is `0.12345`: the contract's decimal string, no trailing zeros. */
export function formatCoinAmount(units: bigint, decimals: number): string {
  const text = units.toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** The units of `text` at `decimals` decimals, or undefined when it has more decimals than that. */
export function parseCoinAmount(text: string, decimals: number): bigint | undefined {
  const m = /^(\d{1,18})(?:\.(\d{1,18}))?$/.exec(text);
  if (!m) return undefined;
  const fraction = m[2] ?? '';
  if (fraction.length > decimals) return undefined;
  return BigInt(m[1]!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

const INVALID_REQUEST = 5000;

/** The coin and chain a payer chose, when the provider takes them (the coin's first chain by default). */
async function chosenCoin(q: Queryable, choice: ChargeRequest['input']['crypto']): Promise<{ coin: CoinRow; network: CryptoNetwork } | undefined> {
  if (!choice) return undefined;
  const [coin] = await q.query<CoinRow>('SELECT coin, networks, quote_decimals, rate_brl FROM crypto_coins WHERE coin = $1 AND active', [choice.coin]);
  const network = choice.network ?? coin?.networks[0];
  if (!coin || !network || !coin.networks.includes(network) || !isCryptoNetwork(network)) return undefined;
  return { coin, network };
}

/**
 * The sandbox crypto provider, following the invoice flow of crypto payment processors: the
 * customer picks a coin (and a chain for multi-chain tokens); the provider quotes the exact coin
 * amount at its current rate, held 30 minutes, and a fresh receiving address for this payment in
 * the chain's own format; the chain's transfer to that address (here the sandbox chain,
 * server/routes/sandbox-bank.ts) is announced by a signed webhook. The quote is kept with the
 * attempt's instructions; transfers to its address add up, and the order is paid once they reach
 * the quote (crypto-receipts.ts, docs/decisions/050).
 */
export function createCryptoProvider(deps: { key: Buffer }) {
  return {
    name: CRYPTO_PROVIDER,
    type: 'crypto',

    /** 5000 without a coin, or for a coin or chain the provider does not take. */
    async precheck(q: Queryable, request: PrecheckRequest): Promise<number | null> {
      return (await chosenCoin(q, request.input.crypto)) ? null : INVALID_REQUEST;
    },

    async charge(q: Queryable, request: ChargeRequest): Promise<ChargeOutcome> {
      const chosen = await chosenCoin(q, request.input.crypto);
      if (!chosen) return { status: 'failed', providerRef: null, errCode: INVALID_REQUEST };
      const { coin, network } = chosen;
      const [currency] = await q.query<{ decimals: number; exchange_rate: string }>('SELECT decimals, exchange_rate FROM currencies WHERE code = $1', [
        request.currency,
      ]);
      if (!currency) return { status: 'failed', providerRef: null, errCode: 1030 };
      const units = quoteCoinUnits(request.amount, currency.decimals, currency.exchange_rate, coin.rate_brl, coin.quote_decimals);
      // One address per payment, derived from the order and the moment: a second quote (another
      // coin, a repay) gets its own, so a transfer always says which quote it pays.
      const hash = createHmac('sha256', deps.key).update(`${request.orderId}:${request.now}:${coin.coin}:${network}`).digest().subarray(0, 20);
      const address = cryptoNetworks[network](hash);
      return awaitingPayer(address, request.now + CRYPTO_QUOTE_TTL_MS, {
        next: 'crypto',
        coin: coin.coin,
        network,
        address,
        coinAmount: formatCoinAmount(units, coin.quote_decimals),
        amount: request.amount,
        currency: request.currency,
      });
    },

    status: statusUntilExpiry(CRYPTO_PROVIDER),

    // A chain transfer cannot be reversed and says nothing of who sent it (an exchange's hot
    // wallet, often): the refund is a new transfer, on the quote's network, to an address the
    // customer gives, identified by its own id until the chain has its transaction hash.
    ...sandboxRefunds({ provider: CRYPTO_PROVIDER, refundsTo: 'address', newRefundId: () => `rf_${randomBytes(12).toString('hex')}` }),
    async checkDestination(q: Queryable, providerRef: string, destination: RefundDestination): Promise<number | null> {
      const [quote] = await q.query<{ network: string | null }>(
        "SELECT instructions->>'network' AS network FROM payment_attempts WHERE provider = $1 AND provider_ref = $2",
        [CRYPTO_PROVIDER, providerRef],
      );
      const network = quote?.network ?? '';
      return destination.kind === 'address' && isCryptoNetwork(network) && isAddressOf(network, destination.address)
        ? null
        : WithdrawalErr.refundAddressInvalid;
    },
  } satisfies PaymentProvider;
}
