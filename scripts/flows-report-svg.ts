/**
 * The flows' charts (docs/flows/<machineId>.svg, drawn by `npm run flows`) made ready to sit inline
 * in the test report: the XML prologue dropped, every id prefixed so that several charts share one
 * page, and CSS classes added to the state nodes (and nested states' clusters) to mark.
 */

const unescapeXml = (s: string) =>
  s.replace(/&(#\d+|#x[0-9a-f]+|lt|gt|amp|quot|apos);/gi, (entity, name: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
    if (name[0] !== '#') return named[name.toLowerCase()] ?? entity;
    return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
  });

/** The state ids a chart draws: Graphviz titles each node by its DOT name, each cluster `cluster_<id>`. */
export function chartStateIds(svg: string): string[] {
  return [...svg.matchAll(/<g id="[^"]*" class="(?:node|cluster)">\s*<title>([^<]*)<\/title>/g)].map((m) => unescapeXml(m[1]!).replace(/^cluster_/, ''));
}

/**
 * The chart as inline SVG: `prefix` makes its ids unique on the page, `classes` names the CSS
 * classes to add to the group of each state id.
 */
export function inlineChart(svg: string, prefix: string, classes: ReadonlyMap<string, readonly string[]>, label: string): string {
  const start = svg.indexOf('<svg');
  if (start < 0) return '';
  const safePrefix = prefix.replace(/[^A-Za-z0-9_-]/g, '_');
  const escapedLabel = label.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return svg
    .slice(start)
    .replace(/<svg\b([^>]*)>/, (_, attrs: string) => `<svg${attrs} class="fr-chart" role="img" aria-label="${escapedLabel}">`)
    .replace(
      /(<g id=")([^"]*)(" class=")(node|cluster)(">\s*<title>)([^<]*)(<\/title>)/g,
      (_m, a: string, id: string, b: string, kind: string, c: string, title: string, d: string) => {
        const state = unescapeXml(title).replace(/^cluster_/, '');
        const extra = classes.get(state) ?? [];
        return `${a}${id}${b}${kind}${extra.map((x) => ` ${x}`).join('')}${c}${title}${d}`;
      },
    )
    .replace(/\sid="/g, ` id="${safePrefix}-`)
    .replace(/(href|xlink:href)="#/g, `$1="#${safePrefix}-`)
    .replace(/url\(#/g, `url(#${safePrefix}-`)
    .trimEnd();
}
