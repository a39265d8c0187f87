/**
 * Bytes per route (docs/performance.md): what a visitor downloads, gzip, read from the Vite manifests of the
 * app and of two floor pages built in the same run: React alone, and the design card's libraries in the
 * app's lean set-up (docs/decisions/062). Shared by `npm run bench:web` and the
 * budgets test (tests/build/bundle-budgets.test.ts): sizes are deterministic, so they are asserted.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { closure, entryKey, readManifest, routeScreens, type Manifest, type RouteScreen } from '../scripts/route-chunks';
import { lazyScreens } from '../scripts/i18n-split';
import { kB } from './report';

const root = path.resolve(import.meta.dirname, '..');

/** The byte budgets (docs/decisions/026, docs/performance.md). */
export const byteBudgets = {
  /** The route whose first load is held against the floors. */
  landing: '/pricing-table',
  /** Against the design-card floor (docs/decisions/062). */
  firstLoadFactor: 1.25,
  /** Against the React-only floor: ADR 026's budget, now reported as information (docs/decisions/062). */
  reactOnlyFactor: 1.5,
  /**
   * The line the first load may not cross while budget 1 is missed (docs/decisions/062): 1.44 × the
   * design-card floor when that floor was built, then 1.47 × once the six self-service flows'
   * Portuguese messages joined the catalogue the entry carries, under a line of 1.5 ×. With the
   * catalogue split by route it is 1.36 ×, under a line of 1.4 ×. With the cuts of 2026-11-27 (the
   * remote navigation with the set-top-box scene, the order list's rules with it, fewer files at
   * start) it is 1.34 ×, and the line 1.35 ×, about 1.3 kB of room, so the shell cannot grow
   * unnoticed. With the refusal texts loaded apart (docs/decisions/067) it is 1.33 ×, and the line
   * 1.34 ×, about 1 kB of room. (Against the React-only floor the line was 2.3 ×, docs/decisions/026.)
   */
  firstLoadCeilingFactor: 1.34,
  /** 42 kB while the refusals from the contract weigh on /payment; see docs/decisions/026's amendments (2026-12-07). */
  routeOwnMax: 42 * 1024,
  /**
   * The default language's messages a route loads beside its code, counted apart from budget 2's
   * code (docs/decisions/062, amended): they came off the first load, where they were before.
   */
  routeMessagesMax: 8 * 1024,
  chunkMax: 100 * 1024,
} as const;

// --- building ---------------------------------------------------------------------------------

function viteBuild(args: string[]) {
  const require = createRequire(import.meta.url);
  const viteBin = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  // A child process with NODE_ENV unset: under vitest NODE_ENV is "test", and Vite would then
  // bundle React's development build, which is several times the size of what ships.
  const env = { ...process.env };
  delete env.NODE_ENV;
  const r = spawnSync(process.execPath, [viteBin, 'build', ...args, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`vite build ${args.join(' ')} failed (exit ${r.status}):\n${r.stderr || r.stdout}`);
}

/** The production build of the app (messages compiled first, as `npm run build` does). */
export function buildApp(outDir = path.join(root, '.tmp', 'bench-app-dist')): string {
  const env = { ...process.env };
  delete env.NODE_ENV;
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/i18n-compile.ts'], { cwd: root, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run i18n:compile failed:\n${r.stderr || r.stdout}`);
  viteBuild(['--outDir', path.resolve(outDir)]);
  // The server's preview renderer, where the server looks for it (package.json "build").
  viteBuild(['--ssr', 'src/preview/render-preview.tsx', '--outDir', path.resolve(outDir, '.vite', 'preview')]);
  return path.resolve(outDir);
}

/** The React-only floor page (bench/floor), built with the same Vite and plugin. */
export function buildFloor(outDir: string): string {
  viteBuild(['--config', path.join(root, 'bench', 'floor', 'vite.config.ts'), '--outDir', path.resolve(outDir)]);
  return path.resolve(outDir);
}

/** The design-card floor page (bench/card-floor, docs/decisions/062), built with the app's Vite set-up. */
export function buildCardFloor(outDir: string): string {
  viteBuild(['--config', path.join(root, 'bench', 'card-floor', 'vite.config.ts'), '--outDir', path.resolve(outDir)]);
  return path.resolve(outDir);
}

/** Both floors of a run, built side by side under `dir`. */
export const buildFloors = (dir: string): Floors => ({ reactOnly: buildFloor(path.join(dir, 'floor')), card: buildCardFloor(path.join(dir, 'card-floor')) });

export interface Floors {
  reactOnly: string;
  card: string;
}

function gzipSizes(dist: string) {
  const cache = new Map<string, number>();
  return (file: string) => {
    let size = cache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(dist, file))).length;
      cache.set(file, size);
    }
    return size;
  };
}

// --- the default language's messages -----------------------------------------------------------

/**
 * Texts that only the Portuguese catalogue holds, long and plain enough to appear verbatim in a
 * built chunk. Finding them in the output, instead of assuming how the catalogue is imported, keeps
 * the count right whether it is a dynamic chunk, part of the entry, or moved elsewhere.
 */
function portugueseMarkers(): string[] {
  const read = (lang: string) => JSON.parse(readFileSync(path.join(root, 'core', 'i18n', 'lang', `${lang}.json`), 'utf8')) as Record<string, string>;
  // Only the shell's share: each lazily loaded screen brings its own messages (docs/decisions/062).
  const shell = new Set(Object.keys(JSON.parse(readFileSync(path.join(root, 'src', 'i18n', 'compiled', 'pt.json'), 'utf8')) as object));
  const pt = Object.fromEntries(Object.entries(read('pt')).filter(([id]) => shell.has(id)));
  const others = ['en', 'es', 'ru'].flatMap((l) => Object.values(read(l)));
  const markers = Object.values(pt)
    .filter((t) => /^[A-Za-z0-9 ,.:;!?()-]{30,}$/.test(t) && !others.some((o) => o.includes(t)))
    .sort((a, b) => b.length - a.length)
    .slice(0, 5);
  if (markers.length === 0) throw new Error('no Portuguese-only message long enough to find the pt catalogue in the build');
  return markers;
}

/** The manifest keys of the chunks holding the shell's pt messages, which the app fetches at start. */
function catalogueKeys(manifest: Manifest, dist: string): string[] {
  const markers = portugueseMarkers();
  const keys = Object.entries(manifest)
    // Not the flow charts' pictures (docs/flows, imported raw by /flows): their Portuguese notes
    // may share a text with a message.
    .filter(([key, c]) => c.file.endsWith('.js') && !key.endsWith('?raw'))
    .filter(([, c]) => {
      const code = readFileSync(path.join(dist, c.file), 'utf8');
      return markers.some((m) => code.includes(m));
    })
    .map(([k]) => k);
  if (keys.length === 0) {
    throw new Error(
      `the Portuguese messages are in no JS chunk of ${dist} (looked for "${markers[0]}"): update bench/bytes.ts to where the app now loads them from`,
    );
  }
  return keys;
}

/** Per lazily loaded screen module, the manifest keys of its pt message parts (scripts/i18n-split.ts). */
function screenMessageKeys(manifest: Manifest): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const [name, module] of lazyScreens(path.join(root, 'src', 'app', 'router.tsx'))) {
    const key = `src/i18n/compiled/screens/${name}.pt.json`;
    if (!manifest[key]) throw new Error(`the build has no chunk for ${key}: are the screens' messages still loaded with them?`);
    const moduleKey = path.relative(root, module).split(path.sep).join('/');
    keys.set(moduleKey, [...(keys.get(moduleKey) ?? []), key]);
  }
  return keys;
}

// --- figures and verdicts ---------------------------------------------------------------------

export interface FileSize {
  file: string;
  gzip: number;
}

export interface RouteBytes extends RouteScreen {
  /** Entry, start-up catalogue and the screen's closure, each file once. */
  firstLoad: number;
  /** The route's code: its closure minus what every page loads at start. */
  own: number;
  ownFiles: FileSize[];
  /** The pt messages the screen loads beside its code (docs/decisions/062), 0 for a screen in the entry. */
  messages: number;
}

export interface Verdict {
  name: string;
  figure: string;
  budget: string;
  holds: boolean;
}

export interface FloorBytes {
  firstLoad: number;
  files: FileSize[];
}

export interface BytesReport {
  /** The React-only floor. */
  floor: FloorBytes;
  /** The design-card floor (docs/decisions/062). */
  cardFloor: FloorBytes;
  /** What every page of the app loads before its screen: the entry closure and the pt messages. */
  start: { gzip: number; files: FileSize[] };
  routes: RouteBytes[];
  /** Every JS and CSS file of the app, largest first. */
  chunks: FileSize[];
  verdicts: { landing: Verdict; landingReactOnly: Verdict; routes: Verdict[]; chunks: Verdict };
}

/** The largest few files, enough to say where a route's bytes come from. */
const describe = (files: FileSize[], shown = 3) =>
  [...files.slice(0, shown).map((f) => `${path.basename(f.file)} ${kB(f.gzip)}`), ...(files.length > shown ? [`${files.length - shown} more`] : [])].join(', ');

/** A floor page's first load: its entry's closure. */
function floorBytes(dist: string): FloorBytes {
  const manifest = readManifest(dist);
  const gz = gzipSizes(dist);
  const files = [...closure(manifest, [entryKey(manifest)])].map((file) => ({ file, gzip: gz(file) }));
  return { firstLoad: files.reduce((s, f) => s + f.gzip, 0), files };
}

export function measureBytes(appDist: string, floors: Floors): BytesReport {
  const floor = floorBytes(floors.reactOnly);
  const cardFloor = floorBytes(floors.card);

  const manifest = readManifest(appDist);
  const gz = gzipSizes(appDist);
  const sized = (files: Iterable<string>) => [...files].map((file) => ({ file, gzip: gz(file) })).sort((a, b) => b.gzip - a.gzip);
  const sum = (files: FileSize[]) => files.reduce((s, f) => s + f.gzip, 0);

  const startFiles = closure(manifest, [entryKey(manifest), ...catalogueKeys(manifest, appDist)]);
  const start = { files: sized(startFiles), gzip: 0 };
  start.gzip = sum(start.files);

  const partsOf = screenMessageKeys(manifest);
  const routes: RouteBytes[] = routeScreens(manifest).map((screen) => {
    const screenFiles = screen.lazy ? closure(manifest, [screen.module]) : new Set<string>();
    const ownFiles = sized([...screenFiles].filter((f) => !startFiles.has(f)));
    const own = sum(ownFiles);
    // The screen's exports share one part's content; the largest counts.
    const messages = Math.max(0, ...(partsOf.get(screen.module) ?? []).map((key) => sum(sized(closure(manifest, [key])))));
    return { ...screen, firstLoad: start.gzip + own + messages, own, ownFiles, messages };
  });

  const chunks = sized(
    new Set(
      Object.values(manifest)
        .flatMap((c) => [c.file, ...(c.css ?? [])])
        .filter((f) => /\.(js|css)$/.test(f)),
    ),
  );

  const landing = routes.find((r) => r.paths.includes(byteBudgets.landing));
  if (!landing) throw new Error(`${byteBudgets.landing} is not routed in src/app/router.tsx`);
  const landingBudget = byteBudgets.firstLoadFactor * cardFloor.firstLoad;
  const reactOnlyBudget = byteBudgets.reactOnlyFactor * floor.firstLoad;
  const verdicts: BytesReport['verdicts'] = {
    landing: {
      name: `first load of ${byteBudgets.landing} (JS + CSS gzip)`,
      figure: `${kB(landing.firstLoad)} = ${(landing.firstLoad / cardFloor.firstLoad).toFixed(2)} × design-card floor ${kB(cardFloor.firstLoad)}`,
      budget: `<= ${byteBudgets.firstLoadFactor} × design-card floor = ${kB(landingBudget)}`,
      holds: landing.firstLoad <= landingBudget,
    },
    landingReactOnly: {
      name: `first load of ${byteBudgets.landing} against the React-only floor`,
      figure: `${(landing.firstLoad / floor.firstLoad).toFixed(2)} × floor ${kB(floor.firstLoad)}`,
      budget: `information (ADR 026's ${byteBudgets.reactOnlyFactor} ×, ${kB(reactOnlyBudget)})`,
      holds: landing.firstLoad <= reactOnlyBudget,
    },
    routes: routes
      .filter((r) => r !== landing)
      .map((r) => ({
        name: `${r.paths.join(', ')} adds`,
        figure: r.lazy
          ? `${kB(r.own)}${r.ownFiles.length ? ` (${describe(r.ownFiles)})` : ''}, and ${kB(r.messages)} of pt messages`
          : `0 kB (${r.module} is in the entry)`,
        budget: `<= ${kB(byteBudgets.routeOwnMax)} of code, <= ${kB(byteBudgets.routeMessagesMax)} of messages`,
        holds: r.own <= byteBudgets.routeOwnMax && r.messages <= byteBudgets.routeMessagesMax,
      })),
    chunks: {
      name: 'largest chunk (gzip)',
      figure: `${path.basename(chunks[0]!.file)} ${kB(chunks[0]!.gzip)}`,
      budget: `<= ${kB(byteBudgets.chunkMax)} each`,
      holds: chunks.every((c) => c.gzip <= byteBudgets.chunkMax),
    },
  };
  return { floor, cardFloor, start, routes, chunks, verdicts };
}

/** The chunks over the per-chunk budget, for messages. */
export const oversizedChunks = (report: BytesReport) => report.chunks.filter((c) => c.gzip > byteBudgets.chunkMax);
