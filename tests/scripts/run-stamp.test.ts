// A run names what it tested (scripts/run-stamp.ts): the commit, and whether the tree had changes
// besides the files a run writes itself; a report made on uncommitted changes says so.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runStamp, stampRun, treeStamp } from '../../scripts/run-stamp';

const repo = mkdtempSync(path.join(tmpdir(), 'run-stamp-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  writeFileSync(path.join(repo, file), text);
};

describe('the run stamp', () => {
  it('names the commit, and whether the tree had changes outside what runs write', () => {
    git('init', '-q');
    write('machines/a.ts', 'one');
    write('docs/flows/coverage.json', '{}');
    git('add', '.');
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'first');
    const head = git('rev-parse', 'HEAD');
    expect(treeStamp(repo)).toEqual({ commit: head, dirty: false });
    // What a run writes itself is no change to what it tested.
    write('docs/flows/coverage.json', '{"machines":{}}');
    write('reports/flows/junit.xml', '<testsuites/>');
    expect(treeStamp(repo)).toEqual({ commit: head, dirty: false });
    write('machines/a.ts', 'two');
    expect(treeStamp(repo)).toEqual({ commit: head, dirty: true });
    git('checkout', '-q', 'machines/a.ts');
    write('machines/b.ts', 'new');
    expect(treeStamp(repo).dirty).toBe(true);
  });

  it('is taken when the run starts, and read back by what the run spawns', () => {
    const env: NodeJS.ProcessEnv = {};
    const stamp = stampRun('run-1', env);
    expect(env.FLOW_RUN_ID).toBe('run-1');
    expect(runStamp('run-1', env)).toEqual(stamp);
    expect(runStamp('run-1', { FLOW_RUN_ID: 'run-1', FLOW_RUN_COMMIT: 'abc', FLOW_RUN_DIRTY: 'true' })).toEqual({ commit: 'abc', dirty: true, runId: 'run-1' });
  });

  it('is no stamp outside a git checkout', () => {
    const plain = mkdtempSync(path.join(tmpdir(), 'run-stamp-plain-'));
    try {
      expect(treeStamp(plain)).toEqual({ commit: null, dirty: null });
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });
});
