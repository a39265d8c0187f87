// The run's JUnit file (scripts/flows-junit.ts), read back by a JUnit parser as a test-management
// tool would: a suite per flow and walk with the run's properties, a case per path with a stable
// id, known gaps as skipped cases with their reason, the coverage gate as a case of its own, and a
// suite that left no result as an error.
import { parse } from 'junit2json';
import { describe, expect, it } from 'vitest';
import { flowJunit, GATE_CASE, pathId } from '../../scripts/flows-junit';
import type { FlowPart } from '../../scripts/flows-report-data';
import { emptyTargets } from '../model/coverage';

const path = (title: string, steps: string[], status: 'passed' | 'failed', extra: Partial<FlowPart['paths'][number]> = {}): FlowPart['paths'][number] => ({
  title,
  start: 'web',
  steps,
  status,
  durationMs: 1500,
  covered: emptyTargets(),
  ...extra,
});
const part = (walk: FlowPart['walk'], over: Partial<FlowPart> = {}): FlowPart => ({
  flow: 'checkout',
  walk,
  machineHash: '0123456789abcdef',
  complete: true,
  targets: emptyTargets(),
  covered: emptyTargets(),
  knownGaps: [],
  paths: [],
  gate: [],
  ...over,
});

const parts: FlowPart[] = [
  part('server', {
    paths: [
      path('[web] PAY_SUBMITTED → done:payment(paid) ⇒ "paid"', ['PAY_SUBMITTED', 'done:payment(paid)'], 'passed'),
      path('[web] PAY_SUBMITTED → done:payment(declined 301) ⇒ "editing"', ['PAY_SUBMITTED', 'done:payment(declined 301)'], 'failed', {
        error: 'expected "editing" but the actor stayed in "paying" & <more>',
        stoppedAt: 'paying',
        seen: { events: ['PAY_SUBMITTED', 'done:payment(paid)'], states: ['editing', 'paying'] },
        evidence: {
          console: ['console.error: Failed to load resource'],
          network: ['POST /api/order/v1/pay → 200 errCode 301'],
          screenshot: '.tmp/flow-shots/run/checkout/stopped.1.jpg',
        },
      }),
    ],
    knownGaps: [{ target: 'checkout.preparing xstate.done.actor.loadCart#0 @4598', reason: 'a feature the walks cannot turn off yet' }],
    gate: ['checkout (server) leaves uncovered:\n  checkout.editing PAY_SUBMITTED#0'],
  }),
  part('screens', { complete: false, gate: undefined, paths: [path('[web] (start) ⇒ "editing"', [], 'passed')] }),
];
const expected = [
  { flow: 'checkout', walk: 'server' as const },
  { flow: 'checkout', walk: 'screens' as const },
  { flow: 'checkout', walk: 'browser' as const },
];
const stamp = { commit: 'abc123', dirty: true, runId: '2026-12-07T14-00-00-000Z' };

/** What the parser gives back, as far as these tests read it (its own types leave out properties of cases). */
type Props = { properties?: Array<{ name?: string; value?: string }> };
type Outcome = Array<{ message?: string; inner?: string }>;
type TestCase = Props & { name?: string; classname?: string; time?: number; failure?: Outcome; skipped?: Outcome; error?: Outcome };
type TestSuite = Props & { name?: string; testcase?: TestCase[] };
type TestSuites = { tests?: number; failures?: number; skipped?: number; testsuite?: TestSuite[] };

async function read(): Promise<TestSuites> {
  return (await parse(flowJunit({ parts, expected, stamp, timestamp: '2026-12-07T14:00:00' }))) as unknown as TestSuites;
}
const props = (x: Props) => Object.fromEntries((x.properties ?? []).map((p) => [p.name, p.value]));
const cases = (suite: TestSuite) => suite.testcase ?? ([] as TestCase[]);

describe('the flow walks as JUnit', () => {
  it('has a suite per flow and walk, each carrying the flow, walk, commit, uncommitted changes and run', async () => {
    const doc = await read();
    expect(doc.testsuite?.map((s) => s.name)).toEqual(['checkout (server)', 'checkout (screens)', 'checkout (browser)']);
    expect(props(doc.testsuite![0]!)).toEqual({
      flow: 'checkout',
      walk: 'server',
      commit: 'abc123',
      dirty: 'true',
      run: stamp.runId,
      machineHash: '0123456789abcdef',
      complete: 'true',
    });
    // The totals add up to the cases.
    const all = doc.testsuite!.flatMap(cases);
    expect(doc.tests).toBe(all.length);
    expect(doc.failures).toBe(all.filter((c) => c.failure).length);
    expect(doc.skipped).toBe(all.filter((c) => c.skipped).length);
  });

  it('has a case per path with a stable id; a failed one says its error, its steps and where it stopped', async () => {
    const server = (await read()).testsuite![0]!;
    const paths = cases(server).filter((c) => c.classname === 'flows.checkout.server');
    expect(paths).toHaveLength(2);
    const [paid, declined] = paths;
    expect(props(paid!).id).toBe(pathId('checkout', 'server', 'web', ['PAY_SUBMITTED', 'done:payment(paid)']));
    expect(props(paid!).id).toMatch(/^checkout\.server\.[0-9a-f]{10}$/);
    expect(props(paid!).id).not.toBe(props(declined!).id);
    expect(paid!.time).toBe(1.5);
    expect(paid!.failure).toBeUndefined();
    expect(declined!.failure?.[0]?.message).toBe('expected "editing" but the actor stayed in "paying" & <more>');
    expect(declined!.failure?.[0]?.inner).toContain('last state seen: paying');
    // The plan against what happened: the answer the server really gave.
    expect(declined!.failure?.[0]?.inner).toContain('planned: PAY_SUBMITTED → done:payment(declined 301)');
    expect(declined!.failure?.[0]?.inner).toContain('events seen: PAY_SUBMITTED → done:payment(paid)');
    // A browser path's page: its calls with the server's answers, its console, the screen it stopped on.
    expect(declined!.failure?.[0]?.inner).toContain('calls to the server:\n  POST /api/order/v1/pay → 200 errCode 301');
    expect(declined!.failure?.[0]?.inner).toContain('page console:\n  console.error: Failed to load resource');
    expect(declined!.failure?.[0]?.inner).toContain('[[ATTACHMENT|.tmp/flow-shots/run/checkout/stopped.1.jpg]]');
    // The id depends on the path's events only: the same path, another run, the same id.
    expect(pathId('checkout', 'server', 'web', ['PAY_SUBMITTED', 'done:payment(paid)'])).toBe(props(paid!).id);
  });

  it('lists each known gap as a skipped case with its reason, and the gate as a case of its own', async () => {
    const [server, screens, browser] = (await read()).testsuite!;
    const gap = cases(server!).find((c) => c.name === 'known gap: checkout.preparing xstate.done.actor.loadCart#0 @4598');
    expect(gap?.skipped?.[0]?.message).toBe('a feature the walks cannot turn off yet');
    const gate = cases(server!).find((c) => c.name === GATE_CASE);
    expect(gate?.classname).toBe('flows.checkout.server.gate');
    expect(gate?.failure?.[0]?.inner).toContain('checkout.editing PAY_SUBMITTED#0');
    // An incomplete run is not gated: the gate is skipped, saying why.
    expect(cases(screens!).find((c) => c.name === GATE_CASE)?.skipped?.[0]?.message).toMatch(/not every path ran/);
    // A walk that left no part is an error, not a silent absence.
    expect(cases(browser!)).toHaveLength(1);
    expect(cases(browser!)[0]!.error?.[0]?.message).toMatch(/no result/);
  });
});
