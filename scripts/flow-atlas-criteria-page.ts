/**
 * docs/flows/criteria.html (docs/decisions/074): every flow's acceptance criteria on one page a
 * product owner prints and signs, Portuguese first, each with the paths that checked it and when,
 * and a signature line per flow. Written by `npm run flows` beside the atlas, from the same data.
 */
import { escapeHtml as esc } from './flows-report';
import { criteriaTitle, verdictText, VERDICT_COLOUR, type AtlasCriterion } from './flow-atlas-criteria';
import type { AtlasData, AtlasFlow } from './flow-atlas-types';

/** The page's file name, beside docs/flows/index.html (the atlas's header links it). */
export const CRITERIA_PAGE = 'criteria.html';

const CSS = `
body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#111}
h1{font-size:1.6rem;margin:0 0 .3rem}h2{font-size:1.25rem;margin:2rem 0 .5rem;border-bottom:1px solid #999}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #bbb;padding:.35rem .5rem;vertical-align:top;text-align:left}
th{background:#f0f0f0}.small{font-size:.85rem}.muted{color:#555}.others{margin:.3rem 0 0;padding-left:1rem}
.sign{margin:1.2rem 0 0;font-size:1rem}.flow{break-inside:avoid-page}
@media print{body{margin:0;max-width:none;font-size:11pt}a{color:inherit;text-decoration:none}.flow{break-before:page}.flow:first-of-type{break-before:auto}.noprint{display:none}}
`;

function row(c: AtlasCriterion, i: number): string {
  const [first, ...others] = c.texts;
  return `<tr><td>${i + 1}</td><td lang="${first!.language}"><strong>${esc(first!.text)}</strong>
<ul class="others small muted">${others.map((t) => `<li lang="${t.language}">${t.language}: ${esc(t.text)}</li>`).join('')}</ul></td>
<td class="small">${esc(c.where)}</td>
<td style="color:${VERDICT_COLOUR[c.verdict]}"><strong>${esc(verdictText(c, 'pt'))}</strong><br><span class="small">${esc(verdictText(c, 'en'))}</span></td></tr>`;
}

function flowPart(flow: AtlasFlow, title: (id: string) => string): string {
  const list = flow.criteria ?? [];
  return `<section class="flow" id="criteria-${esc(flow.id)}"><h2>${esc(title(flow.id))} <code class="small">${esc(flow.id)}</code></h2>
<table><thead><tr><th>#</th><th>${esc(criteriaTitle('pt'))} · ${esc(criteriaTitle('en'))}</th><th>Onde · Where</th><th>Verificação · Check</th></tr></thead>
<tbody>${list.map(row).join('\n')}</tbody></table>
<p class="sign">Aprovado por ______________________________ em ____/____/________ · Approved by · Aprobado por · Утверждено</p></section>`;
}

/** The whole printable page: the flows that carry criteria, in the atlas's order, each headed as `title` names it (the atlas's own titles). */
export function criteriaPage(data: AtlasData, title: (id: string) => string = (id) => id): string {
  const flows = data.flows.filter((f) => f.criteria?.length);
  const c = data.coverage;
  const run = c.present
    ? `Execução dos testes · test run: ${c.commit ? `commit ${esc(c.commit.slice(0, 12))}` : 'commit ?'}${c.dirty ? ' (with uncommitted changes)' : ''}, ${esc(c.date ?? 'date not recorded')}`
    : 'Nenhuma execução registrada · no test run recorded (docs/flows/coverage.json)';
  return `<!doctype html>
<html lang="pt"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(criteriaTitle('pt'))} · Aurora TV</title><style>${CSS}</style></head>
<body><header><h1>${esc(criteriaTitle('pt'))} · ${esc(criteriaTitle('en'))}</h1>
<p class="small muted">${run}. Um critério é verificado pelos caminhos dos testes automáticos que passaram por ele e foram aprovados; “não verificado” em vermelho: nenhum caminho aprovado o verificou. A criterion is checked by the passed paths of the automatic walks that reached its state or took its transition.</p>
<p class="noprint small"><a href="index.html">Flow atlas</a> · <button onclick="print()">Imprimir · Print</button></p></header>
<main>${flows.map((f) => flowPart(f, title)).join('\n')}</main></body></html>
`;
}
