/**
 * The page of `npm run flows -- --diff <ref>` (docs/decisions/073), reports/flows/diff.html: per
 * changed flow its chart at the other commit beside the chart now (each drawn by its own tree's
 * `drawMachine`), the lines of the text report, and the changed screenshots, old beside new.
 * The charts and the old screenshots are files beside it (reports/flows/diff/); the new
 * screenshots are the working tree's docs/flows/screens/.
 */
import { esc } from './flow-dot';
import type { FlowDiff } from './flow-diff-compare';
import type { ShotChange } from './flow-diff-shots';

export interface DiffPage {
  ref: string;
  diffs: FlowDiff[];
  shots: ShotChange[];
  notes: string[];
  /** Each side's chart of a flow, relative to the page; absent where that side drew none. */
  chart(side: 'before' | 'after', flow: string): string | undefined;
  /** A screenshot of a side (a file relative to docs/flows/), relative to the page. */
  shot(side: 'before' | 'after', file: string): string;
}

const CSS = `body{font:15px/1.45 system-ui,sans-serif;margin:1.5rem;color:#1d1d1f}
h1{font-size:1.4rem}h2{margin-top:2.5rem;border-bottom:1px solid #ccc}
.sides{display:grid;grid-template-columns:1fr 1fr;gap:1rem;align-items:start}
.sides figure{margin:0;border:1px solid #ddd;padding:.5rem;overflow:auto}
.sides img{max-width:100%;height:auto}.none{color:#777;font-style:italic}
pre{background:#f6f6f6;padding:.75rem;white-space:pre-wrap}.add{color:#1e7b3c}.del{color:#b42318}.chg{color:#a46400}`;

function lineHtml(line: string): string {
  const sign = line.trimStart()[0];
  const kind = sign === '+' ? 'add' : sign === '-' ? 'del' : sign === '~' ? 'chg' : '';
  return kind ? `<span class="${kind}">${esc(line)}</span>` : esc(line);
}

function figure(caption: string, src: string | undefined, missing: string): string {
  return `<figure><figcaption>${esc(caption)}</figcaption>${src ? `<a href="${esc(src)}"><img src="${esc(src)}" alt="${esc(caption)}"></a>` : `<p class="none">${esc(missing)}</p>`}</figure>`;
}

export function diffPageHtml(page: DiffPage): string {
  const changed = page.diffs.filter((d) => d.lines.length || page.shots.some((s) => s.flow === d.id));
  const same = page.diffs.filter((d) => !changed.includes(d)).map((d) => d.id);
  const sections = changed.map((d) => {
    const shots = page.shots.filter((s) => s.flow === d.id);
    const charts = d.lines.length
      ? `<div class="sides">${figure(`at ${page.ref}`, page.chart('before', d.id), 'not drawn: that commit has no such flow or no drawing code (scripts/flow-drawing.ts drawMachine)')}${figure(
          'working tree',
          page.chart('after', d.id),
          'no such flow in the working tree',
        )}</div><pre>${d.lines.map(lineHtml).join('\n')}</pre>`
      : '';
    const pictures = shots.map(
      (s) =>
        `<h3>${esc(s.what)}</h3><div class="sides">${figure(`at ${page.ref}`, s.before && page.shot('before', s.before), 'none')}${figure('working tree', s.after && page.shot('after', s.after), 'none')}</div>`,
    );
    return `<section id="${esc(d.id)}"><h2>${esc(d.id)}</h2>${charts}${shots.length ? `<p>screenshots changed: ${shots.length}</p>${pictures.join('')}` : ''}</section>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Flows: ${esc(page.ref)} → working tree</title><style>${CSS}</style></head>
<body><h1>Flows: ${esc(page.ref)} → working tree</h1>
${page.notes.map((n) => `<p class="none">${esc(n)}</p>`).join('\n')}
<p>${changed.length} changed${changed.length ? `: ${changed.map((d) => `<a href="#${esc(d.id)}">${esc(d.id)}</a>`).join(', ')}` : ''}. Unchanged: ${same.length ? esc(same.join(', ')) : 'none'}.</p>
${sections.join('\n')}
</body></html>
`;
}
