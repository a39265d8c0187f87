// The real world one login path runs in: accounts on the real server, the answers each step of
// the path expects arranged as server state (a locked account, an unconfirmed one, a code already
// sent, a broken table), and the server-side checks of each state. Both walks use it: (a) sends
// the events to the actor, (b) types and clicks them through the screen.
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { AccountFields, EntranceToken, LoginInvokeId } from '../../machines/login/login.types';
import { CodePolicy } from '../../server/auth/codes';
import type { FakeClock } from '../../server/clock';
import { accountFields, createTestAccount, loginBody, uniqueEmail, uniquePhone, type TestAccount } from '../helpers/accounts';
import { GOOGLE_KEYS_MAX_AGE_MS } from '../../server/auth/google';
import type { RedeployedServer, useTestServer } from '../helpers/test-server';
import type { useGoogleStub } from './google-stub';
import { expectChallengeFor, expireShownChallenge, makeCodeCaptchaDue } from './captcha-walks';
import { ArrangedFaults } from './faults';
import { sessionAnswer } from './session.model';
import type { ClientWorld } from './real-server';

type Server = ReturnType<typeof useTestServer>;
type Output = { kind?: string; errCode?: number } | undefined;

/** Seconds the walks configure as the resend countdown, so a default of 60 would show. */
export const CONFIGURED_COUNTDOWN = 45;
const WRONG_PASSWORD = 'wrong-password-0';
/** A uid no account has (accounts are numbered from 100001 up, in an integer column). */
const NOBODY_UID = 2_000_000_000;

/**
 * 5 for an email that breaks the site's rule (siteConfig.validRules, spec section 5): the site
 * accepts example.org addresses only, and the walks' accounts are at example.com. Returns the way back.
 */
export async function narrowEmailRule(server: Server): Promise<() => Promise<void>> {
  const [row] = await server.db.query<{ value: unknown }>(`SELECT value FROM site_settings WHERE key = 'siteConfig'`);
  await server.db.query(
    `UPDATE site_settings SET value = value || jsonb_build_object('validRules', coalesce(value->'validRules', '{}'::jsonb) || jsonb_build_object('email', $1::text)) WHERE key = 'siteConfig'`,
    ['^[^@]+@example\\.org$'],
  );
  return async () => void (await server.db.query(`UPDATE site_settings SET value = $1 WHERE key = 'siteConfig'`, [JSON.stringify(row!.value)]));
}

export async function configureCountdown(server: Server) {
  await server.db.query(`UPDATE site_settings SET value = jsonb_set(value, '{caffeineRegionVerify}', $1::jsonb) WHERE key = 'userConfig'`, [
    String(CONFIGURED_COUNTDOWN),
  ]);
}

export class LoginWorld {
  /** What the user types in the password form. */
  login: { fields: AccountFields; password: string; account: TestAccount } | null = null;
  private invalidCredentials = 0;
  /** The account the code form asks a code for. */
  codeTarget: { fields: AccountFields; account: TestAccount | null } | null = null;
  /** The code the user types in the dialog, chosen by the arrangement. */
  codeChoice: 'right' | 'wrong' = 'right';
  entranceToken: EntranceToken | null = null;
  googleCredential: string | null = null;
  /** The address in the last Google credential: one no account had when the log-in answered 1. */
  googleEmail: string | null = null;
  /** The events of the path being walked, to see what a step's answer leads to. */
  private steps: readonly EventObject[] = [];
  private readonly faults: ArrangedFaults;

  constructor(
    private server: Server,
    private clock: FakeClock,
    private google: ReturnType<typeof useGoogleStub>,
    readonly client: ClientWorld,
    /** The site as redeployed without token log-in and Google sign-in, on the same database (4598). */
    private redeployed?: RedeployedServer,
  ) {
    this.faults = new ArrangedFaults(server);
  }

  private async fresh(options: Parameters<typeof createTestAccount>[1] = {}) {
    return createTestAccount(this.server, options);
  }

  /** Ends the faults arranged for `answer` (all of them without one). */
  repair(answer?: string) {
    return this.faults.repair(answer);
  }

  /**
   * What the user types in the password form: as arranged for the answer that follows, or, on a
   * path that leaves before any answer (another tab chosen meanwhile), an account nobody has.
   */
  passwordForm(): { fields: AccountFields; password: string } {
    return this.login ?? { fields: { account: uniqueEmail('left') }, password: WRONG_PASSWORD };
  }

  /** What the user types in the code form: as arranged, or, on a path that leaves before the answer, an address nobody has. */
  codeForm(): AccountFields {
    return this.codeTarget?.fields ?? { account: uniqueEmail('left') };
  }

  /** The path the world is arranged for: an answer may depend on what a later one needs. */
  follow(path: { steps: ReadonlyArray<{ event: EventObject }> }) {
    this.steps = path.steps.map((s) => s.event);
  }

  /** The refusal the path expects from invocation `id` next after `event`, if any. */
  private refusalAfter(event: EventObject, id: LoginInvokeId): number | undefined {
    const next = this.steps.slice(this.steps.indexOf(event) + 1).find((e) => e.type === `xstate.done.actor.${id}`);
    return (next as { output?: { errCode?: number } } | undefined)?.output?.errCode;
  }

  private async narrowEmailRule() {
    this.faults.add(await narrowEmailRule(this.server));
  }

  /** Another address or number for the account: what the user types finds no account any more (1, 2). */
  private async moveAway(account: TestAccount) {
    if (account.type === 'phone') await this.server.db.query(`UPDATE accounts SET phone = $2 WHERE uid = $1`, [account.uid, uniquePhone()]);
    else await this.server.db.query(`UPDATE accounts SET email = $2 WHERE uid = $1`, [account.uid, uniqueEmail('moved')]);
  }

  private async failPasswords(account: TestAccount, times: number) {
    for (let i = 0; i < times; i++) await this.server.post('/api/user/login/v1', loginBody(account, WRONG_PASSWORD));
  }

  private async setStatus(account: TestAccount, status: 'login_not_allowed' | 'blocked') {
    await this.server.db.query('UPDATE accounts SET status = $2 WHERE uid = $1', [account.uid, status]);
  }

  private async unconfirm(account: TestAccount) {
    await this.server.db.query('UPDATE accounts SET verified_at = NULL WHERE uid = $1', [account.uid]);
  }

  /** The newest code sent to the code target (read from the server's outbox). */
  async lastCode(): Promise<string> {
    const to = this.codeTarget?.account?.email ?? this.codeTarget?.account?.smsTo;
    const [message] = to ? await this.server.services.outbox.list({ to, limit: 1 }) : [];
    const code = message?.text.match(/\b(\d{4})\b/)?.[1];
    if (!code) throw new Error(`no code was sent to ${to}`);
    return code;
  }

  /** The code the user types: the one sent, or another one. */
  async typedCode(): Promise<string> {
    const code = await this.lastCode();
    return this.codeChoice === 'right' ? code : String((Number(code) + 1) % 10_000).padStart(4, '0');
  }

  /**
   * 4598: the operator redeployed without the feature (production without SSO_SECRET, without
   * GOOGLE_CLIENT_ID) after the page had loaded with it, so the call meets the new server process.
   */
  private async featureOff(path: string) {
    if (!this.redeployed) throw new Error('4598 needs the site redeployed without the feature: pass the world a redeployed server');
    this.client.divertNext(path, await this.redeployed.app());
  }

  /**
   * -24050: Google's key endpoint fails once the keys the server holds have aged out by its clock
   * (docs/decisions/075), so it must fetch them again and cannot.
   */
  private googleKeysDown() {
    this.faults.add(this.google.keysDown());
    this.clock.advance(GOOGLE_KEYS_MAX_AGE_MS);
  }

  private async tokenFor(uid: number) {
    const res = await this.server.get(`/dev/sso-link?uid=${uid}`);
    const { appToken, accountId, loginId } = res.body as unknown as EntranceToken;
    return { appToken, accountId, loginId };
  }

  /**
   * Makes the server give `event`'s answer to the call the next step starts. `cause` is the event
   * that starts it (a resend keeps the account the dialog was opened for).
   */
  async arrange(event: EventObject, cause: EventObject | undefined) {
    const { id, refusal, fail } = this.faults.begin(event);
    switch (id as LoginInvokeId) {
      case 'tokenLogin': {
        const account = await this.fresh();
        // 1: a well-signed token for an account nobody has.
        const token = await this.tokenFor(refusal === 1 ? NOBODY_UID : account.uid);
        // 21 outside the STB scene, 201 inside it: a token whose signature does not match.
        this.entranceToken = refusal === 21 || refusal === 201 ? { ...token, appToken: `${token.appToken.slice(0, -2)}AA` } : token;
        if (refusal === 9) await this.unconfirm(account);
        if (refusal === 197) await this.setStatus(account, 'login_not_allowed');
        // 203 in the STB scene, for any account that cannot log in.
        if (refusal === 7004 || refusal === 203) await this.setStatus(account, 'blocked');
        if (refusal === 4598) await this.featureOff('/api/user/sso/v1');
        if (fail) await this.faults.breakInserts('sessions');
        return;
      }
      case 'loadConfig':
        if (fail) await this.faults.breakTable('site_settings');
        return;
      case 'passwordLogin': {
        // The account that asked for the captcha, whose challenge runs out before it is sent.
        if (refusal === -3035) return expireShownChallenge(this.clock);
        const account = await this.fresh();
        this.login = { fields: accountFields(account), password: account.password!, account };
        if (refusal === 4596) {
          // docs/decisions/006: one answer for a wrong password and for an account nobody has; the
          // walks meet both, by turns.
          this.login.password = WRONG_PASSWORD;
          if (this.invalidCredentials++ % 2 === 1) this.login.fields = { account: uniqueEmail('nobody') };
        }
        if (refusal === 5) await this.narrowEmailRule();
        // Phone digits without a country code.
        if (refusal === 4000) this.login.fields = { account: uniquePhone() };
        if (refusal === 9) await this.unconfirm(account);
        if (refusal === 197) await this.setStatus(account, 'login_not_allowed');
        if (refusal === 7004) await this.setStatus(account, 'blocked');
        if (refusal === 17) {
          // docs/decisions/006: the 5th failure within 15 minutes locks and already answers 17.
          await this.failPasswords(account, 4);
          this.login.password = WRONG_PASSWORD;
        }
        if (refusal === -3034) {
          // A captcha is due once an account locked within 24 hours fails again.
          await this.failPasswords(account, 5);
          this.clock.advance(15 * 60_000 + 1);
          await this.failPasswords(account, 1);
        }
        if (fail) await this.faults.breakInserts('sessions');
        return;
      }
      case 'loadCaptcha':
        // Each new challenge sweeps long-spent ones first.
        if (fail) await this.faults.breakTable('captchas');
        return;
      case 'sendCode': {
        // As for the password: the shown challenge runs out before it is sent.
        if (refusal === -3035) return expireShownChallenge(this.clock);
        if (refusal === 5) await this.narrowEmailRule();
        const resend = cause?.type === 'CODE_RESEND_REQUESTED' && this.codeTarget?.account;
        if (resend) {
          if (refusal === 4000) throw new Error('a resend goes to the account a code already went to: it cannot lack its country code');
          if (refusal === 1 || refusal === 2) await this.moveAway(this.codeTarget!.account!);
        } else if (refusal === 1 || refusal === 2 || refusal === 4000) {
          // No account has this address (1) or number (2); phone digits without a country code (4000).
          const fields = refusal === 1 ? { account: uniqueEmail('nobody') } : { account: uniquePhone(), ...(refusal === 2 ? { areaCode: '55' } : {}) };
          this.codeTarget = { fields, account: null };
          return;
        }
        // The code log-in that follows meets 2 only for a phone account: the code goes by SMS.
        const phone = !resend && this.refusalAfter(event, 'codeLogin') === 2;
        const account = resend ? this.codeTarget!.account! : await this.fresh(phone ? { phone: uniquePhone() } : {});
        this.codeTarget = { fields: accountFields(account), account };
        // A code went out moments ago: the countdown is running (docs/decisions/006).
        if (refusal === -3031) await this.server.post('/api/user/sendVerificationCode/v1', { ...accountFields(account), channel: 'email', purpose: 'login' });
        if (refusal === 17) await this.failPasswords(account, 5);
        if (refusal === -3034) await makeCodeCaptchaDue(this.server, this.clock, account, 'login', CONFIGURED_COUNTDOWN);
        if (fail) await this.faults.breakInserts('verification_codes');
        return;
      }
      case 'codeLogin': {
        const account = this.codeTarget!.account!;
        this.codeChoice = refusal === 11 || refusal === 17 ? 'wrong' : 'right';
        if (refusal === 9) await this.unconfirm(account);
        if (refusal === 197) await this.setStatus(account, 'login_not_allowed');
        if (refusal === 7004) await this.setStatus(account, 'blocked');
        if (refusal === 17) await this.failPasswords(account, 4);
        // The account changed its address (1) or number (2) meanwhile.
        if (refusal === 1 || refusal === 2) await this.moveAway(account);
        if (refusal === 5) await this.narrowEmailRule();
        // The code is typed after its 10 minutes.
        if (refusal === 10) this.clock.advance(CodePolicy.ttlMs + 1);
        if (refusal === 4597) {
          // The account moved to another address and a new account took this one: it was sent no code.
          await this.moveAway(account);
          await this.fresh({ email: account.email! });
        }
        if (fail) await this.faults.breakInserts('sessions');
        return;
      }
      case 'googleLogin': {
        const account = await this.fresh();
        if (refusal === 9) await this.unconfirm(account);
        if (refusal === 197) await this.setStatus(account, 'login_not_allowed');
        if (refusal === 7004) await this.setStatus(account, 'blocked');
        // The account is linked to another Google identity (a recycled address): 187.
        if (refusal === 187) await this.server.db.query('UPDATE accounts SET google_sub = $2 WHERE uid = $1', [account.uid, `another-google-${account.uid}`]);
        // No account has this address: 1.
        const email = refusal === 1 ? uniqueEmail('stranger') : account.email!;
        if (refusal === -24050) this.googleKeysDown();
        if (refusal === 4598) await this.featureOff('/api/user/google/login/v1');
        // 21: a credential Google issued two hours ago, expired an hour ago.
        this.googleCredential = await this.google.credential(email, this.clock.now() - (refusal === 21 ? 2 * 3_600_000 : 0));
        this.googleEmail = email;
        if (fail) await this.faults.breakInserts('sessions');
        return;
      }
      case 'googleSignup': {
        // The credential is the one the log-in answered 1 for: its address had no account then.
        // 6: an account took that address meanwhile.
        if (refusal === 6) await this.fresh({ email: this.googleEmail! });
        // 21: the customer confirmed after the token's hour had run out (Google's tokens last one hour).
        if (refusal === 21) this.clock.advance(2 * 3_600_000);
        if (refusal === -24050) this.googleKeysDown();
        if (refusal === 4598) await this.featureOff('/api/user/google/signup/v1');
        if (fail) await this.faults.breakInserts('sessions');
        return;
      }
      default:
        throw new Error(`no arrangement for ${event.type}`);
    }
  }

  /** The server's side of a state the actor reached, and the answer it gave. */
  async check(reached: AnyMachineSnapshot, event: EventObject) {
    const output = (event as { output?: Output }).output;
    await this.faults.answered(reached, event);
    if (event.type === 'xstate.done.actor.loadConfig') expect(reached.context.countdownSeconds).toBe(CONFIGURED_COUNTDOWN);
    if (reached.matches('loggedIn')) {
      // A session the server accepts.
      expect(await sessionAnswer(this.server, reached.context.userInfo)).toBe(0);
    }
    if (reached.matches('leftForNotice')) expect(this.client.effects).toContainEqual(['navigate', `/notice?type=stbLoginErr&code=${reached.context.errCode}`]);
    if (reached.matches({ form: 'locked' })) {
      const uid = this.login?.account.uid ?? this.codeTarget?.account?.uid;
      const rows = await this.server.db.query('SELECT 1 FROM account_lockouts WHERE account_uid = $1', [uid]);
      expect(rows.length).toBeGreaterThan(0);
    }
    if (event.type === 'xstate.done.actor.googleSignup') {
      // ADR 047: a confirmed email account, written in the page's language, its terms accepted; none on a refusal.
      const rows = await this.server.db.query<{ language: string; verified: boolean; terms: boolean }>(
        `SELECT language, verified_at IS NOT NULL AS verified, terms_accepted_at IS NOT NULL AS terms FROM accounts WHERE email = $1 AND google_sub IS NOT NULL`,
        [this.googleEmail],
      );
      expect(rows).toEqual(output?.kind === 'loggedIn' ? [{ language: 'en', verified: true, terms: true }] : []);
    }
    if (event.type === 'xstate.done.actor.sendCode' && output?.kind === 'sent') expect(await this.lastCode()).toMatch(/^\d{4}$/);
    if (event.type === 'xstate.done.actor.loadCaptcha')
      await expectChallengeFor(this.server.db, reached.context.captcha, reached.matches({ form: 'codeTab' }) ? 'sendCode' : 'login');
  }
}
