import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, parseAst, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite-precompress';
import { leanCodeSplitting, noIcuParser, preloadsBeyondImporter } from './scripts/vite-lean';

const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

interface AstNode {
  type: string;
  start: number;
  end: number;
  [field: string]: unknown;
}

const isNode = (value: unknown): value is AstNode => typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
const isText = (n: AstNode) =>
  (n.type === 'Literal' && typeof n.value === 'string') || (n.type === 'TemplateLiteral' && (n.expressions as unknown[]).length === 0);
const keyOf = (p: AstNode) => {
  const key = p.key as AstNode;
  return key.type === 'Identifier' ? (key.name as string) : key.type === 'Literal' ? String(key.value) : undefined;
};

/**
 * The ranges to blank in one object literal when it is a message descriptor (a literal `id` and
 * `defaultMessage`): its `defaultMessage` and `description` with their commas.
 */
function descriptorTextRanges(code: string, object: AstNode): [number, number][] {
  const props = object.properties as AstNode[];
  if (!props.every((p) => p.type === 'Property' && !p.computed && isNode(p.value))) return [];
  const named = new Map(props.map((p) => [keyOf(p), p]));
  const id = named.get('id');
  const text = named.get('defaultMessage');
  if (!id || !text || !isText(id.value as AstNode)) return [];
  const dropped = props.map((p) => (keyOf(p) === 'defaultMessage' || keyOf(p) === 'description') && isText(p.value as AstNode));
  // Offsets must point at the key as written, or this is not the text we think it is.
  if (props.some((p, i) => dropped[i] && !code.startsWith(keyOf(p)!, p.start) && !code.startsWith(`'${keyOf(p)}'`, p.start))) return [];
  const ranges: [number, number][] = [];
  for (let i = 0; i < props.length; i++) {
    if (!dropped[i]) continue;
    let last = i;
    while (dropped[last + 1]) last++;
    // `id` is always kept, so a dropped run has a kept neighbour whose comma it can take.
    const next = props[last + 1];
    ranges.push(next ? [props[i]!.start, next.start] : [props[i - 1]!.end, props[last]!.end]);
    i = last;
  }
  return ranges;
}

/** Every object literal of a parsed module. */
function objectsOf(ast: unknown): AstNode[] {
  const found: AstNode[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!isNode(value)) return;
    if (value.type === 'ObjectExpression') found.push(value);
    for (const field in value) if (field !== 'type') visit(value[field]);
  };
  visit(ast);
  return found;
}

/** The code with `ranges` blanked by spaces (line breaks kept), or null when there is none. */
function blanked(code: string, ranges: [number, number][]) {
  if (ranges.length === 0) return null;
  const chars = code.split('');
  for (const [from, to] of ranges) for (let i = from; i < to; i++) if (chars[i] !== '\n') chars[i] = ' ';
  return { code: chars.join(''), map: null };
}

/** The range to blank in one object literal of a machine: its `description` text, with a comma. */
function descriptionRange(code: string, object: AstNode): [number, number][] {
  const props = object.properties as AstNode[];
  const at = props.findIndex((p) => p.type === 'Property' && !p.computed && keyOf(p) === 'description' && isText(p.value as AstNode));
  const prop = props[at];
  if (prop && code.startsWith('description', prop.start)) {
    const next = props[at + 1];
    const previous = props[at - 1];
    // A sole property takes its trailing comma along: `{ description: '…', }` becomes `{ }`.
    const comma = /^\s*,/.exec(code.slice(prop.end))?.[0].length ?? 0;
    return [next ? [prop.start, next.start] : previous ? [previous.end, prop.end] : [prop.start, prop.end + comma]];
  }
  return [];
}

/**
 * Production builds ship message descriptors as bare ids. The translator notes (`description`)
 * and English source texts (`defaultMessage`) are for `npm run i18n:extract`; at run time react-intl
 * reads the text from the precompiled catalogue, which `npm run i18n:compile` refuses to write
 * without every id, so they only cost bytes (a fifth of the error catalogue in the shell).
 * The texts are blanked with spaces, not cut, so every offset and line stays where it was and
 * the source maps still point at the right code (their copy of the source shows the blanks).
 */
function messageTextsOut(): Plugin {
  return {
    name: 'aurora:message-texts-out',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: /\/(?:src|core|machines)\/[^?]*\.tsx?$/, code: 'defaultMessage' },
      handler(code, id) {
        const ast = parseAst(code, { lang: id.endsWith('x') ? 'tsx' : 'ts' });
        const ranges = objectsOf(ast).flatMap((object) => descriptorTextRanges(code, object));
        return blanked(code, ranges);
      },
    },
  };
}

/**
 * Production builds ship the flows without their descriptions. Every state and transition of a
 * machine says in business language what it means (docs/decisions/039): the charts, the atlas and
 * the tests read them from the source, the running app never does, and they would cost the
 * payment route about 5 kB. Blanked with spaces as above, so offsets and source maps hold.
 */
function flowDescriptionsOut(): Plugin {
  return {
    name: 'aurora:flow-descriptions-out',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: /\/machines\/[^?]*(?<!\.test)\.ts$/, code: 'description' },
      handler(code) {
        const ast = parseAst(code, { lang: 'ts' });
        const ranges = objectsOf(ast).flatMap((object) => descriptionRange(code, object));
        return blanked(code, ranges);
      },
    },
  };
}

const base = '/';

/**
 * Writes dist/.vite/route-hints.json: per route, the chunks and CSS its screen needs beyond the
 * entry's, and per language its messages' chunk. The server names them in each route's HTML, so
 * they download with the entry instead of after it has run (docs/decisions/030). Made here, from
 * the manifest just written, so the server needs neither the router's source nor TypeScript.
 */
function routeHintsFile(): Plugin {
  return {
    name: 'aurora:route-hints',
    apply: 'build',
    async writeBundle({ dir }) {
      // Loaded here: it brings TypeScript's parser, which neither `vite dev` nor Vitest needs.
      const { routeHints } = await import('./scripts/route-chunks');
      writeFileSync(path.join(dir!, '.vite', 'route-hints.json'), `${JSON.stringify(routeHints(dir!, base), null, 2)}\n`);
    },
  };
}

/**
 * `vite build --ssr src/preview/render-preview.tsx` (package.json "build"): the server's preview renderer (src/preview,
 * docs/decisions/033), a Node module beside the route hints. The libraries stay in node_modules,
 * CSS and assets are the browser build's, and it is neither compressed nor named in the hints.
 */
const previewBuild = defineConfig({
  plugins: [messageTextsOut(), flowDescriptionsOut(), react()],
  base,
  resolve: { alias: [noIcuParser] },
  build: {
    outDir: 'dist/.vite/preview',
    emptyOutDir: true,
    copyPublicDir: false,
    sourcemap: true,
  },
});

const preloads = preloadsBeyondImporter();

const browserBuild = defineConfig({
  plugins: [messageTextsOut(), flowDescriptionsOut(), react(), routeHintsFile(), precompress(), preloads.plugin],
  base,
  resolve: { alias: [noIcuParser] },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  // The manifest maps each route's module to its chunks: the bytes budgets (bench/bytes.ts) read it.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    // React, the libraries' shell and the app's entry in three chunks (scripts/vite-lean.ts).
    rolldownOptions: {
      output: {
        codeSplitting: leanCodeSplitting,
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? previewBuild : browserBuild));
