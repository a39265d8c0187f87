import type { components } from '../../openapi/schema';

type Schemas = components['schemas'];
export type PayResult = Schemas['PayResult'];
export type PayRequest = Schemas['PayRequest'];
export type RepayRequest = Schemas['RepayRequest'];
export type OrderStatus = Schemas['OrderStatus'];
export type CryptoCoin = Schemas['CryptoCoin'];
export type PayResultOf<N extends PayResult['next']> = Extract<PayResult, { next: N }>;
/** An order as the server shows it: the checkout's cart, the order repay pays again. */
export type Order = Schemas['Order'];
/** A way to pay offered for a plan, country and currency (the checkout's and repay's forms). */
export type PaymentMethod = Schemas['PaymentMethod'];

/** What the method's own form collects: a card, the payer's fields, a wallet, a coin. */
export type PayDetails = Pick<PayRequest, 'card' | 'payer' | 'mobileMoney' | 'crypto'>;

/** What starts a payment: a new order (pay), an open one (repay), a PayPal return, or a pending one shown again. */
export type PaymentRequest =
  { kind: 'pay'; body: PayRequest } | { kind: 'repay'; body: RepayRequest } | { kind: 'capturePaypal'; orderId: string } | { kind: 'resume'; orderId: string };

export interface PaymentInput {
  request: PaymentRequest;
  /** One key per payment the customer submits: a retry of the same submit cannot pay twice. */
  idempotencyKey: string;
}

/** A call's answer: the instructions, or a refusal the flow routes (a declined card, a wrong code…). */
export type StepAnswer = { kind: 'result'; result: PayResult } | { kind: 'refused'; errCode: number };

/** How a payment ended, for the checkout or repay flow that started it. */
export type PaymentOutcome =
  | { kind: 'paid'; orderId: string }
  /** Refused: the order (if one was made) is repayable; `errCode` says why (card codes, 2003, 17, 302, -3032…). */
  | { kind: 'declined'; errCode: number }
  /** Left waiting for the money: the customer may leave (a slip, a reported transfer, a charge being reconciled). */
  | { kind: 'pending'; orderId: string | undefined }
  | { kind: 'closed'; orderId: string; status: OrderStatus }
  | { kind: 'redirected'; url: string }
  | { kind: 'failed' };

export interface PaymentContext {
  request: PaymentRequest;
  idempotencyKey: string;
  /** The latest instructions (PIX code, slip, quote, transfer details, the OTP's phone…). */
  result: PayResult | undefined;
  /** The latest refusal shown to the customer (declined card, wrong code, refused proof). */
  errCode: number | undefined;
  /** The order's status as last seen. */
  status: OrderStatus | undefined;
  outcome: PaymentOutcome | undefined;
  error: unknown;
}

export type PaymentEvent =
  | { type: 'OTP_SUBMITTED'; otp: string }
  | { type: 'COIN_CHANGED'; coin: CryptoCoin; network?: string }
  | { type: 'PROOF_SELECTED'; file: Blob & { name?: string } }
  | { type: 'LEFT_TO_PAY_LATER' };
