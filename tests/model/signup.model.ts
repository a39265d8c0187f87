// The sign-up machine's graph for the walks, and the real world its answers are arranged in.
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { signupMachine, type SignupMachine } from '../../machines/signup/signup.machine';
import { createSignupActors } from '../../machines/signup/signup.actors';
import type { SignupFields } from '../../machines/signup/signup.types';
import { createTestAccount, uniqueEmail, uniquePhone } from '../helpers/accounts';
import type { useTestServer } from '../helpers/test-server';
import { insertFault } from './faults';
import { sessionAnswer } from './session.model';
import type { GraphModel } from './harness';

const user = { token: 'graph', uid: '1', account: 'graph', type: 'phone', expiration: 1, accountLoginType: 'password' };
const done = (output: unknown) => ({ type: 'xstate.done.actor.signup', output });
const answers: EventObject[] = [
  done({ kind: 'confirmationSent', account: 'graph@example.com' }),
  done({ kind: 'signedUp', account: '11999999999', userInfo: user }),
  done({ kind: 'refused', errCode: 6 }),
  done({ kind: 'refused', errCode: 4000 }),
  { type: 'xstate.error.actor.signup', error: new Error('signup') } as EventObject,
];
const userEvents: EventObject[] = [
  { type: 'SIGNUP_SUBMITTED', fields: { account: 'graph@example.com', password: 'graph-password', nickname: 'Graph' }, acceptTerms: true } as EventObject,
  { type: 'NOTICE_DISMISSED' },
];

export const signupInputs = { web: { language: 'en', returnTo: '/orders' } } as const;

/** The machine's graph for both walks: stand-in actors suffice, since each walk runs the machine with its own. */
export function signupGraph(machine: SignupMachine = signupMachine.provide({ actors: createSignupActors({} as never) })): GraphModel<SignupMachine> {
  return {
    machine,
    inputs: signupInputs,
    events: (snapshot) => [...userEvents.filter((e) => snapshot.can(e as never)), ...(snapshot.children.signup ? answers : [])],
  };
}

type Server = ReturnType<typeof useTestServer>;

/** What the user types, chosen so the server gives the answer the path expects. */
export class SignupWorld {
  fields: SignupFields = { account: '', password: 'signup-password-1', nickname: 'Walker' };
  private undo: Array<() => Promise<void>> = [];
  constructor(private server: Server) {}

  async arrange(event: EventObject) {
    const output = (event as { output?: { kind: string; errCode?: number } }).output;
    const fields = { password: 'signup-password-1', nickname: 'Walker' };
    if (output?.kind === 'confirmationSent' || event.type.startsWith('xstate.error')) this.fields = { ...fields, account: uniqueEmail('signup') };
    // A phone account, with its country code, is signed in at once.
    if (output?.kind === 'signedUp') this.fields = { ...fields, account: uniquePhone(), areaCode: '55' };
    // The address already has an account: 6.
    if (output?.errCode === 6) this.fields = { ...fields, account: (await createTestAccount(this.server)).email! };
    // Phone digits without a country code: 4000.
    if (output?.errCode === 4000) this.fields = { ...fields, account: uniquePhone() };
    if (event.type.startsWith('xstate.error')) {
      // A storage fault while the account is written (HTTP 500, -2499).
      this.undo.push(await insertFault(this.server, 'accounts'));
    }
  }

  async repair() {
    for (const undo of this.undo.splice(0)) await undo();
  }

  /** The server's side of each answer. */
  async check(reached: AnyMachineSnapshot, event: EventObject) {
    if (/^xstate\.(done|error)\./.test(event.type)) await this.repair();
    const output = (event as { output?: { kind: string; errCode?: number } }).output;
    if (output?.kind === 'refused') expect(reached.context.errCode).toBe(output.errCode);
    if (event.type.startsWith('xstate.error')) expect(reached.context.error).toMatchObject({ errCode: -2499 });
    if (output?.kind === 'confirmationSent') {
      // docs/decisions/005: the confirmation link went to the address, in the page's language.
      const [message] = await this.server.services.outbox.list({ to: this.fields.account.toLowerCase(), limit: 1 });
      expect(message?.text).toMatch(/\/activate\?token=|\/resend-confirm\?token=/);
      expect(reached.context.account).toBe(this.fields.account.toLowerCase());
    }
    if (output?.kind === 'signedUp') {
      expect(await sessionAnswer(this.server, reached.context.userInfo)).toBe(0);
    }
  }
}
