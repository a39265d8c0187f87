import type { components } from '../../openapi/schema';
import { areaCodeList, parsePhone } from '../data/area-codes';
import type { Queryable } from '../db/database';
import { ApiRefusal, ErrCode } from '../errors';
import type { Language } from '../../core/i18n/languages';
import { defineHandlers } from '../openapi/bind';
import { EMAIL_LINK_HOURS } from '../../core/config/email-links';
import {
  accountForBinding,
  accountToConfirm,
  bindAccountEmail,
  confirmAccountEmail,
  createEmailAccount,
  createPhoneAccount,
  emailTaken,
  phoneAccountBinding,
  phoneTaken,
} from '../repositories/signup-repository';
import type { ServerServices } from '../services';
import { maskEmail } from '../auth/accounts';
import { SessionError } from '../auth/sessions';
import { consumeEmailToken, createEmailToken } from '../auth/email-tokens';
import { createSendThrottle } from '../auth/send-throttle';
import { grantWelcomeCode } from '../billing/coupons';
type SignupRequest = components['schemas']['SignupRequest'];

/** The catalogue's codes this module answers with (spec section 8). */
export const SignupError = {
  emailEmpty: 4,
  accountFormat: 5,
  emailExists: 6,
  emailFormat: 8,
  bindEmailEmpty: 12,
  phoneExists: 13,
  emailNotAvailable: 187,
  linkUnavailable: 10302,
  bindingFailed: 10303,
  tooFrequent: -3031,
} as const;

/** Confirmation and binding links work for EMAIL_LINK_HOURS. */
export const LINK_TTL_MS = EMAIL_LINK_HOURS * 3_600_000;
/** At most one confirmation email per address per minute (the client's countdown is 60 s too). */
export const RESEND_INTERVAL_MS = 60_000;

const UNIQUE_VIOLATION = '23505';
const basicEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;

type Target = { type: 'email'; email: string } | { type: 'phone'; areaCode: string; phone: string; bindEmail: string | null };

export function signupHandlers(services: ServerServices) {
  const { db, clock, config, hasher, sessions, site } = services;
  const throttle = createSendThrottle(services.secret);
  /** Confirmation and binding links share one limit per address. */
  const resendBucket = 'confirmationEmail';

  const link = (page: 'activate' | 'bindEmailConfirmed', token: string, lang: Language) =>
    `${config.publicUrl}/${page}?${new URLSearchParams({ token, la: lang }).toString()}`;

  /** Spec section 5: emails are checked against the site's rule; without a usable one, the basic shape. */
  async function emailIsValid(email: string): Promise<boolean> {
    if (email.length > 254 || !basicEmail.test(email)) return false;
    try {
      const rule = (await site.setting('siteConfig')).validRules?.email;
      return rule ? new RegExp(rule).test(email) : true;
    } catch {
      return true;
    }
  }

  async function readTarget(body: SignupRequest): Promise<Target> {
    const account = body.account.trim();
    if (account === '') throw new ApiRefusal(SignupError.emailEmpty);
    if (account.includes('@')) {
      const email = account.toLowerCase();
      if (!(await emailIsValid(email))) throw new ApiRefusal(SignupError.emailFormat);
      if (body.email !== undefined) throw new ApiRefusal(ErrCode.invalidRequest, 400, 'email is for phone accounts');
      return { type: 'email', email };
    }
    if (!/^[0-9]+$/.test(account)) throw new ApiRefusal(SignupError.accountFormat);
    const phone = parsePhone(body.areaCode, account);
    if (!phone.ok) throw new ApiRefusal(phone.errCode);
    let bindEmail: string | null = null;
    if (body.email !== undefined) {
      bindEmail = body.email.trim().toLowerCase();
      if (bindEmail === '') throw new ApiRefusal(SignupError.bindEmailEmpty);
      if (!(await emailIsValid(bindEmail))) throw new ApiRefusal(SignupError.emailFormat);
    }
    return { type: 'phone', areaCode: phone.areaCode, phone: phone.national, bindEmail };
  }

  /** Sends the link of `purpose` to `email` in the account's language, in the caller's transaction. */
  async function sendLink(
    tx: Queryable,
    {
      purpose,
      accountUid,
      email,
      nickname,
      lang,
      now,
    }: { purpose: 'confirm' | 'bindEmail'; accountUid: number; email: string; nickname: string; lang: Language; now: number },
  ) {
    const token = await createEmailToken(tx, { purpose, accountUid, email, now, ttlMs: LINK_TTL_MS });
    const hours = LINK_TTL_MS / 3_600_000;
    if (purpose === 'confirm') {
      await services.outbox.send(tx, {
        accountUid,
        channel: 'email',
        to: email,
        lang,
        template: 'confirmEmail',
        params: { nickname, link: link('activate', token, lang), hours },
      });
    } else {
      await services.outbox.send(tx, {
        accountUid,
        channel: 'email',
        to: email,
        lang,
        template: 'bindEmail',
        params: { nickname, link: link('bindEmailConfirmed', token, lang), hours },
      });
    }
  }

  return defineHandlers({
    async signup({ body, ctx, request }) {
      // The contract's `const: true` stops this at the door; checked again so a contract edit cannot open it.
      if (body.acceptTerms !== true) throw new ApiRefusal(ErrCode.invalidRequest, 400, 'terms not accepted');
      const target = await readTarget(body);

      if (target.type === 'email' && (await emailTaken(db, target.email))) throw new ApiRefusal(SignupError.emailExists);
      if (target.type === 'phone') {
        if (await phoneTaken(db, target.areaCode, target.phone)) throw new ApiRefusal(SignupError.phoneExists);
        if (target.bindEmail && (await emailTaken(db, target.bindEmail))) throw new ApiRefusal(SignupError.emailNotAvailable);
      }

      const passwordHash = await hasher.hash(body.password);
      const now = clock.now();
      try {
        return await db.transaction(async (tx) => {
          if (target.type === 'email') {
            const uid = await createEmailAccount(tx, { email: target.email, nickname: body.nickname, passwordHash, language: body.language, now });
            await grantWelcomeCode(tx, uid, now);
            await sendLink(tx, { purpose: 'confirm', accountUid: uid, email: target.email, nickname: body.nickname, lang: body.language, now });
            await throttle.touch(tx, resendBucket, target.email, now);
            return { account: target.email, type: 'email' as const, confirmationRequired: true };
          }

          // A phone account is active at once (docs/decisions/005): it has nothing to confirm.
          const uid = await createPhoneAccount(tx, {
            areaCode: target.areaCode,
            phone: target.phone,
            nickname: body.nickname,
            passwordHash,
            language: body.language,
            now,
          });
          await grantWelcomeCode(tx, uid, now);
          if (target.bindEmail) {
            await sendLink(tx, { purpose: 'bindEmail', accountUid: uid, email: target.bindEmail, nickname: body.nickname, lang: body.language, now });
            await throttle.touch(tx, resendBucket, target.bindEmail, now);
          }
          const session = await sessions.open(tx, { accountUid: uid, loginType: 'password', ctx, userAgent: request.headers['user-agent'] });
          return {
            account: target.phone,
            type: 'phone' as const,
            confirmationRequired: false,
            userInfo: {
              token: session.token,
              uid: String(uid),
              account: target.phone,
              type: 'phone' as const,
              expiration: session.expiresAt,
              accountLoginType: 'password' as const,
            },
          };
        });
      } catch (error) {
        // Two sign-ups for one account at once: the database's unique key decides, the loser hears why.
        if (isUniqueViolation(error)) throw new ApiRefusal(target.type === 'email' ? SignupError.emailExists : SignupError.phoneExists);
        throw error;
      }
    },

    async activateAccount({ body }) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const used = await consumeEmailToken(tx, { token: body.token, purpose: 'confirm', now });
        if (!used) throw new ApiRefusal(SignupError.linkUnavailable);
        const confirmed = await confirmAccountEmail(tx, used.accountUid, used.email, now);
        if (confirmed === undefined) throw new ApiRefusal(SignupError.linkUnavailable);
        return { account: confirmed, type: 'email' as const };
      });
    },

    async resendConfirmation({ body }) {
      const email = body.email.trim().toLowerCase();
      const now = clock.now();
      await db.transaction(async (tx) => {
        // Counted for every address, known or not, so the limit itself reveals no account.
        if (!(await throttle.take(tx, resendBucket, email, now, RESEND_INTERVAL_MS))) throw new ApiRefusal(SignupError.tooFrequent, 429);

        const account = await accountToConfirm(tx, email);
        if (account) {
          if (account.type === 'email' && account.verified_at === null) {
            await sendLink(tx, { purpose: 'confirm', accountUid: Number(account.uid), email, nickname: account.nickname, lang: account.language, now });
          }
          return;
        }
        // No account holds the address: it may be one a phone account asked to bind.
        const phoneAccount = await phoneAccountBinding(tx, email);
        if (phoneAccount) {
          await sendLink(tx, {
            purpose: 'bindEmail',
            accountUid: Number(phoneAccount.uid),
            email,
            nickname: phoneAccount.nickname,
            lang: phoneAccount.language,
            now,
          });
        }
      });
      return { email: maskEmail(email), resendAfter: RESEND_INTERVAL_MS / 1000 };
    },

    /** Settings: a phone account adds an email later, by the link a phone sign-up would have sent (ADR 042). */
    async requestEmailBinding({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const email = body.email.trim().toLowerCase();
      if (email === '') throw new ApiRefusal(SignupError.bindEmailEmpty);
      if (!(await emailIsValid(email))) throw new ApiRefusal(SignupError.emailFormat);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const account = await accountForBinding(tx, accountUid);
        if (!account) throw new ApiRefusal(SessionError.invalid, 401);
        if (account.type !== 'phone' || account.email !== null)
          throw new ApiRefusal(ErrCode.invalidRequest, 400, 'only a phone account without an email adds one');
        if (await emailTaken(tx, email)) throw new ApiRefusal(SignupError.emailNotAvailable);
        if (!(await throttle.take(tx, resendBucket, email, now, RESEND_INTERVAL_MS))) throw new ApiRefusal(SignupError.tooFrequent, 429);
        await sendLink(tx, { purpose: 'bindEmail', accountUid, email, nickname: account.nickname, lang: account.language, now });
      });
      return { email: maskEmail(email), resendAfter: RESEND_INTERVAL_MS / 1000 };
    },

    async confirmEmailBinding({ body }) {
      const now = clock.now();
      try {
        return await db.transaction(async (tx) => {
          const used = await consumeEmailToken(tx, { token: body.token, purpose: 'bindEmail', now });
          if (!used) throw new ApiRefusal(SignupError.bindingFailed);
          const bound = await bindAccountEmail(tx, used.accountUid, used.email);
          if (!bound) throw new ApiRefusal(SignupError.bindingFailed);
          return { uid: String(bound.uid), email: bound.email };
        });
      } catch (error) {
        // Another account took the address after the link was sent.
        if (isUniqueViolation(error)) throw new ApiRefusal(SignupError.bindingFailed);
        throw error;
      }
    },

    async listPhoneAreaCodes({ ctx }) {
      return areaCodeList(ctx.lang);
    },
  });
}
