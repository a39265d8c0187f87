// The proof of work a captcha asks for (docs/decisions/037), loaded by the captcha field only once
// the server asked for one: altcha-lib and the worker stay out of every page's first bytes.
import { solveChallenge, solveChallengeWorkers, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { components } from '../../openapi/schema';

export type CaptchaChallenge = components['schemas']['CaptchaChallenge'];

/** A stuck worker or a very slow device gives up here; the field offers another try. */
const TIMEOUT_MS = 60_000;
/** Workers beyond four add memory on a phone for little: its slow cores would mostly wait. */
const MAX_WORKERS = 4;

/** The request's `captchaCode`: base64url of the challenge as it came, with its solution. */
export function captchaCode(challenge: CaptchaChallenge, solution: Solution): string {
  const json = JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } });
  const binary = Array.from(new TextEncoder().encode(json), (b) => String.fromCharCode(b)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Solves `challenge` with altcha-lib's solver, in Web Workers off the page's thread; where there
 * are none (a test's jsdom, Node) on this thread, with the same WebCrypto PBKDF2. The solved
 * `captchaCode`, or null when it timed out or was aborted.
 */
export async function solveCaptcha(challenge: CaptchaChallenge, signal?: AbortSignal): Promise<string | null> {
  const controller = new AbortController();
  if (signal?.aborted) return null;
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const asChallenge = challenge as Challenge;
  const solution =
    typeof Worker === 'function'
      ? await solveChallengeWorkers({
          challenge: asChallenge,
          concurrency: Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1),
          createWorker: () => new Worker(new URL('./captcha-worker.ts', import.meta.url), { type: 'module' }),
          controller,
          timeout: TIMEOUT_MS,
        })
      : await solveChallenge({ challenge: asChallenge, deriveKey, controller, timeout: TIMEOUT_MS });
  return solution ? captchaCode(challenge, solution) : null;
}
