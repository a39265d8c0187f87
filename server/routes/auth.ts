import type { components } from '../../openapi/schema';
import {
  accountName,
  findAccount,
  findAccountByEmail,
  findAccountByUid,
  maskEmail,
  noticeAddress,
  normalizeEmail,
  parseAccountIdentifier,
  smsAddress,
  type AccountIdentifier,
  type AccountRecord,
} from '../auth/accounts';
import { createCaptchas, type CaptchaPurpose } from '../auth/captcha';
import { CodeError, CodePolicy, createCodes, type CodeCheck, type CodePurpose } from '../auth/codes';
import { captchaDue, createLockout, createUnknownLockout, createUnknownSends, identifierKey, LOCKED, type RecentSends } from '../auth/lockout';
import { SessionError } from '../auth/sessions';
import type { Queryable } from '../db/database';
import { ApiRefusal } from '../errors';
import { defineHandlers, type RequestContext } from '../openapi/bind';
import { deriveKey } from '../security/secrets';
import { randomToken, tokenHash } from '../security/tokens';
import type { ServerServices } from '../services';
import { consumeEmailToken, createEmailToken, retireEmailTokens } from '../auth/email-tokens';

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

export const ResetLinkPolicy = {
  ttlMs: 30 * 60_000,
  /** Reset links one account may be sent per 24 hours. */
  dailyCap: 10,
  /** From this many links within the last hour on, asking for another needs a captcha. */
  captchaAfterPerHour: 3,
} as const;

const tooFrequent = (detail: string) => new ApiRefusal(AuthError.tooFrequent, 429, detail);

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

  const ruleCache = new Map<string, RegExp | null>();
  const compiled = (rule: string | undefined) => {
    if (!rule) return null;
    if (!ruleCache.has(rule)) {
      try {
        ruleCache.set(rule, new RegExp(rule));
      } catch {
        ruleCache.set(rule, null);
      }
    }
    return ruleCache.get(rule) ?? null;
  };
  /** Spec section 5: the site's email and phone rules; without them, values are accepted. */
  async function validRules() {
    try {
      const rules = (await site.setting('siteConfig')).validRules;
      return { email: compiled(rules?.email), phone: compiled(rules?.phone) };
    } catch {
      return { email: null, phone: null };
    }
  }

  /**
   * The countdown (spec section 9): userConfig's `caffeineRegionVerify` seconds, else 60. What the
   * server enforces (and answers as `resendAfter`) is never below 60 s, whatever the site says
   * (docs/decisions/006).
   */
  async function countdownSeconds(): Promise<number> {
    let configured: number = CodePolicy.defaultCountdownSeconds;
    try {
      const s = (await site.setting('userConfig')).caffeineRegionVerify;
      if (typeof s === 'number' && Number.isFinite(s) && s >= 0) configured = Math.floor(s);
    } catch {
      // The default stands.
    }
    return Math.max(configured, CodePolicy.minCountdownSeconds);
  }

  /** Reads the account field: 4000 for phone digits without a country code, 5 when it breaks the site's rules. */
  async function identify(account: string, areaCode: string | undefined): Promise<Exclude<AccountIdentifier, { kind: 'phoneWithoutAreaCode' }>> {
    const id = parseAccountIdentifier(account, areaCode);
    if (id.kind === 'phoneWithoutAreaCode') throw new ApiRefusal(AuthError.selectAreaCode);
    const rules = await validRules();
    const rule = id.kind === 'email' ? rules.email : rules.phone;
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

  async function openSession(q: Queryable, account: AccountRecord, loginType: LoginType, ctx: RequestContext, userAgent: string | undefined): Promise<UserInfo> {
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
  async function refuseUnknown(id: Exclude<AccountIdentifier, { kind: 'phoneWithoutAreaCode' }>, body: { password: string; captchaId?: string; captchaCode?: string }): Promise<never> {
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

  /**
   * The new password is in place: lockout and must-reset cleared, live codes and reset links
   * spent, sessions ended (all, or all but the caller's), and the owner told.
   */
  async function setPassword(
    tx: Queryable,
    account: AccountRecord,
    passwordHash: string,
    how: { reason: 'password_reset' | 'password_changed'; keepSessionId?: number; confirmsEmail: boolean },
  ) {
    const now = new Date(clock.now());
    await tx.query(
      `UPDATE accounts SET password_hash = $2, must_reset_password = false,
         verified_at = CASE WHEN $3::boolean THEN COALESCE(verified_at, $4) ELSE verified_at END
       WHERE uid = $1`,
      [account.uid, passwordHash, how.confirmsEmail, now],
    );
    await lockout.clear(tx, account.uid);
    await codes.burnAll(tx, account.uid);
    await retireEmailTokens(tx, account.uid, 'resetPassword', now.getTime());
    await sessions.revokeAllOf(tx, account.uid, how.reason, how.keepSessionId);
    const to = noticeAddress(account);
    if (to) await outbox.send(tx, { accountUid: account.uid, ...to, lang: account.language, template: 'passwordChanged', params: { nickname: account.nickname } });
  }

  /** Captcha when the recent count asks for it (-3034 without one, -3035 when not solved here for this form). */
  async function captchaIfNeeded(needed: boolean, purpose: CaptchaPurpose, given: { captchaId?: string; captchaCode?: string } | undefined) {
    if (needed) await captchas.verify(purpose, given?.captchaId, given?.captchaCode);
  }

  async function recentResetLinks(q: Queryable, accountUid: number) {
    const now = clock.now();
    const rows = await q.query<{ last_at: Date | null; last_hour: number; last_day: number }>(
      `SELECT max(created_at) AS last_at, count(*) FILTER (WHERE created_at > $2)::int AS last_hour, count(*)::int AS last_day
       FROM email_tokens WHERE account_uid = $1 AND purpose = 'resetPassword' AND created_at > $3`,
      [accountUid, new Date(now - 3_600_000), new Date(now - 86_400_000)],
    );
    const r = rows[0];
    return { lastAt: r?.last_at ? new Date(r.last_at).getTime() : null, lastHour: Number(r?.last_hour ?? 0), lastDay: Number(r?.last_day ?? 0) };
  }

  /**
   * Emails a reset link to a known address; an unknown one gets the same answer and nothing is
   * sent. The countdown, the daily cap and (from the 4th link in an hour) a captcha apply.
   */
  async function sendResetLink(typed: string, captcha: { captchaId?: string; captchaCode?: string } | undefined) {
    const email = normalizeEmail(typed);
    const { email: emailRule } = await validRules();
    if (emailRule && !emailRule.test(email)) throw new ApiRefusal(AuthError.emailFormat);
    const countdown = await countdownSeconds();
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
      await captchaIfNeeded(recent.lastHour >= ResetLinkPolicy.captchaAfterPerHour, 'resetPassword', captcha);
      await unknownSends.record('resetLink', key, tooSoon);
      return answer;
    }
    const recent = await recentResetLinks(db, account.uid);
    tooSoon(recent);
    await captchaIfNeeded(recent.lastHour >= ResetLinkPolicy.captchaAfterPerHour, 'resetPassword', captcha);

    await db.transaction(async (tx) => {
      await findAccountByUid(tx, account.uid, { forUpdate: true });
      tooSoon(await recentResetLinks(tx, account.uid));
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

  /** The limits of a reset code that goes nowhere, counted by the identifier's keyed hash. */
  async function silentCodeSend(key: string, captcha: { captchaId?: string; captchaCode?: string }, tooSoon: (r: RecentSends) => void) {
    const recent = await unknownSends.recent('resetCode', key);
    tooSoon(recent);
    await captchaIfNeeded(recent.lastHour >= CodePolicy.captchaAfterPerHour, 'sendCode', captcha);
    await unknownSends.record('resetCode', key, tooSoon);
  }

  /** The live reset link of `token`, without spending it. */
  async function liveResetLink(q: Queryable, token: string) {
    const rows = await q.query<{ account_uid: number; email: string; expires_at: Date }>(
      `SELECT account_uid, email, expires_at FROM email_tokens
       WHERE token_hash = $1 AND purpose = 'resetPassword' AND used_at IS NULL AND expires_at > $2`,
      [tokenHash(token), new Date(clock.now())],
    );
    const row = rows[0];
    return row ? { accountUid: Number(row.account_uid), email: row.email, expiresAt: new Date(row.expires_at).getTime() } : null;
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
      const countdown = await countdownSeconds();
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

    async requestPasswordResetEmail({ body }) {
      return sendResetLink(body.email, body);
    },

    async resendPasswordResetEmail({ query }) {
      // A GET cannot carry a captcha: when one is due it answers -3034 and the page asks again by POST.
      return sendResetLink(query.email, undefined);
    },

    async getPasswordResetEmail({ body }) {
      const link = await liveResetLink(db, body.token);
      if (!link) throw new ApiRefusal(AuthError.linkUnavailable);
      return { email: link.email, expiresAt: link.expiresAt };
    },

    async resetPasswordByToken({ body }) {
      // Checked before hashing, so dead links cost no argon2 time.
      if (!(await liveResetLink(db, body.token))) throw new ApiRefusal(AuthError.linkUnavailable);
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
