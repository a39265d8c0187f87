import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../openapi/schema';
import { createGoogleVerifier, GoogleTokenError, nicknameFrom, type GoogleIdentity } from '../auth/google';
import { createRecaptchaVerifier, encodeSiteKey, RecaptchaUnavailableError } from '../auth/recaptcha';
import { SessionError } from '../auth/sessions';
import { checkSsoToken, mintSsoToken, resolveSsoKey, spendSsoLogin, ssoLink } from '../auth/sso';
import type { Queryable } from '../db/database';
import { ApiRefusal, ErrCode } from '../errors';
import { isLanguage } from '../../core/i18n/languages';
import { defineHandlers, type RequestContext } from '../openapi/bind';
import {
  findSignInAccount,
  linkGoogleIdentity,
  mustResetPassword,
  setAccountLanguage,
  setNickname,
  setSubscribeEmail,
  uidByEmail,
  type SignInAccount,
} from '../repositories/account-repository';
import { countRequest, sweepRequestCounters } from '../repositories/request-counter-repository';
import { createGoogleAccount, googleIdentityTaken } from '../repositories/signup-repository';
import { MissingSettingError } from '../repositories/site-repository';
import { recordTrackingEvent } from '../repositories/tracking-repository';
import type { ServerServices } from '../services';
import { grantWelcomeCode } from '../billing/coupons';

type Schemas = components['schemas'];

/** The catalogue's codes this module answers with (spec section 8). */
export const AccountErr = {
  accountNotFound: 1,
  accountExists: 6,
  notVerified: 9,
  invalidToken: 21,
  emailNotAvailable: 187,
  loginNotAllowed: 197,
  /** STB scene: the token was bad (the client shows the notice page). */
  stbBadToken: 201,
  /** STB scene: the token was good but the account cannot log in. */
  stbAccountProblem: 203,
  selectCountryCode: 4000,
  invalidUid: 6699,
  loginBlocked: 7004,
  tooFrequent: -3031,
  configurationError: -3036,
  serviceUnavailable: -24050,
} as const;

/** Per client IP and minute; beyond it reports are dropped silently and the other calls answer -3031. */
export const RequestLimits = {
  report: 120,
  recaptchaVerify: 30,
  urvLookup: 30,
} as const;

const DAY_MS = 86_400_000;

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

export function accountHandlers(services: ServerServices) {
  const { db, clock, config, sessions, site, accountInfo } = services;
  const ssoKey = resolveSsoKey(config, services.secret);
  const googleClientId = config.googleClientId;
  const verifyGoogle = googleClientId ? createGoogleVerifier({ clientId: googleClientId, jwksUrl: config.googleJwksUrl, clock }) : null;
  const verifyRecaptcha =
    config.recaptchaSiteKey && config.recaptchaSecret
      ? createRecaptchaVerifier({ secret: config.recaptchaSecret, verifyUrl: config.recaptchaVerifyUrl })
      : null;

  /** The refusal for an account that exists but cannot log in, or undefined when it can. */
  function accountProblem(account: SignInAccount): number | undefined {
    if (account.status === 'login_not_allowed') return AccountErr.loginNotAllowed;
    if (account.status === 'blocked') return AccountErr.loginBlocked;
    if (!account.verified_at) return AccountErr.notVerified;
    return undefined;
  }

  async function openSession(
    tx: Queryable,
    account: SignInAccount,
    loginType: Schemas['AccountLoginType'],
    ctx: RequestContext,
    request: FastifyRequest,
  ): Promise<Schemas['UserInfo']> {
    const { token, expiresAt } = await sessions.open(tx, { accountUid: account.uid, loginType, ctx, userAgent: request.headers['user-agent'] });
    return {
      token,
      uid: String(account.uid),
      account: (account.type === 'email' ? account.email : account.phone) ?? '',
      type: account.type,
      expiration: expiresAt,
      accountLoginType: loginType,
    };
  }

  /** Fixed one-minute windows in the database, so every server process counts together. */
  async function withinLimit(bucket: keyof typeof RequestLimits, key: string): Promise<boolean> {
    const now = clock.now();
    const windowStart = new Date(now - (now % 60_000));
    const count = await countRequest(db, bucket, key, windowStart);
    // Old windows are swept now and then rather than on every call.
    if (Math.random() < 0.02) await sweepRequestCounters(db, new Date(now - 3_600_000));
    return count <= RequestLimits[bucket];
  }

  async function googleIdentity(credential: string): Promise<GoogleIdentity> {
    if (!verifyGoogle) throw new ApiRefusal(ErrCode.operationNotSupported, 200, 'google sign-in is not configured');
    try {
      return await verifyGoogle(credential);
    } catch (error) {
      if (!(error instanceof GoogleTokenError)) throw error;
      if (error.kind === 'unavailable')
        throw new ApiRefusal(AccountErr.serviceUnavailable, 503, `google keys unavailable: ${String((error.cause as Error | undefined)?.message ?? '')}`);
      if (error.kind === 'unverified-email') throw new ApiRefusal(AccountErr.emailNotAvailable, 200, 'google e-mail missing or not verified');
      throw new ApiRefusal(AccountErr.invalidToken, 200, `google token: ${(error.cause as { code?: string } | undefined)?.code ?? 'invalid'}`);
    }
  }

  return defineHandlers({
    /** Spec section 2: the TV or mobile app opens the portal with t, a and e (docs/decisions/007). */
    async loginBySso({ body, ctx, request }) {
      const stb = ctx.scene === 'STB';
      const badToken = (detail: string) => new ApiRefusal(stb ? AccountErr.stbBadToken : AccountErr.invalidToken, 200, `sso: ${detail}`);
      const accountRefusal = (code: number) => new ApiRefusal(stb ? AccountErr.stbAccountProblem : code, 200, `sso: account refused with ${code}`);
      if (!ssoKey) throw new ApiRefusal(ErrCode.operationNotSupported, 200, 'sso: SSO_SECRET is not configured');

      const now = clock.now();
      const check = checkSsoToken(ssoKey, body, now);
      if (!check.ok) throw badToken(check.reason);
      const { claims } = check;

      return db.transaction(async (tx) => {
        const account = /^[0-9]{1,18}$/.test(claims.uid) ? await findSignInAccount(tx, 'uid', claims.uid) : undefined;
        if (!account) throw accountRefusal(AccountErr.accountNotFound);
        const problem = accountProblem(account);
        if (problem !== undefined) throw accountRefusal(problem);

        // Single use: the loginId is spent in the same transaction that opens the session.
        if (!(await spendSsoLogin(tx, { loginId: claims.loginId, accountUid: account.uid, now, expiresAt: claims.exp }))) throw badToken('replayed loginId');
        return openSession(tx, account, 'token', ctx, request);
      });
    },

    async getGoogleClient() {
      return { enabled: googleClientId !== undefined, clientId: googleClientId ?? '' };
    },

    /** By Google's id of the person, else by a verified e-mail of ours (which is then linked). */
    async loginWithGoogle({ body, ctx, request }) {
      const identity = await googleIdentity(body.credential);
      try {
        return await db.transaction(async (tx) => {
          let account = await findSignInAccount(tx, 'google_sub', identity.sub);
          if (!account) {
            account = await findSignInAccount(tx, 'email', identity.email);
            if (!account) throw new ApiRefusal(AccountErr.accountNotFound);
            // Another Google identity already owns this account (a recycled address): never re-link.
            if (account.google_sub !== null) throw new ApiRefusal(AccountErr.emailNotAvailable, 200, 'email linked to another google account');
            // Linking an unconfirmed account would let whoever registered it keep a way in.
            if (!account.verified_at) throw new ApiRefusal(AccountErr.notVerified);
          }
          const problem = accountProblem(account);
          if (problem !== undefined) throw new ApiRefusal(problem);
          if (account.google_sub === null) await linkGoogleIdentity(tx, account.uid, identity.sub);
          return openSession(tx, account, 'google', ctx, request);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiRefusal(AccountErr.emailNotAvailable, 200, 'google identity linked concurrently');
        throw error;
      }
    },

    /** A verified e-mail account straight away: Google vouched for the address. */
    async signupWithGoogle({ body, ctx, request }) {
      const identity = await googleIdentity(body.credential);
      const now = new Date(clock.now());
      try {
        return await db.transaction(async (tx) => {
          if (await googleIdentityTaken(tx, identity.sub, identity.email)) throw new ApiRefusal(AccountErr.accountExists);
          const account = await createGoogleAccount(tx, {
            email: identity.email,
            nickname: nicknameFrom(identity),
            language: body.language,
            googleSub: identity.sub,
            now,
          });
          await grantWelcomeCode(tx, account.uid, now.getTime());
          return openSession(tx, account, 'google', ctx, request);
        });
      } catch (error) {
        // Two sign-ups with the same identity at once: the second meets the unique index.
        if (isUniqueViolation(error)) throw new ApiRefusal(AccountErr.accountExists);
        throw error;
      }
    },

    async queryAccountInfo({ body, ctx }) {
      const { accountUid, sessionId } = await sessions.authenticate(ctx);
      if (body.uid !== String(accountUid)) throw new ApiRefusal(AccountErr.invalidUid);
      const now = clock.now();
      const a = await accountInfo.facts(accountUid, ctx.lang, now);
      if (!a) throw new ApiRefusal(SessionError.invalid, 401);

      const info: Schemas['AccountInfo'] = {
        uid: String(accountUid),
        type: a.type,
        nickname: a.nickname.slice(0, 32),
        account: (a.type === 'email' ? a.email : a.phone) ?? '',
        userType: 'free',
        accountCreationTime: a.createdAt,
        deviceSessions: a.liveSessionsEnd.filter((end) => end > now).length,
        limitCount: 1,
        userDevice: a.devices.map((d) => ({
          id: d.id,
          device: d.device.slice(0, 64),
          model: d.model.slice(0, 128),
          ip: d.ip.slice(0, 45),
          time: d.time,
          // Worked out per call: the facts are kept while the sessions do not change (docs/decisions/054).
          active: !d.revoked && d.expiresAt > now,
          current: d.sessionId === sessionId,
        })),
        unsubscribeEmail: !a.subscribeEmail,
        loginApp: a.loginApp,
        bizRemainingDays: 0,
        language: a.language,
      };
      // A phone account's bound email: settings shows it instead of offering to add one (ADR 042).
      if (a.type === 'phone' && a.email) info.email = a.email;
      if (a.plan) {
        const expires = a.plan.expiresAt;
        info.planId = String(a.plan.id);
        info.expiredTime = expires;
        if (a.plan.name) info.planName = a.plan.name.slice(0, 128);
        // Spec section 3: whole days left rounded up, 0 once past expiry; the plan's devices only while it runs.
        if (expires > now) {
          info.bizRemainingDays = Math.ceil((expires - now) / DAY_MS);
          info.userType = a.plan.deviceCount > 1 ? 'multi' : 'single';
          info.limitCount = a.plan.deviceCount;
        }
      }
      return info;
    },

    async logout({ ctx }) {
      const { sessionId } = await sessions.authenticate(ctx);
      await sessions.revoke(db, sessionId, 'logout');
      return null;
    },

    async getSupportPhone({ ctx }) {
      let contact;
      try {
        contact = await site.setting('contact');
      } catch (error) {
        if (error instanceof MissingSettingError) throw new ApiRefusal(AccountErr.configurationError, 200, 'contact setting missing');
        throw error;
      }
      const display = typeof contact.phone === 'string' ? contact.phone.trim() : '';
      const phone = `+${display.replace(/\D/g, '')}`;
      if (!display.startsWith('+') || !/^\+[0-9]{6,15}$/.test(phone) || display.length > 32) {
        throw new ApiRefusal(AccountErr.configurationError, 200, 'contact phone is not an international number');
      }
      const answer: Schemas['SupportPhone'] = { phone, display };
      const hours = contact.hours?.[ctx.lang] ?? contact.hours?.en;
      if (typeof hours === 'string') answer.hours = hours.slice(0, 128);
      const whatsapp = (contact as { whatsapp?: unknown }).whatsapp;
      if (typeof whatsapp === 'boolean') answer.whatsapp = whatsapp;
      return answer;
    },

    /**
     * Upgrade reset verification (docs/decisions/002, 007): the session's account, or the account
     * the log-in page names. An unknown account answers false, so the lookup says nothing log-in
     * does not; it is rate-limited per IP.
     */
    async queryUpgradeResetStatus({ body, ctx }) {
      if (body.account === undefined) {
        const { accountUid } = await sessions.authenticate(ctx);
        return { mustResetPassword: await mustResetPassword(db, { uid: accountUid }) };
      }
      if (!(await withinLimit('urvLookup', ctx.ip))) throw new ApiRefusal(AccountErr.tooFrequent, 429);
      const isPhone = /^[0-9]+$/.test(body.account);
      if (isPhone && !body.areaCode) throw new ApiRefusal(AccountErr.selectCountryCode);
      const by = isPhone ? { areaCode: body.areaCode, phone: body.account } : { email: body.account.toLowerCase() };
      return { mustResetPassword: await mustResetPassword(db, by) };
    },

    /**
     * The settings page's nickname (docs/decisions/021). The contract's Nickname pattern (a name as
     * people write it, docs/decisions/040) has already refused anything else with 5000.
     */
    async setNickname({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const nickname = body.nickname.trim();
      const stored = await setNickname(db, accountUid, nickname);
      if (stored === undefined) throw new ApiRefusal(SessionError.invalid, 401);
      return { nickname: stored };
    },

    /**
     * The language of the account's e-mails and text messages (docs/decisions/049). The contract's
     * Lang has already refused an unknown one with 5000; one the site has switched off is refused
     * the same way, since nothing else of the portal is shown in it.
     */
    async setAccountLanguage({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      if (!(await site.enabledLanguages()).includes(body.language))
        throw new ApiRefusal(ErrCode.invalidRequest, 200, `language ${body.language} is not offered`);
      const stored = await setAccountLanguage(db, accountUid, body.language);
      if (stored === undefined) throw new ApiRefusal(SessionError.invalid, 401);
      return { language: stored };
    },

    /** A GET that changes state (spec section 7); answers the resulting status. */
    async setMarketingSubscription({ query, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const subscribe = Number(query.subscribeStatus) === 1;
      return { subscribeStatus: (await setSubscribeEmail(db, accountUid, subscribe)) ? 1 : 0 };
    },

    /**
     * Tracking never fails the page: anonymous reports are welcome, a bad or stale session is
     * ignored, reports beyond the per-IP limit and storage faults are dropped (and logged).
     */
    async report({ body, ctx, request }) {
      try {
        if (!(await withinLimit('report', ctx.ip))) {
          request.log.info('tracking report dropped: rate limit');
          return null;
        }
        const accountUid = ctx.token
          ? await sessions.authenticate(ctx).then(
              (s) => s.accountUid,
              () => null,
            )
          : null;
        // The body's uid is the client's claim; only the session says who reported.
        const { uid: _claimed, ...payload } = body;
        await recordTrackingEvent(db, {
          eventId: body.eventId,
          pageId: body.pageId,
          verCode: body.verCode,
          accountUid,
          payload: { ...payload, fingerprint: ctx.fingerprint },
          now: clock.now(),
        });
      } catch (error) {
        request.log.warn({ err: error }, 'tracking report dropped: storage failed');
      }
      return null;
    },

    /** The encoded site key, or an empty string when the captcha is off (the client skips it). */
    async getSiteKey() {
      return config.recaptchaSiteKey && verifyRecaptcha ? encodeSiteKey(config.recaptchaSiteKey) : '';
    },

    async verifyRecaptcha({ body, ctx }) {
      if (!verifyRecaptcha) throw new ApiRefusal(ErrCode.operationNotSupported, 200, 'captcha is not configured');
      if (!(await withinLimit('recaptchaVerify', ctx.ip))) throw new ApiRefusal(AccountErr.tooFrequent, 429);
      try {
        return await verifyRecaptcha(body.token, ctx.ip);
      } catch (error) {
        if (error instanceof RecaptchaUnavailableError)
          throw new ApiRefusal(AccountErr.serviceUnavailable, 503, String((error.cause as Error | undefined)?.message ?? error.cause));
        throw error;
      }
    },
  });
}

/**
 * Development and tests only (never registered in production): a signed token-log-in link for an
 * account, as the TV app would open it. GET /dev/sso-link?uid=100001 (or ?email=…), optional
 * scene=STB|APP|WEB and lang=pt|en|es|ru.
 */
export function devSsoLink(services: ServerServices) {
  const key = resolveSsoKey(services.config, services.secret);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const q = (request.query ?? {}) as Record<string, unknown>;
    const scene = q.scene === 'STB' || q.scene === 'APP' || q.scene === 'WEB' ? q.scene : undefined;
    const lang = isLanguage(q.lang) ? q.lang : undefined;
    let uid = typeof q.uid === 'string' ? q.uid : undefined;
    if (!uid && typeof q.email === 'string') {
      const found = await uidByEmail(services.db, q.email.toLowerCase());
      if (found !== undefined) uid = String(found);
    }
    if (!key) return reply.status(404).send({ error: 'token log-in is off' });
    if (!uid || !/^[A-Za-z0-9_-]{1,64}$/.test(uid)) return reply.status(400).send({ error: 'give ?uid=<account uid> or ?email=<an account e-mail>' });
    const token = mintSsoToken(key, { uid, now: services.clock.now() });
    return { url: ssoLink(services.config.publicUrl, token, { scene, lang }), ...token };
  };
}
