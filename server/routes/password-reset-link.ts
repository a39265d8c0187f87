import { findAccountByEmail, findAccountByUid, maskEmail, normalizeEmail } from '../auth/accounts';
import { createCaptchas } from '../auth/captcha';
import { createCodes } from '../auth/codes';
import { consumeEmailToken, createEmailToken, liveResetLink, recentResetLinks } from '../auth/email-tokens';
import { createLockout, createUnknownSends, identifierKey } from '../auth/lockout';
import { createPasswordSetter } from '../auth/new-password';
import { createSiteRules } from '../auth/site-rules';
import { ApiRefusal } from '../errors';
import { defineHandlers } from '../openapi/bind';
import { deriveKey } from '../security/secrets';
import type { ServerServices } from '../services';
import { AuthError } from './auth';

export const ResetLinkPolicy = {
  ttlMs: 30 * 60_000,
  /** Reset links one account may be sent per 24 hours. */
  dailyCap: 10,
  /** From this many links within the last hour on, asking for another needs a captcha. */
  captchaAfterPerHour: 3,
} as const;

const tooFrequent = (detail: string) => new ApiRefusal(AuthError.tooFrequent, 429, detail);

/** Password reset by an emailed link (spec section 5): sending it, reading it, using it. */
export function passwordResetLinkHandlers(services: ServerServices) {
  const { db, clock, config, hasher, sessions, site, outbox } = services;
  const unknownSends = createUnknownSends(db, clock);
  const identifierHashKey = deriveKey(services.secret, 'unknown-login');
  // CAPTCHA_MAX_NUMBER: tests make the proof of work cheap (docs/decisions/037).
  const captchas = createCaptchas(db, clock, deriveKey(services.secret, 'captcha'), { maxNumber: config.captchaMaxNumber });
  const rules = createSiteRules(site);
  const setPassword = createPasswordSetter({
    clock,
    lockout: createLockout(db, clock),
    codes: createCodes(db, clock, deriveKey(services.secret, 'codes')),
    sessions,
    outbox,
  });

  /** Captcha when the recent count asks for it (-3034 without one, -3035 when not solved here for this form). */
  async function captchaIfNeeded(needed: boolean, given: { captchaId?: string; captchaCode?: string } | undefined) {
    if (needed) await captchas.verify('resetPassword', given?.captchaId, given?.captchaCode);
  }

  /**
   * Emails a reset link to a known address; an unknown one gets the same answer and nothing is
   * sent. The countdown, the daily cap and (from the 4th link in an hour) a captcha apply.
   */
  async function sendResetLink(typed: string, captcha: { captchaId?: string; captchaCode?: string } | undefined) {
    const email = normalizeEmail(typed);
    const { email: emailRule } = await rules.validRules();
    if (emailRule && !emailRule.test(email)) throw new ApiRefusal(AuthError.emailFormat);
    const countdown = await rules.countdownSeconds();
    const answer = { email: maskEmail(email), resendAfter: countdown };

    const intervalMs = countdown * 1000;
    const tooSoon = (r: { lastAt: number | null; lastDay: number }) => {
      if (r.lastAt !== null && clock.now() - r.lastAt < intervalMs) throw tooFrequent('reset link countdown');
      if (r.lastDay >= ResetLinkPolicy.dailyCap) throw tooFrequent('reset link daily cap');
    };
    const account = await findAccountByEmail(db, email);
    if (!account?.email) {
      // Nothing is sent, but the limits count as if it were, so -3031 and -3034 do not tell.
      const key = identifierKey(identifierHashKey, { kind: 'email', email });
      const recent = await unknownSends.recent('resetLink', key);
      tooSoon(recent);
      await captchaIfNeeded(recent.lastHour >= ResetLinkPolicy.captchaAfterPerHour, captcha);
      await unknownSends.record('resetLink', key, tooSoon);
      return answer;
    }
    const recent = await recentResetLinks(db, account.uid, clock.now());
    tooSoon(recent);
    await captchaIfNeeded(recent.lastHour >= ResetLinkPolicy.captchaAfterPerHour, captcha);

    await db.transaction(async (tx) => {
      await findAccountByUid(tx, account.uid, { forUpdate: true });
      tooSoon(await recentResetLinks(tx, account.uid, clock.now()));
      const now = clock.now();
      const token = await createEmailToken(tx, { purpose: 'resetPassword', accountUid: account.uid, email: account.email!, now, ttlMs: ResetLinkPolicy.ttlMs });
      const link = `${config.publicUrl}/reset-password?${new URLSearchParams({ token, la: account.language }).toString()}`;
      await outbox.send(tx, {
        accountUid: account.uid,
        channel: 'email',
        to: account.email!,
        lang: account.language,
        template: 'resetPasswordLink',
        params: { nickname: account.nickname, link, minutes: ResetLinkPolicy.ttlMs / 60_000 },
      });
    });
    return answer;
  }

  return defineHandlers({
    async requestPasswordResetEmail({ body }) {
      return sendResetLink(body.email, body);
    },

    async resendPasswordResetEmail({ query }) {
      // A GET cannot carry a captcha: when one is due it answers -3034 and the page asks again by POST.
      return sendResetLink(query.email, undefined);
    },

    async getPasswordResetEmail({ body }) {
      const link = await liveResetLink(db, body.token, clock.now());
      if (!link) throw new ApiRefusal(AuthError.linkUnavailable);
      return { email: link.email, expiresAt: link.expiresAt };
    },

    async resetPasswordByToken({ body }) {
      // Checked before hashing, so dead links cost no argon2 time.
      if (!(await liveResetLink(db, body.token, clock.now()))) throw new ApiRefusal(AuthError.linkUnavailable);
      const passwordHash = await hasher.hash(body.password);
      await db.transaction(async (tx) => {
        const link = await consumeEmailToken(tx, { token: body.token, purpose: 'resetPassword', now: clock.now() });
        const account = link ? await findAccountByUid(tx, link.accountUid, { forUpdate: true }) : null;
        // The address may have moved to another account since the link was sent.
        if (!link || !account || account.email !== link.email) throw new ApiRefusal(AuthError.linkUnavailable);
        await setPassword(tx, account, passwordHash, { reason: 'password_reset', confirmsEmail: account.type === 'email' });
      });
      return null;
    },
  });
}
