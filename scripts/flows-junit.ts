/**
 * A run of the flow walks as JUnit XML (reports/flows/junit.xml), for a test-management tool or a
 * CI system to import: a suite per flow and walk with its properties (flow, walk, commit, whether
 * the tree had uncommitted changes, run, machine fingerprint), a case per path with a stable id,
 * each known gap as a skipped case with its reason, and the coverage gate as a case of its own.
 * Written from the run's coverage parts (tests/model/coverage.ts), not from the test runner's
 * output, so it says what the coverage says (docs/decisions/070).
 */
import { createHash } from 'node:crypto';
import { esc } from './flow-dot';
import type { FlowPart, Walk } from './flows-report-data';
import type { RunStamp } from './run-stamp';

/** The name of the case that holds a suite's coverage gate. */
export const GATE_CASE = 'coverage gate: every target covered by a passed path';

/**
 * A path's id: its flow, walk and a fingerprint of where it starts and the events it takes. The
 * same path keeps it from run to run; a path whose events change is another path.
 */
export function pathId(flow: string, walk: Walk, start: string, steps: readonly string[]): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([start, steps]))
    .digest('hex')
    .slice(0, 10);
  return `${flow}.${walk}.${digest}`;
}

// XML 1.0 has no place for most control characters, even escaped.
// eslint-disable-next-line no-control-regex
const invalid = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD]/g;
const xml = (text: string) => esc(text.replace(invalid, ''));
const attrs = (record: Record<string, string | number>) =>
  Object.entries(record)
    .map(([k, v]) => ` ${k}="${xml(String(v))}"`)
    .join('');
const properties = (indent: string, record: Record<string, string>) =>
  `${indent}<properties>\n${Object.entries(record)
    .map(([name, value]) => `${indent}  <property${attrs({ name, value })}/>`)
    .join('\n')}\n${indent}</properties>\n`;
const seconds = (ms: number) => (ms / 1000).toFixed(3);

interface Case {
  name: string;
  classname: string;
  time: number;
  props?: Record<string, string>;
  outcome?: { kind: 'failure' | 'skipped' | 'error'; message: string; body?: string };
}

function caseXml(c: Case): string {
  const head = `    <testcase${attrs({ name: c.name, classname: c.classname, time: seconds(c.time) })}`;
  const inner = [
    ...(c.props ? [properties('      ', c.props)] : []),
    ...(c.outcome
      ? [
          c.outcome.body
            ? `      <${c.outcome.kind}${attrs({ message: c.outcome.message, ...(c.outcome.kind === 'skipped' ? {} : { type: c.outcome.kind === 'error' ? 'NoResult' : 'PathFailed' }) })}>${xml(c.outcome.body)}</${c.outcome.kind}>\n`
            : `      <${c.outcome.kind}${attrs({ message: c.outcome.message })}/>\n`,
        ]
      : []),
  ];
  return inner.length ? `${head}>\n${inner.join('')}    </testcase>\n` : `${head}/>\n`;
}

/** The JUnit XML of a run: one suite per expected flow and walk, in the order expected. */
export function flowJunit(options: {
  parts: readonly FlowPart[];
  expected: ReadonlyArray<{ flow: string; walk: Walk }>;
  stamp: RunStamp;
  timestamp: string;
}): string {
  const { parts, expected, stamp } = options;
  const suites: string[] = [];
  const totals = { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 };
  for (const { flow, walk } of expected) {
    const part = parts.find((p) => p.flow === flow && p.walk === walk);
    const classname = `flows.${flow}.${walk}`;
    const cases: Case[] = [];
    if (!part) {
      cases.push({
        name: 'the suite',
        classname,
        time: 0,
        outcome: { kind: 'error', message: 'no result: the suite wrote no coverage part (it did not run, or stopped before its end)' },
      });
    } else {
      for (const p of part.paths) {
        const id = pathId(flow, walk, p.start, p.steps);
        cases.push({
          name: p.title,
          classname,
          time: p.durationMs,
          props: { id, start: p.start, ...(p.stoppedAt ? { stoppedAt: p.stoppedAt } : {}) },
          ...(p.status === 'failed'
            ? {
                outcome: {
                  kind: 'failure' as const,
                  message: p.error ?? 'failed',
                  body: [
                    `path ${id}`,
                    `planned: ${p.steps.join(' → ') || '(start)'}`,
                    ...(p.seen ? [`events seen: ${p.seen.events.join(' → ') || 'none'}`, `states seen: ${p.seen.states.join(' → ') || 'none'}`] : []),
                    ...(p.stoppedAt ? [`last state seen: ${p.stoppedAt}`] : []),
                    ...(p.evidence?.network.length ? ['calls to the server:', ...p.evidence.network.map((l) => `  ${l}`)] : []),
                    ...(p.evidence?.console.length ? ['page console:', ...p.evidence.console.map((l) => `  ${l}`)] : []),
                    // The screen it stopped on, as the JUnit attachments convention names a file (Jenkins, GitLab).
                    ...(p.evidence?.screenshot ? [`[[ATTACHMENT|${p.evidence.screenshot}]]`] : []),
                  ].join('\n'),
                },
              }
            : {}),
        });
      }
      for (const gap of part.knownGaps) {
        cases.push({
          name: `known gap: ${gap.target}`,
          classname: `${classname}.knownGaps`,
          time: 0,
          outcome: { kind: 'skipped', message: gap.reason || 'known gap' },
        });
      }
      const gate = part.gate;
      cases.push({
        name: GATE_CASE,
        classname: `${classname}.gate`,
        time: 0,
        ...(gate === undefined
          ? { outcome: { kind: 'skipped' as const, message: part.complete ? 'not judged by this run' : 'not every path ran: only a complete run is gated' } }
          : gate.length
            ? { outcome: { kind: 'failure' as const, message: gate[0]!.split('\n')[0]!, body: gate.join('\n') } }
            : {}),
      });
    }
    const count = {
      tests: cases.length,
      failures: cases.filter((c) => c.outcome?.kind === 'failure').length,
      errors: cases.filter((c) => c.outcome?.kind === 'error').length,
      skipped: cases.filter((c) => c.outcome?.kind === 'skipped').length,
      time: cases.reduce((sum, c) => sum + c.time, 0),
    };
    for (const k of Object.keys(totals) as Array<keyof typeof totals>) totals[k] += count[k];
    const props: Record<string, string> = {
      flow,
      walk,
      commit: stamp.commit ?? 'unknown',
      dirty: stamp.dirty === null ? 'unknown' : String(stamp.dirty),
      run: stamp.runId,
      ...(part ? { machineHash: part.machineHash, complete: String(part.complete) } : {}),
    };
    suites.push(
      `  <testsuite${attrs({ name: `${flow} (${walk})`, tests: count.tests, failures: count.failures, errors: count.errors, skipped: count.skipped, time: seconds(count.time), timestamp: options.timestamp })}>\n` +
        properties('    ', props) +
        cases.map(caseXml).join('') +
        '  </testsuite>\n',
    );
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites${attrs({ name: `flow walks, run ${stamp.runId}`, tests: totals.tests, failures: totals.failures, errors: totals.errors, skipped: totals.skipped, time: seconds(totals.time) })}>\n` +
    suites.join('') +
    '</testsuites>\n'
  );
}
