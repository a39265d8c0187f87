/**
 * The route -> screen map the byte budgets rely on is read from the router's source; a router it
 * cannot read must stop the budgets, not quietly count a route as free.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { routeScreens } from '../../scripts/route-chunks';

const root = path.resolve(import.meta.dirname, '..', '..');
mkdirSync(path.join(root, '.tmp'), { recursive: true });
const dir = mkdtempSync(path.join(root, '.tmp', 'route-screens-'));
const rel = path.relative(root, dir).split(path.sep).join('/');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function router(source: string) {
  const file = path.join(dir, 'app', `router-${Math.random().toString(36).slice(2)}.tsx`);
  mkdirSync(path.dirname(file), { recursive: true });
  mkdirSync(path.join(dir, 'screens'), { recursive: true });
  writeFileSync(path.join(dir, 'screens', 'not-found.tsx'), 'export const NotFound = () => null;\n');
  writeFileSync(file, source);
  return file;
}

const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true },
  [`${rel}/screens/a.tsx`]: { file: 'assets/a.js', src: `${rel}/screens/a.tsx` },
  [`${rel}/screens/b.tsx`]: { file: 'assets/b.js', src: `${rel}/screens/b.tsx` },
};

describe('routeScreens', () => {
  it('maps each path to its lazy screen module and the export it shows, groups paths of one screen, skips redirects and keeps static screens in the entry', () => {
    const file = router(`
      import { NotFound } from '../screens/not-found';
      const A = screen(() => import('../screens/a'), 'A');
      const B = lazy(() => import('../screens/b'));
      export const routes = (
        <Routes>
          <Route element={<Layout />}>
            <Route path="/" element={<Navigate to="/a" replace />} />
            <Route path="/a" element={<A />} />
            <Route path="/a-too" element={<RequireSession><A /></RequireSession>} />
          </Route>
          <Route path="/b/:id" element={<B />} />
          <Route path="/404" element={<NotFound />} />
        </Routes>
      );`);
    expect(routeScreens(manifest, file)).toEqual([
      { paths: ['/a', '/a-too'], exports: ['A', 'A'], module: `${rel}/screens/a.tsx`, lazy: true },
      { paths: ['/b/:id'], exports: ['B'], module: `${rel}/screens/b.tsx`, lazy: true },
      { paths: ['/404'], exports: ['NotFound'], module: `${rel}/screens/not-found.tsx`, lazy: false },
    ]);
  });

  it('fails on a route whose screen it cannot tell', () => {
    const file = router(`
      import { screens } from './lazy-screens';
      export const routes = <Routes><Route path="/a" element={<screens.A />} /><Route path="/c" element={<Elsewhere />} /></Routes>;`);
    expect(() => routeScreens(manifest, file)).toThrow(/Route \/a/);
  });

  it('fails on a lazy screen the build does not have', () => {
    const file = router(`
      const C = lazy(() => import('../screens/a-renamed'));
      export const routes = <Routes><Route path="/c" element={<C />} /></Routes>;`);
    expect(() => routeScreens(manifest, file)).toThrow(/a-renamed/);
  });
});
