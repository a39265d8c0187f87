import type { components } from '../../openapi/schema';
import { accountName, findAccount, findAccountByUid, parseAccountIdentifier, smsAddress, type AccountIdentifier, type AccountRecord } from '../auth/accounts';
import { createCaptchas, type CaptchaPurpose } from '../auth/captcha';
import { CodeError, CodePolicy, createCodes, type CodeCheck, type CodePurpose } from '../auth/codes';
import { captchaDue, createLockout, createUnknownLockout, createUnknownSends, identifierKey, LOCKED, type RecentSends } from '../auth/lockout';
import { createPasswordSetter } from '../auth/new-password';
import { SessionError } from '../auth/sessions';
import { createSiteRules } from '../auth/site-rules';
import type { Queryable } from '../db/database';
import { ApiRefusal } from '../errors';
import { defineHandlers, type RequestContext } from '../openapi/bind';
import { deriveKey } from '../security/secrets';
import { randomToken } from '../security/tokens';
import type { ServerServices } from '../services';

type UserInfo = components['schemas']['UserInfo'];
type LoginType = components['schemas']['AccountLoginType'];

/** The catalogue's codes this module answers with (spec section 8; docs/decisions/006). */
export const AuthError = {
  noEmailAccount: 1,
  noPhoneAccount: 2,
  /** A wrong current password on the password change (the caller is logged in, nothing to hide). */
  incorrectPassword: 3,
  /** Log-in by password, for an unknown account and a wrong password alike (docs/decisions/006). */
  invalidCredentials: 4596,
  accountFormat: 5,
  /** The account exists but has no address for the chosen channel (SMS to an email account…). */
  noAccountForChannel: 7,
  emailFormat: 8,
  notVerified: 9,
  locked: LOCKED,
  loginNotAllowed: 197,
  selectAreaCode: 4000,
  blocked: 7004,
  linkUnavailable: 10302,
  tooFrequent: -3031,
} as const;

const tooFrequent = (detail: string) => new ApiRefusal(AuthError.tooFrequent, 429, detail);

/** Log-in by password and by code, the codes themselves, and a password reset by code or changed (spec section 5). */
export function authHandlers(services: ServerServices) {
  const { db, clock, config, hasher, sessions, site, outbox } = services;
  const lockout = createLockout(db, clock);
  const unknownLockout = createUnknownLockout(db, clock);
  const unknownSends = createUnknownSends(db, clock);
  const identifierHashKey = deriveKey(services.secret, 'unknown-login');
  // CAPTCHA_MAX_NUMBER: tests make the proof of work cheap (docs/decisions/037).
  const captchas = createCaptchas(db, clock, deriveKey(services.secret, 'captcha'), { maxNumber: config.captchaMaxNumber });
  const codes = createCodes(db, clock, deriveKey(services.secret, 'codes'));

  // Unknown accounts are answered after a hash comparison too, so timing does not tell them apart.
  let dummy: Promise<string> | undefined;
  const dummyHash = () => (dummy ??= hasher.hash(randomToken(16)));
  void dummyHash().catch(() => (dummy = undefined));

  const rules = createSiteRules(site);
  const setPassword = createPasswordSetter({ clock, lockout, codes, sessions, outbox });

  /** Reads the account field: 4000 for phone digits without a country code, 5 when it breaks the site's rules. */
  async function identify(account: string, areaCode: string | undefined): Promise<Exclude<AccountIdentifier, { kind: 'phoneWithoutAreaCode' }>> {
    const id = parseAccountIdentifier(account, areaCode);
    if (id.kind === 'phoneWithoutAreaCode') throw new ApiRefusal(AuthError.selectAreaCode);
    const valid = await rules.validRules();
    const rule = id.kind === 'email' ? valid.email : valid.phone;
    if (rule && !rule.test(id.kind === 'email' ? id.email : id.phone)) throw new ApiRefusal(AuthError.accountFormat);
    return id;
  }

  const notFound = (id: AccountIdentifier) => new ApiRefusal(id.kind === 'email' ? AuthError.noEmailAccount : AuthError.noPhoneAccount);

  /** After the credential was right: blocked 7004, not allowed 197, an email not confirmed yet 9. */
  function admit(account: AccountRecord) {
    if (account.status === 'blocked') throw new ApiRefusal(AuthError.blocked);
    if (account.status === 'login_not_allowed') throw new ApiRefusal(AuthError.loginNotAllowed);
    if (account.type === 'email' && account.verifiedAt === null) throw new ApiRefusal(AuthError.notVerified);
  }

  async function openSession(
    q: Queryable,
    account: AccountRecord,
    loginType: LoginType,
    ctx: RequestContext,
    userAgent: string | undefined,
  ): Promise<UserInfo> {
    const { token, expiresAt } = await sessions.open(q, { accountUid: account.uid, loginType, ctx, userAgent });
    return { token, uid: String(account.uid), account: accountName(account), type: account.type, expiration: expiresAt, accountLoginType: loginType };
  }

  /**
   * Compares a password with the lockout's bookkeeping: 17 while locked, `wrong` when wrong (17
   * when that failure locked the account). A missing hash (a Google-only account) never matches.
   */
  async function checkPassword(account: AccountRecord, password: string, ctx: RequestContext, wrong: number): Promise<void> {
    const reservation = await lockout.reserve(account.uid, 'password', ctx.ip);
    let ok: boolean;
    try {
      ok = await hasher.verify(account.passwordHash ?? (await dummyHash()), password);
      ok = ok && account.passwordHash !== null;
    } catch (error) {
      await lockout.forgive(reservation);
      throw error;
    }
    if (!ok) {
      const locked = await lockout.confirm(account.uid, reservation);
      throw new ApiRefusal(locked ? AuthError.locked : wrong);
    }
    await lockout.clearFailures(db, account.uid);
  }

  /**
   * A password log-in for an identifier no account has walks the known account's path: its own
   * lockout (so the 6th try answers 17 here too), the captcha after a lockout, the same round trips
   * and an argon2 comparison, then 4596 like a wrong password.
   */
  async function refuseUnknown(
    id: Exclude<AccountIdentifier, { kind: 'phoneWithoutAreaCode' }>,
    body: { password: string; captchaId?: string; captchaCode?: string },
  ): Promise<never> {
    const key = identifierKey(identifierHashKey, id);
    const state = await unknownLockout.state(key);
    if (state.lockedUntil !== null) throw new ApiRefusal(LOCKED, 200, { lockedUntil: state.lockedUntil });
    await captchaIfNeeded(captchaDue(state), 'login', body);
    const reservation = await unknownLockout.reserve(key);
    try {
      await hasher.verify(await dummyHash(), body.password);
    } catch (error) {
      await unknownLockout.forgive(reservation);
      throw error;
    }
    throw new ApiRefusal((await unknownLockout.confirm(key)) ? AuthError.locked : AuthError.invalidCredentials);
  }

  /** Maps a code check to its refusal; a wrong guess counts towards the account's lockout. */
  async function requireCode(account: AccountRecord, purpose: CodePurpose, code: string, ctx: RequestContext) {
    const outcome: CodeCheck = await codes.check(account.uid, purpose, code);
    if (outcome.status === 'notSent') throw new ApiRefusal(CodeError.notSent);
    if (outcome.status === 'expired') throw new ApiRefusal(CodeError.expired);
    if (outcome.status === 'incorrect') {
      const locked = await lockout.fail(account.uid, 'code', ctx.ip);
      throw new ApiRefusal(locked ? AuthError.locked : CodeError.incorrect);
    }
    return outcome;
  }

  /** Captcha when the recent count asks for it (-3034 without one, -3035 when not solved here for this form). */
  async function captchaIfNeeded(needed: boolean, purpose: CaptchaPurpose, given: { captchaId?: string; captchaCode?: string } | undefined) {
    if (needed) await captchas.verify(purpose, given?.captchaId, given?.captchaCode);
  }

  /** The limits of a reset code that goes nowhere, counted by the identifier's keyed hash. */
  async function silentCodeSend(key: string, captcha: { captchaId?: string; captchaCode?: string }, tooSoon: (r: RecentSends) => void) {
    const recent = await unknownSends.recent('resetCode', key);
    tooSoon(recent);
    await captchaIfNeeded(recent.lastHour >= CodePolicy.captchaAfterPerHour, 'sendCode', captcha);
    await unknownSends.record('resetCode', key, tooSoon);
  }

  return defineHandlers({
    async login({ body, ctx, request }) {
      const id = await identify(body.account, body.areaCode);
      const account = await findAccount(db, id);
      if (!account) return refuseUnknown(id, body);
      const state = await lockout.check(account.uid);
      await captchaIfNeeded(captchaDue(state), 'login', body);
      await checkPassword(account, body.password, ctx, AuthError.invalidCredentials);
      admit(account);
      return db.transaction((tx) => openSession(tx, account, 'password', ctx, request.headers['user-agent']));
    },

    async createCaptcha({ body }) {
      return captchas.create(body.purpose);
    },

    async sendVerificationCode({ body }) {
      const id = await identify(body.account, body.areaCode);
      const countdown = await rules.countdownSeconds();
      const account = await findAccount(db, id);
      const to = account ? (body.channel === 'sms' ? smsAddress(account) : account.email) : null;
      const intervalMs = countdown * 1000;
      const tooSoon = (r: { lastAt: number | null; lastDay: number }) => {
        if (r.lastAt !== null && clock.now() - r.lastAt < intervalMs) throw tooFrequent('code countdown');
        if (r.lastDay >= CodePolicy.dailyCap) throw tooFrequent('code daily cap');
      };
      if (!account || !to) {
        if (body.purpose !== 'resetPassword') throw account ? new ApiRefusal(AuthError.noAccountForChannel) : notFound(id);
        // Password reset tells nobody whether the account exists (or how it can be reached): the
        // lock and the limits answer as for a reachable account, and nothing is sent.
        if (account) await lockout.check(account.uid);
        else if ((await unknownLockout.state(identifierKey(identifierHashKey, id))).lockedUntil !== null) throw new ApiRefusal(LOCKED);
        await silentCodeSend(identifierKey(identifierHashKey, id), body, tooSoon);
        return { channel: body.channel, resendAfter: countdown, expiresAt: clock.now() + CodePolicy.ttlMs };
      }
      await lockout.check(account.uid);
      const recent = await codes.recent(db, account.uid, body.purpose);
      tooSoon(recent);
      await captchaIfNeeded(recent.lastHour >= CodePolicy.captchaAfterPerHour, 'sendCode', body);

      const sent = await db.transaction(async (tx) => {
        // One send per account at a time, so two parallel requests cannot both beat the countdown.
        await findAccountByUid(tx, account.uid, { forUpdate: true });
        tooSoon(await codes.recent(tx, account.uid, body.purpose));
        const { code, expiresAt } = await codes.issue(tx, { accountUid: account.uid, purpose: body.purpose, channel: body.channel });
        await outbox.send(tx, {
          accountUid: account.uid,
          channel: body.channel,
          to,
          lang: account.language,
          template: 'verificationCode',
          params: { code, minutes: CodePolicy.ttlMs / 60_000, purpose: body.purpose },
        });
        return { expiresAt };
      });
      return { channel: body.channel, resendAfter: countdown, expiresAt: sent.expiresAt };
    },

    async loginByCode({ body, ctx, request }) {
      const id = await identify(body.account, body.areaCode);
      const account = await findAccount(db, id);
      if (!account) throw notFound(id);
      await lockout.check(account.uid);
      const code = await requireCode(account, 'login', body.code, ctx);
      // A code proves the mailbox or phone, not who set the password: it does not confirm an
      // email account (docs/decisions/006), so an unconfirmed one still answers 9.
      admit(account);
      return db.transaction(async (tx) => {
        if (!(await codes.consume(tx, code.codeId))) throw new ApiRefusal(CodeError.expired);
        await lockout.clearFailures(tx, account.uid);
        return openSession(tx, account, 'code', ctx, request.headers['user-agent']);
      });
    },

    async resetPasswordByCode({ body, ctx }) {
      const id = await identify(body.account, body.areaCode);
      const account = await findAccount(db, id);
      // Nothing was sent to an account that does not exist, which is the truth either way.
      if (!account) throw new ApiRefusal(CodeError.notSent);
      await lockout.check(account.uid);
      const code = await requireCode(account, 'resetPassword', body.code, ctx);
      const passwordHash = await hasher.hash(body.password);
      await db.transaction(async (tx) => {
        const current = await findAccountByUid(tx, account.uid, { forUpdate: true });
        if (!current || !(await codes.consume(tx, code.codeId))) throw new ApiRefusal(CodeError.expired);
        await setPassword(tx, current, passwordHash, {
          reason: 'password_reset',
          confirmsEmail: current.type === 'email' && code.channel === 'email',
        });
      });
      return null;
    },

    async changePassword({ body, ctx }) {
      const s = await sessions.authenticate(ctx);
      const account = await findAccountByUid(db, s.accountUid);
      if (!account) throw new ApiRefusal(SessionError.invalid, 401);
      await lockout.check(account.uid);
      await checkPassword(account, body.oldPassword, ctx, AuthError.incorrectPassword);
      const passwordHash = await hasher.hash(body.newPassword);
      await db.transaction(async (tx) => {
        const current = await findAccountByUid(tx, account.uid, { forUpdate: true });
        if (!current) throw new ApiRefusal(SessionError.invalid, 401);
        await setPassword(tx, current, passwordHash, { reason: 'password_changed', keepSessionId: s.sessionId, confirmsEmail: false });
      });
      return null;
    },
  });
}
