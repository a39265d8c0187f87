import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { components } from '../../openapi/schema';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { ApiRefusal } from '../errors';
import { randomToken } from '../security/tokens';

export type CaptchaPurpose = components['schemas']['CaptchaRequest']['purpose'];

/** Spec section 8, as src/i18n/lang/en.json words them (docs/decisions/006). */
export const CaptchaError = {
  /** -3034 "Captcha required": the call needs a solved captcha and came without one. */
  required: -3034,
  /** -3035 "Incorrect captcha": wrong, expired, already used, unknown, or made for another form. */
  incorrect: -3035,
} as const;

export const CaptchaPolicy = {
  ttlMs: 5 * 60_000,
  length: 5,
  /** Unambiguous: none of 0/O/Q/D, 1/I/L, 2/Z, 5/S, 8/B, 6/G (either of each pair would be misread). */
  alphabet: 'ACEFHJKMNPRTUVWXY34679',
} as const;

type Stroke = readonly (readonly [number, number])[];

/**
 * A stroke font on a 4 × 6 grid (y downwards), one list of polylines per character. Drawn as
 * paths, so the answer is nowhere in the SVG's text.
 */
const glyphs: Record<string, readonly Stroke[]> = {
  A: [[[0, 6], [2, 0], [4, 6]], [[0.8, 4], [3.2, 4]]],
  C: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5]]],
  E: [[[4, 0], [0, 0], [0, 6], [4, 6]], [[0, 3], [3, 3]]],
  F: [[[4, 0], [0, 0], [0, 6]], [[0, 3], [3, 3]]],
  H: [[[0, 0], [0, 6]], [[4, 0], [4, 6]], [[0, 3], [4, 3]]],
  J: [[[4, 0], [4, 5], [3, 6], [1, 6], [0, 5]]],
  K: [[[0, 0], [0, 6]], [[4, 0], [0, 3.6]], [[1.4, 2.4], [4, 6]]],
  M: [[[0, 6], [0, 0], [2, 3.5], [4, 0], [4, 6]]],
  N: [[[0, 6], [0, 0], [4, 6], [4, 0]]],
  P: [[[0, 6], [0, 0], [3, 0], [4, 1], [4, 2.5], [3, 3.5], [0, 3.5]]],
  R: [[[0, 6], [0, 0], [3, 0], [4, 1], [4, 2.5], [3, 3.5], [0, 3.5]], [[2, 3.5], [4, 6]]],
  T: [[[0, 0], [4, 0]], [[2, 0], [2, 6]]],
  U: [[[0, 0], [0, 5], [1, 6], [3, 6], [4, 5], [4, 0]]],
  V: [[[0, 0], [2, 6], [4, 0]]],
  W: [[[0, 0], [1, 6], [2, 2.5], [3, 6], [4, 0]]],
  X: [[[0, 0], [4, 6]], [[4, 0], [0, 6]]],
  Y: [[[0, 0], [2, 3]], [[4, 0], [2, 3], [2, 6]]],
  '3': [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [3, 3], [1.5, 3]], [[3, 3], [4, 4], [4, 5], [3, 6], [1, 6], [0, 5]]],
  '4': [[[3, 6], [3, 0], [0, 4.2], [4, 4.2]]],
  '6': [[[3.5, 0], [1.5, 0], [0, 2], [0, 5], [1, 6], [3, 6], [4, 5], [4, 4], [3, 3], [1, 3], [0, 4]]],
  '7': [[[0, 0], [4, 0], [1.5, 6]]],
  '9': [[[4, 2], [3, 3], [1, 3], [0, 2], [0, 1], [1, 0], [3, 0], [4, 1], [4, 4], [2.5, 6], [0.5, 6]]],
};

export function randomCaptchaText(length: number = CaptchaPolicy.length): string {
  return Array.from({ length }, () => CaptchaPolicy.alphabet[randomInt(0, CaptchaPolicy.alphabet.length)]).join('');
}

const WIDTH = 160;
const HEIGHT = 50;
const n = (x: number) => (Math.round(x * 10) / 10).toString();

/**
 * The captcha image: each character drawn from the stroke font with its own size, rotation,
 * position and wobble, over and under noise curves and dots. `random` is for the geometry only
 * (the answer itself comes from the CSPRNG).
 */
export function renderCaptchaSvg(text: string, random: () => number = Math.random): string {
  const between = (a: number, b: number) => a + (b - a) * random();
  const ink = () => `hsl(${Math.floor(between(0, 360))},${Math.floor(between(45, 75))}%,${Math.floor(between(22, 38))}%)`;
  const pale = () => `hsl(${Math.floor(between(0, 360))},${Math.floor(between(30, 60))}%,${Math.floor(between(62, 80))}%)`;

  const curve = (color: string, width: number) => {
    const y = () => between(6, HEIGHT - 6);
    return `<path d="M${n(between(-5, 10))} ${n(y())} C${n(between(30, 70))} ${n(between(-20, 70))} ${n(between(90, 130))} ${n(between(-20, 70))} ${n(between(150, 165))} ${n(y())}" fill="none" stroke="${color}" stroke-width="${n(width)}"/>`;
  };

  const parts: string[] = [`<rect width="${WIDTH}" height="${HEIGHT}" fill="hsl(${Math.floor(between(0, 360))},40%,95%)"/>`];
  for (let i = 0; i < 3; i++) parts.push(curve(pale(), between(1, 2.5)));
  for (let i = 0; i < 30; i++) parts.push(`<circle cx="${n(between(0, WIDTH))}" cy="${n(between(0, HEIGHT))}" r="${n(between(0.6, 1.6))}" fill="${pale()}"/>`);

  const slot = (WIDTH - 20) / text.length;
  [...text].forEach((ch, i) => {
    const strokes = glyphs[ch];
    if (!strokes) throw new Error(`no glyph for ${ch}`);
    const scale = between(3.7, 4.5);
    const angle = (between(-22, 22) * Math.PI) / 180;
    const skew = between(-0.25, 0.25);
    const cx = 10 + slot * (i + 0.5) + between(-3, 3);
    const cy = HEIGHT / 2 + between(-3, 3);
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    const place = ([gx, gy]: readonly [number, number]) => {
      const x = (gx - 2 + between(-0.22, 0.22) + skew * (gy - 3)) * scale;
      const y = (gy - 3 + between(-0.22, 0.22)) * scale;
      return `${n(cx + x * cos - y * sin)} ${n(cy + x * sin + y * cos)}`;
    };
    const d = strokes.map((s) => `M${s.map(place).join(' L')}`).join(' ');
    parts.push(`<path d="${d}" fill="none" stroke="${ink()}" stroke-width="${n(between(2.2, 3.2))}" stroke-linecap="round" stroke-linejoin="round"/>`);
  });

  // Lines over the characters, in ink colours, so they cannot be told apart by colour alone.
  for (let i = 0; i < 2; i++) parts.push(curve(ink(), between(1.2, 2)));

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img">${parts.join('')}</svg>`;
}

/**
 * Captchas are single use (a wrong answer spends one too), bound to the form they were made for
 * and kept five minutes; only an HMAC of the answer is stored.
 */
/** What is stored of an answer: an HMAC bound to the captcha and its form, case-insensitive. */
export const captchaAnswerHash = (key: Buffer, id: string, purpose: CaptchaPurpose, answer: string) =>
  createHmac('sha256', key).update(`${id}\u0000${purpose}\u0000${answer.toUpperCase()}`, 'utf8').digest('hex');

export function createCaptchas(db: Database, clock: Clock, key: Buffer) {
  const answerHash = (id: string, purpose: CaptchaPurpose, answer: string) => captchaAnswerHash(key, id, purpose, answer);

  return {
    /** A new captcha for `purpose`. `text` is for tests that need to know the answer. */
    async create(purpose: CaptchaPurpose, text: string = randomCaptchaText()) {
      const now = clock.now();
      const captchaId = randomToken(18);
      const expiresAt = now + CaptchaPolicy.ttlMs;
      // Keeps the table small without a job: every new captcha sweeps a few long-dead ones.
      await db.query('DELETE FROM captchas WHERE id IN (SELECT id FROM captchas WHERE expires_at < $1 LIMIT 100)', [new Date(now - 3_600_000)]);
      await db.query('INSERT INTO captchas (id, purpose, answer_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
        captchaId,
        purpose,
        answerHash(captchaId, purpose, text),
        new Date(now),
        new Date(expiresAt),
      ]);
      return { captchaId, svg: renderCaptchaSvg(text), expiresAt };
    },

    /**
     * Spends the captcha: -3034 when none was given, -3035 when it is wrong, expired, used,
     * unknown or for another purpose. Not part of the caller's transaction, so a refusal later in
     * the request cannot give the captcha back.
     */
    async verify(purpose: CaptchaPurpose, captchaId: string | undefined, captchaCode: string | undefined): Promise<void> {
      if (!captchaId || !captchaCode) throw new ApiRefusal(CaptchaError.required);
      const now = new Date(clock.now());
      const rows = await db.query<{ answer_hash: string }>(
        `UPDATE captchas SET used_at = $3 WHERE id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3 RETURNING answer_hash`,
        [captchaId, purpose, now],
      );
      const stored = rows[0]?.answer_hash;
      const given = answerHash(captchaId, purpose, captchaCode);
      if (!stored || stored.length !== given.length || !timingSafeEqual(Buffer.from(stored), Buffer.from(given))) {
        throw new ApiRefusal(CaptchaError.incorrect);
      }
    },
  };
}
export type Captchas = ReturnType<typeof createCaptchas>;
