/**
 * What a production build holds, read from its Vite manifest (dist/.vite/manifest.json): each
 * chunk's closure, the route -> screen map read from src/app/router.tsx, and from both the files
 * each route needs beyond the entry's. Shared by the bytes budgets (bench/bytes.ts), the build's
 * route hints (vite.config.ts) and through those, the server's per-route HTML
 * (server/routes/spa-html.ts, docs/decisions/030).
 */
import type { RouteHints } from '../core/routing/route-hints';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist: string): Manifest {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: the build must set build.manifest: true`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The files a chunk brings with it: itself, its CSS, and its static imports' files, recursively. */
export function closure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk "${key}"`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

/** The app's one entry, index.html, whose closure index.html itself links. */
export function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
  if (entries.length !== 1 || entries[0]![0] !== 'index.html')
    throw new Error(`expected one entry, index.html; the manifest has ${entries.map(([k]) => k).join(', ') || 'none'}`);
  return 'index.html';
}

export interface RouteScreen {
  /** Route paths that render this screen module. */
  paths: string[];
  /** The screen's module, as the manifest names it (e.g. src/screens/login/login-screen.tsx). */
  module: string;
  /** true: imported lazily (its own chunk); false: part of the entry. */
  lazy: boolean;
  /** For each of `paths`, the export the route shows: a lazy screen's messages are named after it (scripts/i18n-split.ts). */
  exports: string[];
}

/**
 * Route path -> screen module, read from src/app/router.tsx: each `<Route path element>`'s screen is
 * either a const holding a lazy `import('…')` or a component imported statically from src/screens.
 * Anything else throws, so the map cannot silently drift from the router.
 */
export function routeScreens(manifest: Manifest, routerFile = path.join(root, 'src', 'app', 'router.tsx')): RouteScreen[] {
  const source = ts.createSourceFile(routerFile, readFileSync(routerFile, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const routerDir = path.dirname(routerFile);
  const toKey = (specifier: string) => {
    const base = path.relative(root, path.resolve(routerDir, specifier)).split(path.sep).join('/');
    const key = ['', '.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext).find((k) => manifest[k] ?? existsSync(path.join(root, k)));
    if (!key) throw new Error(`${routerFile}: "${specifier}" resolves to no module`);
    return key;
  };

  const lazyConsts = new Map<string, string>();
  const exportOf = new Map<string, string>();
  const staticScreens = new Map<string, string>();
  const routes: { path: string; components: string[] }[] = [];

  const dynamicImports = (node: ts.Node): string[] => {
    const found: string[] = [];
    const walk = (n: ts.Node) => {
      if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const arg = n.arguments[0];
        if (!arg || !ts.isStringLiteralLike(arg)) throw new Error(`${routerFile}: an import() without a literal path`);
        found.push(arg.text);
      }
      n.forEachChild(walk);
    };
    walk(node);
    return found;
  };

  const jsxTags = (node: ts.Node): string[] => {
    const tags: string[] = [];
    const walk = (n: ts.Node) => {
      if ((ts.isJsxSelfClosingElement(n) || ts.isJsxOpeningElement(n)) && ts.isIdentifier(n.tagName)) tags.push(n.tagName.text);
      n.forEachChild(walk);
    };
    walk(node);
    return tags;
  };

  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.moduleSpecifier.text.includes('/screens/')) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) staticScreens.set(el.name.text, toKey(node.moduleSpecifier.text));
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const imports = dynamicImports(node.initializer);
      if (imports.length > 1) throw new Error(`${routerFile}: ${node.name.text} imports ${imports.length} modules lazily; one screen per const is expected`);
      if (imports.length === 1) lazyConsts.set(node.name.text, toKey(imports[0]!));
      // screen(() => import('…'), 'Name'): the export shown; a static screen is its own import's name.
      const named = ts.isCallExpression(node.initializer) ? node.initializer.arguments[1] : undefined;
      if (imports.length === 1 && named && ts.isStringLiteral(named)) exportOf.set(node.name.text, named.text);
    }
    const opening = ts.isJsxElement(node) ? node.openingElement : ts.isJsxSelfClosingElement(node) ? node : undefined;
    if (opening && ts.isIdentifier(opening.tagName) && opening.tagName.text === 'Route') {
      let routePath: string | undefined;
      let element: ts.Node | undefined;
      for (const attr of opening.attributes.properties) {
        if (!ts.isJsxAttribute(attr) || !ts.isIdentifier(attr.name)) continue;
        if (attr.name.text === 'path') {
          if (!attr.initializer || !ts.isStringLiteral(attr.initializer)) throw new Error(`${routerFile}: a Route path that is not a string literal`);
          routePath = attr.initializer.text;
        }
        if (attr.name.text === 'element') element = attr.initializer;
      }
      // A Route without a path is a layout; its children are visited below.
      if (routePath !== undefined) {
        if (!element) throw new Error(`${routerFile}: Route ${routePath} has no element`);
        routes.push({ path: routePath, components: jsxTags(element) });
      }
    }
    node.forEachChild(visit);
  };
  visit(source);

  const byModule = new Map<string, RouteScreen>();
  for (const route of routes) {
    const lazyScreens = route.components.filter((c) => lazyConsts.has(c));
    const staticOnes = route.components.filter((c) => staticScreens.has(c));
    let screen: { module: string; lazy: boolean };
    let shown: string;
    if (lazyScreens.length === 1 && staticOnes.length === 0) {
      screen = { module: lazyConsts.get(lazyScreens[0]!)!, lazy: true };
      shown = exportOf.get(lazyScreens[0]!) ?? lazyScreens[0]!;
    } else if (lazyScreens.length === 0 && staticOnes.length === 1) {
      screen = { module: staticScreens.get(staticOnes[0]!)!, lazy: false };
      shown = staticOnes[0]!;
    } else if (lazyScreens.length === 0 && staticOnes.length === 0 && route.components.includes('Navigate'))
      continue; // a redirect, not a page
    else throw new Error(`${routerFile}: cannot tell which screen Route ${route.path} renders (components: ${route.components.join(', ') || 'none'})`);
    if (screen.lazy && !manifest[screen.module]) throw new Error(`Route ${route.path}'s screen ${screen.module} is not a chunk of the build manifest`);
    const entry = byModule.get(screen.module) ?? { paths: [], exports: [], ...screen };
    entry.paths.push(route.path);
    entry.exports.push(shown);
    byModule.set(screen.module, entry);
  }
  return [...byModule.values()];
}

export function routeHints(dist: string, base = '/'): RouteHints {
  const manifest = readManifest(dist);
  const inEntry = closure(manifest, [entryKey(manifest)]);
  const beyondEntry = (keys: string[]) => [...closure(manifest, keys)].filter((f) => !inEntry.has(f)).map((f) => base + f);
  // The compiled languages: a chunk each, or none for the one the entry carries (listed all the same).
  const compiled = path.join(root, 'src', 'i18n', 'compiled');
  const names = existsSync(compiled) ? readdirSync(compiled).flatMap((f) => /^([a-z]+)\.json$/.exec(f)?.[1] ?? []) : [];
  const languages: Record<string, string[]> = {};
  for (const language of names) {
    const key = `src/i18n/compiled/${language}.json`;
    languages[language] = manifest[key] ? beyondEntry([key]) : [];
  }
  // Per screen export, its paths, its code and its messages in each language (they load together).
  const routes = routeScreens(manifest)
    .filter((s) => s.lazy)
    .flatMap((s) =>
      [...new Set(s.exports)].map((shown) => {
        const messages: Record<string, string[]> = {};
        for (const language of names) {
          const key = `src/i18n/compiled/screens/${shown}.${language}.json`;
          if (manifest[key]) messages[language] = beyondEntry([key]);
        }
        return { paths: s.paths.filter((_, i) => s.exports[i] === shown), files: beyondEntry([s.module]), messages };
      }),
    );
  return { routes, languages };
}
