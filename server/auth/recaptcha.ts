/**
 * A reCAPTCHA-style check (Google reCAPTCHA, or any service answering the same siteverify
 * protocol: hCaptcha, Cloudflare Turnstile). Off unless RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET
 * are both configured (docs/decisions/007).
 */

export interface RecaptchaOutcome {
  success: boolean;
  /** 0..1, for score-based captchas. */
  score?: number;
}

export class RecaptchaUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('The captcha service did not answer', { cause });
    this.name = 'RecaptchaUnavailableError';
  }
}

/**
 * The site key as the client receives it: base64 of the key (spec section 7: "an encoded string,
 * decoded client-side, used to load a captcha script"). The encoding only keeps the key out of
 * naive scrapers; a site key is public by design.
 */
export const encodeSiteKey = (siteKey: string) => Buffer.from(siteKey, 'utf8').toString('base64');

export function createRecaptchaVerifier({ secret, verifyUrl, timeoutMs = 5_000 }: { secret: string; verifyUrl: string; timeoutMs?: number }) {
  /** Posts the widget's token to the provider's siteverify endpoint, form-encoded as it expects. */
  return async function verifyRecaptcha(token: string, remoteIp?: string): Promise<RecaptchaOutcome> {
    const form = new URLSearchParams({ secret, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);
    let answer: unknown;
    try {
      const res = await fetch(verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`siteverify answered HTTP ${res.status}`);
      answer = await res.json();
    } catch (error) {
      throw new RecaptchaUnavailableError(error);
    }
    if (typeof answer !== 'object' || answer === null) throw new RecaptchaUnavailableError('siteverify answered a non-object');
    const { success, score } = answer as { success?: unknown; score?: unknown };
    const outcome: RecaptchaOutcome = { success: success === true };
    if (typeof score === 'number' && Number.isFinite(score)) outcome.score = Math.min(1, Math.max(0, score));
    return outcome;
  };
}
export type RecaptchaVerifier = ReturnType<typeof createRecaptchaVerifier>;
