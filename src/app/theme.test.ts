// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brandPalette, brandVariables } from '../../core/config/colors';
import { demoTheme } from '../../server/db/demo-content';
import { applyTheme } from './theme';

const srcDir = path.resolve(__dirname, '..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? cssFiles(path.join(dir, e.name)) : e.name.endsWith('.css') ? [path.join(dir, e.name)] : [],
  );
}

/**
 * Which derived colour each kind of property may take (docs/decisions/043): text takes the text
 * colours, fills the fills and tints, lines the line colour. The server's colour as sent (--brand)
 * takes none, since it meets no contrast by itself.
 */
const allowed: Array<[RegExp, string[]]> = [
  [/^color$/, ['--brand-text', '--on-brand']],
  [/^background(-color)?$/, ['--brand-fill', '--brand-fill-hover', '--brand-soft']],
  [/^(border(-\w+)*|outline(-color)?|stroke|fill|text-decoration-color|box-shadow)$/, ['--brand-line']],
];

describe('the theme colours in the stylesheets (docs/decisions/043)', () => {
  it("every brand variable is used where its contrast holds: text, fill or line, never the server's raw colour", () => {
    const uses: string[] = [];
    for (const file of cssFiles(srcDir)) {
      const css = readFileSync(file, 'utf8');
      for (const [, property, value] of css.matchAll(/(?:^|[;{\s])([a-z-]+)\s*:\s*([^;{}]*var\(--(?:brand|on-brand)[^;{}]*)/g)) {
        if (property!.startsWith('--')) continue;
        for (const [, variable] of value!.matchAll(/var\((--[a-z-]+)/g)) {
          if (!/^--(brand|on-brand)/.test(variable!)) continue;
          const rule = allowed.find(([p]) => p.test(property!));
          uses.push(`${path.relative(srcDir, file)}: ${property}: ${variable} ${rule?.[1].includes(variable!) ? 'ok' : 'WRONG'}`);
        }
      }
    }
    expect(uses.length).toBeGreaterThan(20);
    expect(uses.filter((u) => u.endsWith('WRONG'))).toEqual([]);
  });

  it("the stylesheet's starting values are the demo theme's palette", () => {
    const css = readFileSync(path.join(srcDir, 'styles.css'), 'utf8');
    const root = /:root\s*{([^}]*)}/.exec(css)![1]!;
    const palette = brandPalette(demoTheme.themeColor)!;
    for (const [key, variable] of Object.entries(brandVariables)) {
      const value = new RegExp(`${variable}:\\s*(#[0-9a-f]{6});`).exec(root)?.[1];
      expect(value, variable).toBe(palette[key as keyof typeof palette]);
    }
  });

  it("applyTheme sets each variable from the server's colour, and the browser's theme-color", () => {
    const meta = Object.assign(document.createElement('meta'), { name: 'theme-color', content: '#5b2be0' });
    const icon = Object.assign(document.createElement('link'), { rel: 'icon', href: '/x.svg' });
    document.head.append(meta, icon);
    applyTheme(document, { ...demoTheme, themeColor: '#d9480f' });
    const palette = brandPalette('#d9480f')!;
    const style = document.documentElement.style;
    for (const [key, variable] of Object.entries(brandVariables)) expect(style.getPropertyValue(variable), variable).toBe(palette[key as keyof typeof palette]);
    expect(style.getPropertyValue('--brand-fill')).not.toBe('#d9480f');
    expect(document.querySelector('meta[name="theme-color"]')!.getAttribute('content')).toBe('#d9480f');
    expect(document.querySelector('link[rel="icon"]')!.getAttribute('href')).toBe(demoTheme.images.favicon);
  });
});
