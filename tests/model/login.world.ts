// The real world one login path runs in: accounts on the real server, the answers each step of
// the path expects arranged as server state (a locked account, an unconfirmed one, a code already
// sent, a broken table), and the server-side checks of each state. Both walks use it: (a) sends
// the events to the actor, (b) types and clicks them through the screen.
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { AccountFields, EntranceToken, LoginInvokeId } from '../../machines/login/login.types';
import { CodePolicy } from '../../server/auth/codes';
import type { FakeClock } from '../../server/clock';
import { accountFields, createTestAccount, loginBody, uniqueEmail, type TestAccount } from '../helpers/accounts';
import type { useTestServer } from '../helpers/test-server';
import type { useGoogleStub } from './google-stub';
import { expectChallengeFor, expireShownChallenge } from './captcha-walks';
import type { ClientWorld } from './real-server';

type Server = ReturnType<typeof useTestServer>;
type Output = { kind?: string; errCode?: number } | undefined;

/** Seconds the walks configure as the resend countdown, so a default of 60 would show. */
export const CONFIGURED_COUNTDOWN = 45;
const WRONG_PASSWORD = 'wrong-password-0';

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
  private undo: Array<{ answer: string; run: () => Promise<void> }> = [];
  /** The answer being arranged: a fault lasts until that answer has come. */
  private arranging = '';

  constructor(
    private server: Server,
    private clock: FakeClock,
    private google: ReturnType<typeof useGoogleStub>,
    readonly client: ClientWorld,
  ) {}

  private async fresh(options: Parameters<typeof createTestAccount>[1] = {}) {
    return createTestAccount(this.server, options);
  }

  /** A storage fault in `table` until the answer it was arranged for has come (HTTP 500, -2499). */
  private async breakTable(table: string) {
    await this.server.db.query(`ALTER TABLE ${table} RENAME TO ${table}_unavailable`);
    this.undo.push({ answer: this.arranging, run: async () => void (await this.server.db.query(`ALTER TABLE ${table}_unavailable RENAME TO ${table}`)) });
  }

  /** A storage fault on writing a row of `table` only, so the reads before it still work. */
  private async breakInserts(table: string) {
    await this.server.db.query(
      `CREATE OR REPLACE FUNCTION model_walk_fault() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'storage fault arranged by the model walk'; END $$ LANGUAGE plpgsql`,
    );
    await this.server.db.query(`CREATE TRIGGER model_walk_fault BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION model_walk_fault()`);
    this.undo.push({ answer: this.arranging, run: async () => void (await this.server.db.query(`DROP TRIGGER model_walk_fault ON ${table}`)) });
  }

  /** Ends the faults arranged for `answer` (all of them without one). */
  async repair(answer?: string) {
    const due = this.undo.filter((u) => answer === undefined || u.answer === answer);
    this.undo = this.undo.filter((u) => !due.includes(u));
    for (const u of due) await u.run();
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
    const to = this.codeTarget?.account?.email;
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

  private async tokenFor(account: TestAccount) {
    const res = await this.server.get(`/dev/sso-link?uid=${account.uid}`);
    const { appToken, accountId, loginId } = res.body as unknown as EntranceToken;
    return { appToken, accountId, loginId };
  }

  /**
   * Makes the server give `event`'s answer to the call the next step starts. `cause` is the event
   * that starts it (a resend keeps the account the dialog was opened for).
   */
  async arrange(event: EventObject, cause: EventObject | undefined) {
    const [, kind, id] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
    const output = (event as { output?: Output }).output;
    const refusal = output?.kind === 'refused' ? output.errCode : undefined;
    const fail = kind === 'error';
    this.arranging = event.type;
    switch (id as LoginInvokeId) {
      case 'tokenLogin': {
        const account = await this.fresh();
        const token = await this.tokenFor(account);
        // A token whose signature does not match (21 outside the STB scene, 201 inside it).
        this.entranceToken = refusal !== undefined ? { ...token, appToken: `${token.appToken.slice(0, -2)}AA` } : token;
        if (fail) await this.breakInserts('sessions');
        return;
      }
      case 'loadConfig':
        if (fail) await this.breakTable('site_settings');
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
        if (refusal === 9) await this.unconfirm(account);
        if (refusal === 197) await this.setStatus(account, 'login_not_allowed');
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
        if (fail) await this.breakInserts('sessions');
        return;
      }
      case 'loadCaptcha':
        // Each new challenge sweeps long-spent ones first.
        if (fail) await this.breakTable('captchas');
        return;
      case 'sendCode': {
        // As for the password: the shown challenge runs out before it is sent.
        if (refusal === -3035) return expireShownChallenge(this.clock);
        const resend = cause?.type === 'CODE_RESEND_REQUESTED' && this.codeTarget?.account;
        const account = resend ? this.codeTarget!.account! : await this.fresh();
        if (refusal === 1 && !resend) {
          this.codeTarget = { fields: { account: uniqueEmail('nobody') }, account: null };
          return;
        }
        this.codeTarget = { fields: accountFields(account), account };
        if (refusal === 1) await this.server.db.query(`UPDATE accounts SET email = $2 WHERE uid = $1`, [account.uid, uniqueEmail('moved')]);
        // A code went out moments ago: the countdown is running (docs/decisions/006).
        if (refusal === -3031) await this.server.post('/api/user/sendVerificationCode/v1', { ...accountFields(account), channel: 'email', purpose: 'login' });
        if (refusal === 17) await this.failPasswords(account, 5);
        if (refusal === -3034) await this.makeCodeCaptchaDue(account);
        if (fail) await this.breakInserts('verification_codes');
        return;
      }
      case 'codeLogin': {
        const account = this.codeTarget!.account!;
        this.codeChoice = refusal === 11 || refusal === 17 ? 'wrong' : 'right';
        if (refusal === 9) await this.unconfirm(account);
        if (refusal === 197) await this.setStatus(account, 'login_not_allowed');
        if (refusal === 17) await this.failPasswords(account, 4);
        if (refusal === 1) await this.server.db.query(`UPDATE accounts SET email = $2 WHERE uid = $1`, [account.uid, uniqueEmail('moved')]);
        if (fail) await this.breakInserts('sessions');
        return;
      }
      case 'googleLogin': {
        const account = await this.fresh();
        if (refusal === 9) await this.unconfirm(account);
        if (refusal === 197) await this.setStatus(account, 'login_not_allowed');
        // No account has this address: 1.
        const email = refusal === 1 ? uniqueEmail('stranger') : account.email!;
        this.googleCredential = await this.google.credential(email, this.clock.now());
        if (fail) await this.breakInserts('sessions');
        return;
      }
      default:
        throw new Error(`no arrangement for ${event.type}`);
    }
  }

  private async codesLastHour(account: TestAccount) {
    const rows = await this.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM verification_codes WHERE account_uid = $1 AND created_at > $2', [
      account.uid,
      new Date(this.clock.now() - 3_600_000),
    ]);
    return Number(rows[0]?.n ?? 0);
  }

  /** docs/decisions/006: from the 4th code within an hour a captcha is due (each after the countdown). */
  private async makeCodeCaptchaDue(account: TestAccount) {
    // The server never enforces less than 60 s, whatever the site configures.
    const countdown = (Math.max(CONFIGURED_COUNTDOWN, CodePolicy.minCountdownSeconds) + 1) * 1000;
    while ((await this.codesLastHour(account)) < 3) {
      this.clock.advance(countdown);
      await this.server.post('/api/user/sendVerificationCode/v1', { ...accountFields(account), channel: 'email', purpose: 'login' });
    }
    this.clock.advance(countdown);
  }

  /** The server's side of a state the actor reached, and the answer it gave. */
  async check(reached: AnyMachineSnapshot, event: EventObject) {
    const output = (event as { output?: Output }).output;
    await this.repair(event.type);
    // The real answer is the one the path expected: its catalogue code is in the context.
    if (output?.kind === 'refused') expect(reached.context.errCode).toBe(output.errCode);
    if (event.type.startsWith('xstate.error.actor.')) expect(reached.context.error).toMatchObject({ errCode: -2499 });
    if (event.type === 'xstate.done.actor.loadConfig') expect(reached.context.countdownSeconds).toBe(CONFIGURED_COUNTDOWN);
    if (reached.matches('loggedIn')) {
      // A session the server accepts.
      const info = reached.context.userInfo;
      const res = await this.server.post(
        '/api/user/queryInfo/v1',
        { uid: info.uid, account: info.account, type: info.type },
        { Authorization: info.token, Language: 'en' },
      );
      expect(res.body.code).toBe(0);
    }
    if (reached.matches('leftForNotice')) expect(this.client.effects).toContainEqual(['navigate', `/notice?type=stbLoginErr&code=${reached.context.errCode}`]);
    if (reached.matches({ form: 'locked' })) {
      const uid = this.login?.account.uid ?? this.codeTarget?.account?.uid;
      const rows = await this.server.db.query('SELECT 1 FROM account_lockouts WHERE account_uid = $1', [uid]);
      expect(rows.length).toBeGreaterThan(0);
    }
    if (event.type === 'xstate.done.actor.sendCode' && output?.kind === 'sent') expect(await this.lastCode()).toMatch(/^\d{4}$/);
    if (event.type === 'xstate.done.actor.loadCaptcha')
      await expectChallengeFor(this.server.db, reached.context.captcha, reached.matches({ form: 'codeTab' }) ? 'sendCode' : 'login');
  }
}
