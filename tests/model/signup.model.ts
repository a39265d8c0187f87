// The sign-up machine's graph for the walks, and the real world its answers are arranged in.
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { signupMachine, type SignupMachine } from '../../machines/signup/signup.machine';
import { createSignupActors, refusals } from '../../machines/signup/signup.actors';
import type { SignupFields } from '../../machines/signup/signup.types';
import { createTestAccount, uniqueEmail, uniquePhone } from '../helpers/accounts';
import type { useTestServer } from '../helpers/test-server';
import { insertFault } from './faults';
import { sessionAnswer } from './session.model';
import type { GraphModel } from './harness';
import { narrowEmailRule } from './login.world';
import { unarrangedGaps, type Unarranged } from './login.model';

const user = { token: 'graph', uid: '1', account: 'graph', type: 'phone', expiration: 1, accountLoginType: 'password' };
const done = (output: unknown) => ({ type: 'xstate.done.actor.signup', output });

/** The refusals no walk of sign-up can arrange: the form has no field for an address bound to a phone account. */
const unarranged: Unarranged<typeof refusals> = {
  signup: {
    12: 'an empty address to bind to a phone account: the sign-up form has no such field, so the call never sends one',
    187: 'an address to bind that is taken: the sign-up form has no such field, so the call never sends one',
  },
};
/** The refusals the form itself stops before sending, so only the server walk takes them. */
const stoppedByTheForm: Unarranged<typeof refusals> = {
  signup: {
    4: 'an empty account: the form requires the field before it sends',
    5: 'neither an email nor digits: the form checks the account field before it sends',
  },
};

/** Known gaps of both sign-up walks: the refusals they cannot arrange. */
export const signupKnownGaps = unarrangedGaps(signupMachine, refusals, unarranged);
/** Known gaps of the screens walk: those, and the refusals the form stops. */
export const signupScreenGaps = unarrangedGaps(signupMachine, refusals, unarranged, stoppedByTheForm);

/** Each result branch of the call's onDone, and every refusal it expects that the walks can arrange. */
const answers: EventObject[] = [
  done({ kind: 'confirmationSent', account: 'graph@example.com' }),
  done({ kind: 'signedUp', account: '11999999999', userInfo: user }),
  ...refusals.signup.filter((c) => !(unarranged.signup as Record<number, string>)[c]).map((errCode) => done({ kind: 'refused', errCode })),
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
    // The address (6) or the number (13) already has an account.
    if (output?.errCode === 6) this.fields = { ...fields, account: (await createTestAccount(this.server)).email! };
    if (output?.errCode === 13) this.fields = { ...fields, account: (await createTestAccount(this.server, { phone: uniquePhone() })).account, areaCode: '55' };
    // Phone digits without a country code: 4000; too few for the country's numbers: 32.
    if (output?.errCode === 4000) this.fields = { ...fields, account: uniquePhone() };
    if (output?.errCode === 32) this.fields = { ...fields, account: uniquePhone().slice(0, 5), areaCode: '55' };
    // Nothing typed (4), or neither an address nor digits (5): only an event sent as it is gets that far.
    if (output?.errCode === 4) this.fields = { ...fields, account: '' };
    if (output?.errCode === 5) this.fields = { ...fields, account: 'not-an-account' };
    // The site's rule takes example.org addresses only: 8.
    if (output?.errCode === 8) {
      this.fields = { ...fields, account: uniqueEmail('signup') };
      this.undo.push(await narrowEmailRule(this.server));
    }
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
