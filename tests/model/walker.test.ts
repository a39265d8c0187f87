// The walker (tests/model/walker.ts) on a small machine, no server: a path whose actor settled in
// another state than the one it waits for fails at once, saying where it stopped, instead of
// waiting the 30 s ceiling; its recorder keeps the events the actor really took.
import { describe, expect, it } from 'vitest';
import { fromPromise, setup, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { pollUntil } from './gate';
import { done, flowPaths, pathTitles, startRecorded, CoverageRecorder } from './harness';
import { walkPath } from './walker';

type Answer = { kind: 'ok' } | { kind: 'refused'; errCode: number };
/** What the call answers, whatever the path planned. */
let answer: Answer = { kind: 'ok' };

const small = setup({
  types: { events: {} as { type: 'GO' } },
  actors: { call: fromPromise<Answer>(async () => answer) },
}).createMachine({
  id: 'small',
  initial: 'idle',
  states: {
    idle: { on: { GO: 'busy' } },
    busy: {
      invoke: {
        id: 'call',
        src: 'call',
        onDone: [{ guard: ({ event }) => event.output.kind === 'refused', target: 'form' }, { target: 'idle' }],
      },
    },
    form: {},
  },
});

describe('a path that cannot go on', () => {
  it('fails at once when the actor settled elsewhere, not at the wait ceiling', async () => {
    const model = {
      machine: small,
      inputs: { start: undefined as never },
      events: (s: AnyMachineSnapshot) => [...(s.can({ type: 'GO' }) ? [{ type: 'GO' }] : []), ...(s.children.call ? [done('call', { kind: 'ok' })] : [])],
    };
    const path = flowPaths(model as never).find((p) => pathTitles([p])[0]!.includes('done:call(ok)'))!;
    expect(path).toBeDefined();
    let actor: ReturnType<typeof startRecorded<typeof small>>['actor'] | undefined;
    const recorder = new CoverageRecorder();
    const seen: AnyMachineSnapshot[] = [];
    const walking = walkPath(path, {
      // The server refuses where the path planned an answer: the actor goes to the form and waits for the customer.
      arrange: async () => void (answer = { kind: 'refused', errCode: 8 }),
      async start() {
        const started = startRecorded(small, recorder);
        actor = started.actor;
        seen.push(actor.getSnapshot() as AnyMachineSnapshot);
        actor.subscribe((s) => void seen.push(s as AnyMachineSnapshot));
        return { snapshots: () => seen, clock: started.clock };
      },
      perform: async (event: EventObject) => void actor!.send(event as never),
      delayMs: () => 0,
      check: async () => {},
      until: pollUntil,
      settled: (s) => s.status !== 'active' || Object.keys(s.children).length === 0,
    });
    await expect(walking).rejects.toThrow(/settled in "form" and cannot reach "idle"/);
    // What it really did, for the failure's report: the answer it got, not the one planned.
    expect(recorder.events).toEqual(['GO', 'done:call(refused 8)']);
    actor?.stop();
  });
});
