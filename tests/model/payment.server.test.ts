// Walk (a) of the payment machine: every graph path on the machine with its real actors, the
// client calling the real reference server on a fresh database. Each answer is arranged for real
// by the payment world (tests/model/payment.world.ts).
import { expect } from 'vitest';
import type { Actor, AnyMachineSnapshot } from 'xstate';
import { createPaymentActors } from '../../machines/payment/payment.actors';
import { paymentMachine } from '../../machines/payment/payment.machine';
import type { PaymentEvent } from '../../machines/payment/payment.types';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { paymentGraph } from './payment.model';
import { PaymentWorld } from './payment.world';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

walkSuite({
  title: 'payment machine, walk (a): real actors against the real server',
  flow: 'payment',
  walk: 'server',
  model: paymentGraph(),
  // A path for each refusal code the calls expect, not only for each transition.
  walkEveryTarget: true,
  async path(run) {
    let actor: Actor<typeof paymentMachine> | undefined;
    const world = new PaymentWorld(server, clock, run.path, () => actor?.getSnapshot() as AnyMachineSnapshot | undefined);
    await world.setUp();
    run.onEnd(() => world.undoFaults());
    const goneTo: string[] = [];
    /** Each user event, sent as the answer arranged after it needs. */
    const executors = {
      OTP_SUBMITTED: async () => actor!.send({ type: 'OTP_SUBMITTED', otp: await world.otp() }),
      COIN_CHANGED: async () => actor!.send({ type: 'COIN_CHANGED', ...world.coin() }),
      PROOF_SELECTED: async () => actor!.send({ type: 'PROOF_SELECTED', file: world.proof() }),
      LEFT_TO_PAY_LATER: async () => actor!.send({ type: 'LEFT_TO_PAY_LATER' }),
    } satisfies Record<PaymentEvent['type'], () => Promise<void>>;
    return {
      arrange: (event) => world.arrange(event),
      async start(start) {
        const input = await world.input(start);
        const machine = paymentMachine.provide({
          actors: createPaymentActors(world.client.api),
          actions: { goToProvider: (_, { url }) => void goneTo.push(url) },
        });
        const started = run.start(machine, input);
        actor = started.actor;
        return started;
      },
      perform: (event) => executors[event.type as PaymentEvent['type']](),
      delayMs: (delay) => (delay === 'retryDelay' ? 1_000 : 5_000),
      async check(reached, _expected, event) {
        // A fault lasts until the answer it was arranged for has arrived.
        if (event.type.startsWith('xstate.done') || event.type.startsWith('xstate.error')) await world.undoFaults();
        await world.checkServer(reached, event, expect);
        if (reached.matches('redirecting')) expect(goneTo).toEqual([(reached.context.result as { url: string }).url]);
      },
    };
  },
});
