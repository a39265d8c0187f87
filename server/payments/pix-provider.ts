import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import { buildBrCode } from './pix-brcode';
import { awaitingPayer, statusUntilExpiry } from './pending-attempts';
import type { ChargeOutcome, ChargeRequest, PaymentProvider } from './provider';
import { refundId, sandboxRefunds } from './sandbox-refunds';

/** The provider name kept with PIX payment attempts (and in webhook URLs). */
export const PIX_PROVIDER = 'sandbox-pix';
/** A PIX charge can be paid for 30 minutes. */
export const PIX_TTL_MS = 30 * 60_000;
/** The sandbox's receiving key (a random-key PIX "chave aleatória"); a real account sets its own. */
export const SANDBOX_PIX_KEY = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';
export const PIX_CITY = 'São Paulo';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** `length` random letters and digits (PIX txids, PIX Automático's idRec). */
export function randomAlnum(length: number): string {
  // 256 is 4 × 62 + 8: bytes ≥ 248 are dropped so every character is equally likely.
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length + 8)) if (b < 248 && out.length < length) out += ALNUM[b % 62];
  }
  return out;
}

/** A PIX txid: 25 letters and digits (the BR Code's maximum). */
export const newTxid = () => randomAlnum(25);

/** The brand the portal sells under (the site theme's name): the BR Code's merchant name. */
export async function merchantName(q: Queryable): Promise<string> {
  const [row] = await q.query<{ name: string | null }>("SELECT value->>'name' AS name FROM site_settings WHERE key = 'theme'");
  return row?.name || 'Portal';
}

export interface PixProviderOptions {
  /** The receiving PIX key; the sandbox key when not configured. */
  key?: string | undefined;
}

/**
 * The sandbox PIX provider: a charge is a dynamic BR Code (one payment, the order's amount, a
 * 25-character txid that reconciles it) with its QR image, payable for 30 minutes. The payer's
 * bank pays it (here: the sandbox bank, server/routes/sandbox-bank.ts) and the provider tells the
 * portal through a signed webhook. The instructions are the contract's PayResultPix without
 * orderId and status.
 */
export function createPixProvider(options: PixProviderOptions = {}) {
  const key = options.key ?? SANDBOX_PIX_KEY;
  return {
    name: PIX_PROVIDER,
    type: 'pix',

    async charge(q: Queryable, request: ChargeRequest): Promise<ChargeOutcome> {
      if (request.currency !== 'BRL') return { status: 'failed', providerRef: null, errCode: -2408 };
      const txid = newTxid();
      const brCode = buildBrCode({ key, merchantName: await merchantName(q), merchantCity: PIX_CITY, amountMinor: request.amount, txid });
      // Loaded by the first PIX charge rather than at every start.
      const { default: QRCode } = await import('qrcode');
      const qrSvg = await QRCode.toString(brCode, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return awaitingPayer(txid, request.now + PIX_TTL_MS, { next: 'pix', brCode, qrSvg, amount: request.amount, currency: request.currency });
    },

    status: statusUntilExpiry(PIX_PROVIDER),

    // A devolução (BCB API `PUT /pix/{e2eid}/devolucao/{id}`): the PSP returns the money to the
    // account that paid, by the payment's end-to-end id, under an id of the receiver's (up to 35
    // letters and digits); it is EM_PROCESSAMENTO until DEVOLVIDO or NAO_REALIZADO.
    ...sandboxRefunds({ provider: PIX_PROVIDER, refundsTo: 'payer', newRefundId: () => refundId('D', 34) }),
  } satisfies PaymentProvider;
}
