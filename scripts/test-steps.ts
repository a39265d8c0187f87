/**
 * The step runner `npm test` (scripts/test-all.ts) and `npm run test:attack`
 * (scripts/test-attack.ts) share: each step is a command run to completion, stopping the run at
 * the first failure; `together` runs a few cheap steps at once (docs/decisions/029). Vitest and
 * Playwright steps add their counts from their JSON reporters. A run ends by writing its times and
 * counts to .tmp/<name>-times.json, which `npm run bench` reads.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const tmp = path.join(root, '.tmp');

/** A command run as a step: what `step` takes, as one object for `together`. */
export interface StepCommand {
  title: string;
  cmd: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

export interface TestRun {
  step(title: string, cmd: string, args: string[], env?: NodeJS.ProcessEnv): void;
  /**
   * Steps run at the same time, each with its own title, time and verdict; each one's output is
   * held and printed whole when it ends, so no two interleave. Once all have ended, the run stops
   * if any failed (so every failure among them is shown, not only the first).
   */
  together(commands: StepCommand[]): Promise<void>;
  vitest(title: string, args: string[], env?: NodeJS.ProcessEnv): void;
  playwright(title: string, args: string[], env?: NodeJS.ProcessEnv): void;
  /** Ends the process, failing if any test failed; `beforeExit` may fail it too (a coverage check). */
  finish(code: number): never;
}

export function testRun(name: string, label: string, beforeExit: (code: number) => number = (c) => c): TestRun {
  mkdirSync(tmp, { recursive: true });
  const started = Date.now();
  const steps: Record<string, number> = {};
  let passed = 0;
  let failed = 0;

  const finish = (code: number): never => {
    code = beforeExit(failed > 0 ? 1 : code);
    const totalSeconds = (Date.now() - started) / 1000;
    writeFileSync(
      path.join(tmp, `${name}-times.json`),
      `${JSON.stringify({ date: new Date().toISOString(), exitCode: code, passed, failed, totalSeconds, steps }, null, 2)}\n`,
    );
    console.log(`\n${label} took ${totalSeconds.toFixed(0)} s`);
    console.log(`tests: ${passed} passed, ${failed} failed`);
    process.exit(code);
  };

  const step = (title: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
    console.log(`\n━━ ${title}`);
    const t = Date.now();
    const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    if (r.status !== 0) {
      console.error(`\n✖ ${title} failed (exit ${r.status ?? r.signal}).`);
      finish(1);
    }
    steps[title] = (Date.now() - t) / 1000;
    console.log(`✔ ${title} (${steps[title].toFixed(1)} s)`);
  };

  const together = async (commands: StepCommand[]) => {
    console.log(`\n━━ at the same time: ${commands.map((c) => c.title).join('; ')} (each one's output when it ends)`);
    // Piped, the tools would drop their colours; they keep them when the run is on a terminal.
    const colour: NodeJS.ProcessEnv = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};
    const failures = await Promise.all(
      commands.map(async ({ title, cmd, args, env = {} }) => {
        const t = Date.now();
        const r = await buffered(cmd, args, { ...process.env, ...colour, ...env });
        console.log(`\n━━ ${title}`);
        process.stdout.write(r.output);
        if (r.status !== 0) {
          console.error(`\n✖ ${title} failed (exit ${r.status ?? r.signal}).`);
          return 1;
        }
        steps[title] = (Date.now() - t) / 1000;
        console.log(`✔ ${title} (${steps[title].toFixed(1)} s)`);
        return 0;
      }),
    );
    if (failures.some((f) => f !== 0)) finish(1);
  };

  const vitestJson = path.join(tmp, `${name}-vitest.json`);
  const vitest = (title: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
    step(title, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], env);
    const report = JSON.parse(readFileSync(vitestJson, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  };

  const pwJson = path.join(tmp, `${name}-playwright.json`);
  const playwright = (title: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
    console.log(`\n━━ ${title}`);
    const t = Date.now();
    rmSync(pwJson, { force: true });
    const r = spawnSync('npx', ['playwright', 'test', '--reporter=list,json', ...args], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
    });
    steps[title] = (Date.now() - t) / 1000;
    if (!existsSync(pwJson)) {
      console.error(`\n✖ ${title} wrote no report (exit ${r.status ?? r.signal}).`);
      finish(1);
    }
    const stats = (JSON.parse(readFileSync(pwJson, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } }).stats;
    passed += stats.expected + stats.flaky;
    // A server that failed to start fails the run even when no test was counted as failing.
    failed += stats.unexpected || (r.status === 0 ? 0 : 1);
    console.log(`${stats.unexpected === 0 ? '✔' : '✖'} ${title} (${steps[title].toFixed(1)} s)`);
  };

  return { step, together, vitest, playwright, finish };
}

/** Runs a command in the project, its stdout and stderr kept together, in the order they came. */
function buffered(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; signal: string | null; output: Buffer }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    // A command that cannot start at all ('error') fails its step with the reason as its output.
    child.on('error', (e) => resolve({ status: null, signal: e.message, output: Buffer.concat(chunks) }));
    child.on('close', (status, signal) => resolve({ status, signal, output: Buffer.concat(chunks) }));
  });
}
