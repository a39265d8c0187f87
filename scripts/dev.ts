/** `npm run dev`: the API server (restarting on change) and Vite with HMR, which proxies /api to it. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const children: ChildProcess[] = [];
const run = (cmd: string, args: string[]) => {
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  child.on('exit', (code) => {
    for (const c of children) if (c !== child) c.kill('SIGTERM');
    process.exit(code ?? 0);
  });
  children.push(child);
};

const compiled = spawn(bin('tsx'), ['scripts/i18n-compile.ts'], { cwd: root, stdio: 'inherit' });
compiled.on('exit', (code) => {
  if (code !== 0) process.exit(code ?? 1);
  run(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts']);
  run(bin('vite'), []);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => children.forEach((c) => c.kill(signal)));
}
