// Every word a user reads is a react-intl message with translations in four languages (spec section 9).
// This walks the JSX of the app's screens and components and fails on literal words: text between
// tags, and the attributes people read or hear (aria-label, alt, title, placeholder). Punctuation,
// numbers and symbols (·, −, →, 404) are not words and may stay literal.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readAttributes = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'title',
  'placeholder',
  'label',
]);
const hasWord = (text: string) => /\p{L}{2,}/u.test(text);

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'compiled' ? [] : tsxFiles(full);
    return e.name.endsWith('.tsx') && !e.name.endsWith('.test.tsx') ? [full] : [];
  });
}

export function literalWords(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => `${path.relative(src, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWord(node.text)) found.push(`${where(node)} text "${node.text.trim()}"`);
    if (ts.isJsxAttribute(node) && readAttributes.has(node.name.getText())) {
      const init = node.initializer;
      const literal =
        init && ts.isStringLiteral(init)
          ? init.text
          : init && ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
            ? init.expression.text
            : null;
      if (literal !== null && hasWord(literal)) found.push(`${where(node)} ${node.name.getText()}="${literal}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no hard-coded text', () => {
  it('finds literal words, and lets punctuation and numbers be', () => {
    const sample = `const a = <p title="Close">Hello {name} · 404 <b aria-label={'Zoom'}>→</b><i alt={label} /></p>;`;
    expect(literalWords('sample.tsx', sample).map((f) => f.split(' ').slice(1).join(' '))).toEqual(['title="Close"', 'text "Hello"', 'aria-label="Zoom"']);
  });

  it('every screen and component says its words through react-intl', () => {
    const offenders = tsxFiles(src).flatMap((f) => literalWords(f));
    expect(offenders).toEqual([]);
  });
});
