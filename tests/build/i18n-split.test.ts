/**
 * The catalogue's split by route (scripts/i18n-split.ts, docs/decisions/062): a message lands with
 * every part whose modules name it, the shell first, so no screen can draw an id the page lacks.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { splitMessages } from '../../scripts/i18n-split';

const root = path.resolve(import.meta.dirname, '..', '..');
mkdirSync(path.join(root, '.tmp'), { recursive: true });
const dir = mkdtempSync(path.join(root, '.tmp', 'i18n-split-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(files: Record<string, string>) {
  for (const [name, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), source);
  }
}

const ids = ['shell.title', 'shared.ok', 'a.title', 'a.later', 'b.title', 'b.typeOnly', 'error.1', 'error.2', 'nowhere.used'];

describe('splitMessages', () => {
  write({
    'main.tsx': `import { App } from './app/app';\nimport './styles.css';\nexport const start = () => App;`,
    'app/app.tsx': `import { routes } from './router';\nimport { errors } from '../errors';\nexport const App = { routes, errors, title: { id: 'shell.title' } };`,
    'errors.ts': "export const errors = { one: { id: 'error.1' }, two: { id: 'error.2' } };",
    'app/router.tsx': [
      "const A = screen(() => import('../screens/a'), 'AScreen');",
      "const B = screen(() => import('../screens/b'), 'BScreen');",
      'export const routes = [A, B];',
    ].join('\n'),
    'screens/a.tsx': [
      "import { ok } from '../shared';",
      "const Later = lazy(() => import('./a-later'));",
      "export const AScreen = () => <h1>{formatMessage({ id: 'a.title' })}{ok}<Later /></h1>;",
    ].join('\n'),
    'screens/a-later.tsx': `export default () => <FormattedMessage id="a.later" />;`,
    'screens/b.tsx': [
      "import { ok } from '../shared';",
      "import type { Kind } from '../kinds';",
      "export const BScreen = () => [ok, 'b.title', 'shell.title'];",
    ].join('\n'),
    'shared.ts': "export const ok = { id: 'shared.ok' };",
    'kinds.ts': "export type Kind = 'x';\nexport const kinds = { id: 'b.typeOnly' };",
  });
  const split = splitMessages(ids, { entry: path.join(dir, 'main.tsx'), router: path.join(dir, 'app', 'router.tsx') });

  it('gives the shell what the entry reaches short of a lazily loaded screen, and every id no value import reaches', () => {
    expect(split.shell).toEqual(['b.typeOnly', 'error.1', 'error.2', 'nowhere.used', 'shell.title']);
    expect(split.unnamed).toEqual(['b.typeOnly', 'nowhere.used']);
  });

  it("gives each screen what its modules name beyond the shell's, its own lazy parts included, shared ones in each", () => {
    expect(Object.fromEntries(split.screens)).toEqual({
      AScreen: ['a.later', 'a.title', 'shared.ok'],
      BScreen: ['b.title', 'shared.ok'],
    });
  });

  it('keeps the refusal texts apart (docs/decisions/067), but in a part whose own modules name one', () => {
    write({
      'refusals/main.tsx': `import { App } from './app';\nexport const start = () => App;`,
      'refusals/app.tsx': `import { routes } from './router';\nimport { errors } from './errors';\nexport const App = { routes, errors, fault: { id: 'error.2' } };`,
      'refusals/errors.ts': "export const errors = { one: { id: 'error.1' }, two: { id: 'error.2' }, three: { id: 'error.3' } };",
      'refusals/router.tsx':
        "const A = screen(() => import('./a'), 'AScreen');\nconst B = screen(() => import('./b'), 'BScreen');\nexport const routes = [A, B];",
      'refusals/a.tsx': "import { errors } from './errors';\nexport const AScreen = () => [errors, 'a.title'];",
      'refusals/b.tsx': "import { errors } from './errors';\nexport const BScreen = () => [errors, 'error.3', 'b.title'];",
    });
    const apart = splitMessages(['error.1', 'error.2', 'error.3', 'a.title', 'b.title'], {
      entry: path.join(dir, 'refusals', 'main.tsx'),
      router: path.join(dir, 'refusals', 'router.tsx'),
      refusals: { module: path.join(dir, 'refusals', 'errors.ts'), ids: ['error.1', 'error.2', 'error.3'] },
    });
    expect(apart.shell).toEqual(['error.2']);
    expect(apart.refusals).toEqual(['error.1', 'error.3']);
    expect(Object.fromEntries(apart.screens)).toEqual({ AScreen: ['a.title'], BScreen: ['b.title', 'error.3'] });
  });
});
