import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { components } from '../../openapi/schema';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { ApiRefusal } from '../errors';
import { randomToken } from '../security/tokens';

export type CaptchaPurpose = components['schemas']['CaptchaRequest']['purpose'];
export type CaptchaAnswer = components['schemas']['Captcha'];

/** Spec section 8, as core/i18n/lang/en.json words them (docs/decisions/006). */
export const CaptchaError = {
  /** -3034 "Captcha required": the call needs a solved captcha and came without one. */
  required: -3034,
  /** -3035 "Incorrect captcha": forged, wrong, expired, already used, or made for another form. */
  incorrect: -3035,
} as const;

/** The proof of work (docs/decisions/037). */
export const CaptchaPolicy = {
  ttlMs: 5 * 60_000,
  /**
   * PBKDF2 runs natively in the browser's WebCrypto, so a page pays what a script pays for each
   * try; with a plain SHA-256 per try, the page's call overhead would be most of its cost and a
   * native loop would solve many times faster.
   */
  algorithm: 'PBKDF2/SHA-256',
  /** Iterations per try: large enough that the per-call overhead of WebCrypto is about a tenth of a try. */
  cost: 5_000,
  /**
   * The production difficulty: the secret counter is drawn from 1…maxNumber and the solver tries
   * them from 0 up, half of them on average, whatever the order (docs/decisions/037 has the
   * measured times). CAPTCHA_MAX_NUMBER lowers it for tests.
   */
  maxNumber: 1_000,
} as const;

export interface CaptchaOptions {
  /** The largest counter a challenge may ask for (config `captchaMaxNumber`); the production one when unset. */
  maxNumber?: number | undefined;
}

const hex = (max: number) =>
  z
    .string()
    .regex(/^[0-9a-f]+$/)
    .max(max);

/**
 * What a solved challenge must look like before its signature is checked: exactly the fields this
 * server signs, so nothing the client adds reaches the signature check or the database.
 */
const SolvedChallenge = z.strictObject({
  challenge: z.strictObject({
    parameters: z.strictObject({
      algorithm: z.literal(CaptchaPolicy.algorithm),
      nonce: hex(64),
      salt: hex(64),
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive(),
      keyPrefix: hex(128),
      keySignature: hex(128),
      data: z.strictObject({ id: z.string().max(64), purpose: z.enum(['login', 'signup', 'sendCode', 'resetPassword']), expiresAt: z.number().int() }),
    }),
    signature: hex(128),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: hex(128) }),
});
type SolvedChallenge = z.infer<typeof SolvedChallenge>;

/** The request's `captchaCode`: base64url of the JSON of the challenge as answered and its solution. */
function decodeCaptchaCode(code: string): SolvedChallenge | null {
  try {
    const parsed = SolvedChallenge.safeParse(JSON.parse(Buffer.from(code, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Proof-of-work captchas (ALTCHA v2, docs/decisions/037): a challenge is signed, so making one
 * stores nothing; its expiry and form are in what is signed, checked on this server's clock (the
 * library's own expiry reads the wall clock). Spending one stores its id, so it works once.
 */
export function createCaptchas(db: Database, clock: Clock, key: Buffer, { maxNumber = CaptchaPolicy.maxNumber }: CaptchaOptions = {}) {
  // Two secrets from one key: a challenge's signature can never stand in for its key's.
  const secret = (label: string) => createHmac('sha256', key).update(label).digest('hex');
  const secrets = { hmacSignatureSecret: secret('challenge'), hmacKeySignatureSecret: secret('derived-key') };

  /** Marks the challenge used; false when it already was. */
  async function spend(parameters: SolvedChallenge['challenge']['parameters']): Promise<boolean> {
    const { id, purpose, expiresAt } = parameters.data;
    const rows = await db.query(
      `INSERT INTO captchas (id, purpose, answer_hash, created_at, expires_at, used_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [id, purpose, parameters.keySignature, new Date(expiresAt - CaptchaPolicy.ttlMs), new Date(expiresAt), new Date(clock.now())],
    );
    return rows.length === 1;
  }

  return {
    /** A new challenge for `purpose`, answered as the contract's Captcha. */
    async create(purpose: CaptchaPurpose): Promise<CaptchaAnswer> {
      const now = clock.now();
      const captchaId = randomToken(18);
      const expiresAt = now + CaptchaPolicy.ttlMs;
      // Keeps the table of spent challenges small without a job: each new one sweeps a few long-dead ones.
      await db.query('DELETE FROM captchas WHERE id IN (SELECT id FROM captchas WHERE expires_at < $1 LIMIT 100)', [new Date(now - 3_600_000)]);
      const challenge = await createChallenge({
        algorithm: CaptchaPolicy.algorithm,
        cost: CaptchaPolicy.cost,
        counter: randomInt(maxNumber),
        deriveKey: pbkdf2,
        data: { id: captchaId, purpose, expiresAt },
        ...secrets,
      });
      return { captchaId, challenge: challenge as CaptchaAnswer['challenge'], expiresAt };
    },

    /**
     * Spends the captcha: -3034 when none was given, -3035 when it is forged, unsolved, expired,
     * used, or made for another form. Not part of the caller's transaction, so a refusal later in
     * the request cannot give the captcha back. Checking costs two HMACs, never a derivation: the
     * key signature stands for the derived key.
     */
    async verify(purpose: CaptchaPurpose, captchaId: string | undefined, captchaCode: string | undefined): Promise<void> {
      if (!captchaId || !captchaCode) throw new ApiRefusal(CaptchaError.required);
      const solved = decodeCaptchaCode(captchaCode);
      if (!solved) throw new ApiRefusal(CaptchaError.incorrect, 200, 'captcha payload malformed');
      const result = await verifySolution({ challenge: solved.challenge, solution: solved.solution, deriveKey: pbkdf2, ...secrets });
      if (result.invalidSignature !== false) throw new ApiRefusal(CaptchaError.incorrect, 200, 'captcha not signed here');
      // Signed here, so its id is ours: a try spends it, right or wrong, as a typed answer did.
      if (!(await spend(solved.challenge.parameters))) throw new ApiRefusal(CaptchaError.incorrect, 200, 'captcha already used');
      const { data } = solved.challenge.parameters;
      if (!result.verified) throw new ApiRefusal(CaptchaError.incorrect, 200, 'captcha not solved');
      if (data.id !== captchaId || data.purpose !== purpose) throw new ApiRefusal(CaptchaError.incorrect, 200, 'captcha made for another form');
      if (data.expiresAt <= clock.now()) throw new ApiRefusal(CaptchaError.incorrect, 200, 'captcha expired');
    },
  };
}
export type Captchas = ReturnType<typeof createCaptchas>;
