// The real world one password-recovery path runs in: accounts on the real server, the answers each
// step expects arranged as server state (a link or code sent moments ago, links enough in the hour
// for a captcha, a locked account, a spent link, a broken table), and the server-side checks of
// each state. Both walks use it: (a) sends the events to the actor, (b) types and clicks them.
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { AccountFields, PasswordRecoveryInvokeId } from '../../machines/password-recovery/password-recovery.types';
import { DEFAULT_COUNTDOWN } from '../../core/session/store';
import { CodePolicy } from '../../server/auth/codes';
import type { FakeClock } from '../../server/clock';
import { accountFields, createTestAccount, loginBody, uniqueEmail, uniquePhone, type TestAccount } from '../helpers/accounts';
import type { useTestServer } from '../helpers/test-server';
import { expectChallengeFor, expireShownChallenge, makeCodeCaptchaDue } from './captcha-walks';
import { ArrangedFaults } from './faults';
import { narrowEmailRule } from './login.world';

type Server = ReturnType<typeof useTestServer>;
type Output = { kind?: string; errCode?: number } | undefined;

export const NEW_PASSWORD = 'recovered-password-7';
const WRONG_PASSWORD = 'wrong-password-0';
const REQUEST_LINK = '/api/site/resetPasswordByEmail';

export class RecoveryWorld {
  /** The account whose password is recovered. */
  account: TestAccount | null = null;
  /** What the user types in the request form. */
  fields: AccountFields = { account: '' };
  /** The reset link's token the page is opened with. */
  token: string | null = null;
  /** The code the user types: the one sent, or another one. */
  codeChoice: 'right' | 'wrong' = 'right';
  /** The password the last successful reset set. */
  newPassword = NEW_PASSWORD;
  private readonly faults: ArrangedFaults;

  constructor(
    private server: Server,
    private clock: FakeClock,
  ) {
    this.faults = new ArrangedFaults(server);
  }

  /** Ends the faults arranged for `answer` (all of them without one). */
  repair(answer?: string) {
    return this.faults.repair(answer);
  }

  /** The site accepts only example.org addresses until the answer this was arranged for has come. */
  private async narrowEmailRule() {
    this.faults.add(await narrowEmailRule(this.server));
  }

  private async fresh() {
    this.account = await createTestAccount(this.server);
    this.fields = accountFields(this.account);
    return this.account;
  }

  private async failPasswords(account: TestAccount, times: number) {
    for (let i = 0; i < times; i++) await this.server.post('/api/user/login/v1', loginBody(account, WRONG_PASSWORD));
  }

  private async newest(template: string) {
    const messages = await this.server.services.outbox.list({ to: this.account!.email!, limit: 5 });
    return messages.find((m) => m.template === template);
  }

  /** The newest reset code sent to the account (read from the server's outbox). */
  async lastCode(): Promise<string> {
    const code = (await this.newest('verificationCode'))?.text.match(/\b(\d{4})\b/)?.[1];
    if (!code) throw new Error(`no code was sent to ${this.account?.email}`);
    return code;
  }

  /** The code the user types: the one sent, or another one. */
  async typedCode(): Promise<string> {
    const code = await this.lastCode();
    return this.codeChoice === 'right' ? code : String((Number(code) + 1) % 10_000).padStart(4, '0');
  }

  /** The token of the newest reset link mailed to the account. */
  async lastToken(): Promise<string> {
    const link = (await this.newest('resetPasswordLink'))?.text.match(/https?:\/\/\S+/)?.[0];
    const token = link ? new URL(link).searchParams.get('token') : null;
    if (!token) throw new Error(`no reset link was sent to ${this.account?.email}`);
    return token;
  }

  /**
   * Makes the server give `event`'s answer to the call the next step starts. `cause` is the event
   * that starts it (a resend keeps the account the request was made for).
   */
  async arrange(event: EventObject, cause: EventObject | undefined) {
    const { id, refusal, fail } = this.faults.begin(event);
    const resend = cause?.type === 'RESEND_REQUESTED' && this.account !== null;
    switch (id as PasswordRecoveryInvokeId) {
      case 'sendLink': {
        // The account that asked for the captcha, whose challenge runs out before it is sent.
        if (refusal === -3035) return expireShownChallenge(this.clock);
        const account = resend ? this.account! : await this.fresh();
        // A link went out moments ago: the countdown is running (docs/decisions/006).
        if (refusal === -3031) await this.server.post(REQUEST_LINK, { email: account.email });
        if (refusal === -3034) {
          // From the 4th link in an hour a captcha is due.
          for (let i = 0; i < 3; i++) {
            await this.server.post(REQUEST_LINK, { email: account.email });
            this.clock.advance(61_000);
          }
        }
        // 8: the site's address rule (siteConfig.validRules) does not take this address.
        if (refusal === 8) await this.narrowEmailRule();
        if (fail) await this.faults.breakInserts('email_tokens');
        return;
      }
      case 'sendCode': {
        if (refusal === -3035) return expireShownChallenge(this.clock);
        if (refusal === 4000 && resend) throw new Error('a resend goes to the account a code already went to: it cannot lack its country code');
        const account = resend ? this.account! : await this.fresh();
        // 5: the address breaks the site's rule; 4000: phone digits without a country code.
        if (refusal === 5) await this.narrowEmailRule();
        if (refusal === 4000) this.fields = { account: uniquePhone() };
        if (refusal === -3031)
          await this.server.post('/api/user/sendVerificationCode/v1', { ...accountFields(account), channel: 'email', purpose: 'resetPassword' });
        // docs/decisions/006: the 5th failure within 15 minutes locks the account.
        if (refusal === 17) await this.failPasswords(account, 5);
        if (refusal === -3034) await makeCodeCaptchaDue(this.server, this.clock, account, 'resetPassword', DEFAULT_COUNTDOWN);
        if (fail) await this.faults.breakInserts('verification_codes');
        return;
      }
      case 'loadCaptcha':
        // Each new challenge sweeps long-spent ones first.
        if (fail) await this.faults.breakTable('captchas');
        return;
      case 'resetByCode':
        this.codeChoice = refusal === 11 || refusal === 17 ? 'wrong' : 'right';
        // Wrong codes count with wrong passwords: the 5th failure locks and answers 17.
        if (refusal === 17) await this.failPasswords(this.account!, 4);
        if (refusal === 5) await this.narrowEmailRule();
        // The code is typed after its 10 minutes.
        if (refusal === 10) this.clock.advance(CodePolicy.ttlMs + 1);
        // The account moved to another address meanwhile: nothing was sent to the one typed.
        if (refusal === 4597) await this.server.db.query('UPDATE accounts SET email = $2 WHERE uid = $1', [this.account!.uid, uniqueEmail('moved')]);
        // The owner's "password changed" notice cannot be written.
        if (fail) await this.faults.breakInserts('outbox');
        return;
      case 'checkLink': {
        const account = await this.fresh();
        await this.server.post(REQUEST_LINK, { email: account.email });
        const token = await this.lastToken();
        // A token no link has (10302, as for a used or expired one).
        this.token = refusal === 10302 ? `${token.slice(0, -4)}AAAA` : token;
        if (fail) await this.faults.breakTable('email_tokens');
        return;
      }
      case 'resetByLink':
        // The link was used meanwhile, in another tab.
        if (refusal === 10302) await this.server.post('/api/site/email/resetPassword', { token: this.token, password: 'used-elsewhere-9' });
        if (fail) await this.faults.breakInserts('outbox');
        return;
      default:
        throw new Error(`no arrangement for ${event.type}`);
    }
  }

  /** The server's side of a state the actor reached, and the answer it gave. */
  async check(reached: AnyMachineSnapshot, event: EventObject) {
    const output = (event as { output?: Output }).output;
    await this.faults.answered(reached, event);
    if (event.type === 'xstate.done.actor.sendLink' && output?.kind === 'sent') {
      expect(await this.lastToken()).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      expect(reached.context.sentTo).toBe(`${this.account!.email![0]}***@example.com`);
    }
    if (event.type === 'xstate.done.actor.sendCode' && output?.kind === 'sent') expect(await this.lastCode()).toMatch(/^\d{4}$/);
    // A real challenge for the way the user asked by (docs/decisions/037).
    if (event.type === 'xstate.done.actor.loadCaptcha')
      await expectChallengeFor(this.server.db, reached.context.captcha, reached.context.codeAccount ? 'sendCode' : 'resetPassword');
    if (event.type === 'xstate.done.actor.checkLink' && output?.kind === 'live') expect(reached.context.linkEmail).toBe(this.account!.email);
    if (reached.matches('done')) {
      // The new password works, the old one does not, and the owner was told.
      expect((await this.server.post('/api/user/login/v1', loginBody(this.account!, this.newPassword))).body.code).toBe(0);
      expect((await this.server.post('/api/user/login/v1', loginBody(this.account!))).body.errCode).toBe(4596);
      expect(await this.newest('passwordChanged')).toBeTruthy();
    }
    if (reached.matches('linkUnavailable') && output?.kind === 'refused') {
      expect((await this.server.post('/api/site/obtain/resetPassword/email', { token: this.token })).body.errCode).toBe(10302);
    }
  }
}
