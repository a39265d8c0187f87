/**
 * Which messages each part of the app needs (docs/decisions/062, amended): the shell's (what
 * src/main.tsx reaches without going through a lazily loaded route screen) and, per lazily loaded
 * screen of src/app/router.tsx, the ones its own modules use beyond the shell's. Read from the
 * source at compile time (scripts/i18n-compile.ts): a module uses a message when the message's id
 * is one of its string literals, which is how every descriptor, `FormattedMessage id` and
 * validation id is written (core/i18n/error-messages.ts: ids are literals, never built). So a
 * message added to core/i18n/lang/*.json lands in the right part with no list to keep. The texts of
 * the server's refusals are a part of their own (docs/decisions/067): the error catalogue names them
 * all, but the page needs them only once a refusal comes.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');

interface ModuleFacts {
  /** Modules imported for their values (type-only imports carry no message). */
  imports: string[];
  /** Modules loaded with import(): their code, and so their messages, may be needed later. */
  dynamicImports: string[];
  /** Every string literal, and the fixed head of every template literal that has one. */
  literals: Set<string>;
  heads: string[];
}

function resolveModule(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return ['', '.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext).find((f) => /\.tsx?$/.test(f) && existsSync(f));
}

function readFacts(file: string): ModuleFacts {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const facts: ModuleFacts = { imports: [], dynamicImports: [], literals: new Set(), heads: [] };
  const add = (list: string[], specifier: string) => {
    const resolved = resolveModule(file, specifier);
    if (resolved) list.push(resolved);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.importClause?.isTypeOnly) add(facts.imports, node.moduleSpecifier.text);
      return;
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) add(facts.imports, node.moduleSpecifier.text);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      if (arg && ts.isStringLiteralLike(arg)) add(facts.dynamicImports, arg.text);
    }
    if (ts.isStringLiteralLike(node)) facts.literals.add(node.text);
    if (ts.isTemplateExpression(node) && node.head.text) facts.heads.push(node.head.text);
    if (ts.isJsxText(node)) return;
    node.forEachChild(visit);
  };
  visit(source);
  return facts;
}

/** The lazily loaded screens of the router: `const X = screen(() => import('…'), 'Name')`, by name. */
export function lazyScreens(routerFile: string): Map<string, string> {
  const source = ts.createSourceFile(routerFile, readFileSync(routerFile, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const screens = new Map<string, string>();
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.arguments.length === 2) {
      const [load, name] = node.arguments;
      const body = load && ts.isArrowFunction(load) ? load.body : undefined;
      if (body && ts.isCallExpression(body) && body.expression.kind === ts.SyntaxKind.ImportKeyword && name && ts.isStringLiteral(name)) {
        const specifier = body.arguments[0];
        if (!specifier || !ts.isStringLiteral(specifier)) throw new Error(`${routerFile}: a screen's import() without a literal path`);
        const module = resolveModule(routerFile, specifier.text);
        if (!module) throw new Error(`${routerFile}: "${specifier.text}" resolves to no module`);
        screens.set(name.text, module);
      }
    }
    node.forEachChild(visit);
  };
  visit(source);
  if (screens.size === 0) throw new Error(`${routerFile}: no lazily loaded screen found (screen(() => import('…'), 'Name'))`);
  return screens;
}

export interface MessageSplit {
  /** The messages the entry carries or loads with its language. */
  shell: string[];
  /** The refusal texts the app loads apart, once the page is quiet or a refusal comes (docs/decisions/067). */
  refusals: string[];
  /** Per lazily loaded screen (its export name in the router), the messages it adds to the shell's. */
  screens: Map<string, string[]>;
  /** The ids no module of the app names (in the shell too). */
  unnamed: string[];
}

/**
 * Splits `ids` between the shell and the router's lazy screens. An id no module names goes to the
 * shell, where it can only cost bytes, never show untranslated.
 */
export function splitMessages(
  ids: readonly string[],
  options: {
    entry?: string;
    router?: string;
    /**
     * The error catalogue's module and the ids of the refusal texts it names that may load apart
     * (docs/decisions/067). Such an id stays in a part whose modules name it themselves.
     */
    refusals?: { module: string; ids: readonly string[] };
  } = {},
): MessageSplit {
  const entry = options.entry ?? path.join(root, 'src', 'main.tsx');
  const router = options.router ?? path.join(root, 'src', 'app', 'router.tsx');
  const screens = lazyScreens(router);
  const screenModules = new Set(screens.values());
  const facts = new Map<string, ModuleFacts>();
  const factsOf = (file: string) => {
    let found = facts.get(file);
    if (!found) facts.set(file, (found = readFacts(file)));
    return found;
  };

  // Everything a start module reaches, static or lazy, short of another route's screen.
  const reach = (start: string): Set<string> => {
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file) || (file !== start && screenModules.has(file))) return;
      seen.add(file);
      const f = factsOf(file);
      [...f.imports, ...f.dynamicImports].forEach(walk);
    };
    walk(start);
    return seen;
  };

  const known = new Set(ids);
  const used = (files: Set<string>): Set<string> => {
    const found = new Set<string>();
    for (const file of files) {
      const f = factsOf(file);
      for (const literal of f.literals) if (known.has(literal)) found.add(literal);
      for (const head of f.heads) if (head.endsWith('.')) for (const id of ids) if (id.startsWith(head)) found.add(id);
    }
    return found;
  };

  // The ids a set of modules names besides the error catalogue's own listing of them.
  const catalogue = options.refusals?.module;
  const namedBeyondCatalogue = (files: Set<string>) => used(new Set([...files].filter((file) => file !== catalogue)));

  const shell = used(reach(entry));
  const inShellCode = namedBeyondCatalogue(reach(entry));
  const refusals = new Set((options.refusals?.ids ?? []).filter((id) => shell.has(id) && !inShellCode.has(id)));
  refusals.forEach((id) => shell.delete(id));
  const byScreen = new Map<string, string[]>();
  const attributed = new Set([...shell, ...refusals]);
  for (const [name, module] of screens) {
    const files = reach(module);
    const inScreenCode = namedBeyondCatalogue(files);
    const own = [...used(files)].filter((id) => !shell.has(id) && (!refusals.has(id) || inScreenCode.has(id)));
    own.forEach((id) => attributed.add(id));
    byScreen.set(name, own.sort());
  }
  const unnamed = ids.filter((id) => !attributed.has(id));
  unnamed.forEach((id) => shell.add(id));
  return { shell: [...shell].sort(), refusals: [...refusals].sort(), screens: byScreen, unnamed };
}
