/**
 * The lean set-up of the browser build (docs/decisions/026, 030), shared with the design-card floor
 * page (bench/card-floor, docs/decisions/062) so that the two differ by the app's own code only.
 */
import path from 'node:path';

/**
 * The messages reach react-intl precompiled to ASTs (npm run i18n:compile), so the ICU parser
 * would only be dead weight in the shell; the no-parser build keeps its types and helpers.
 */
export const noIcuParser = { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' };

/**
 * React and react-dom in a chunk of their own (66 kB gzip, about the floor page): the shell
 * alone came within 5 kB of the 100 kB per-chunk budget, and React changes less often than
 * the app, so browsers keep it across deployments. It costs 0.5 kB on the first load.
 * The other libraries the entry imports statically go in one `shell` chunk (docs/decisions/030):
 * every page loads them at start anyway, and spread over six files they cost more in round
 * trips than in bytes over HTTP/1.1's six connections. The app's own start-up code stays in
 * the entry: in the same chunk, Lighthouse counted more of its work as blocking time.
 */
const root = path.resolve(import.meta.dirname, '..');
const appModule = (id: string) => {
  const file = path.relative(root, id).split(path.sep).join('/');
  return /^(?:src|core|machines)\//.test(file) && file !== 'src/main.tsx';
};

export const leanCodeSplitting = {
  groups: [
    { name: 'react', test: /node_modules[\\/](?:react|react-dom|scheduler)[\\/]/, priority: 2 },
    { name: 'shell', tags: ['$initial' as const], test: /node_modules[\\/]/, priority: 1 },
    // The app's own modules the start needs, one chunk beside the libraries' (docs/decisions/062,
    // amended 2026-11-27): rolldown had cut the ones route chunks share into five small files
    // (0.2-0.7 kB each), every one loaded at start, each another gzip stream and request. The
    // start-up itself (src/main.tsx) stays in the entry, which imports it.
    { name: 'app', tags: ['$initial' as const], test: appModule, priority: 0 },
  ],
};

interface BundledChunk {
  type: string;
  imports?: string[];
}

/**
 * What a lazy import preloads, less the files its importer already has (docs/decisions/062,
 * amended 2026-11-27). Vite lists, for every `import()`, all the JS its target reaches, React and
 * the shell included, although a chunk that runs has every one of its static imports loaded: a
 * preload of those is a no-op in the browser, but the list costs the entry about 250 file indices
 * over its 25 screens. The CSS is not touched. `resolveDependencies` is Vite's hook for this; the
 * plugin only lends it the bundle, read before Vite writes the lists.
 */
export function preloadsBeyondImporter() {
  let bundle: Record<string, BundledChunk> = {};
  const loadedWith = (host: string) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const imported of bundle[file]?.imports ?? []) visit(imported);
    };
    visit(host);
    return seen;
  };
  return {
    plugin: {
      name: 'aurora:preloads-beyond-importer',
      apply: 'build' as const,
      generateBundle: {
        order: 'pre' as const,
        handler(_: unknown, output: Record<string, BundledChunk>) {
          bundle = output;
        },
      },
    },
    resolveDependencies(_file: string, deps: string[], { hostId }: { hostId: string }) {
      const loaded = loadedWith(hostId);
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}
