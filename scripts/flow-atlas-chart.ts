/**
 * A chart as the atlas frames it (docs/decisions/039, "The atlas"): a toolbar (zoom, fit, 100 %)
 * and a viewport that the page's script (flow-atlas-page.js) zooms and pans, found by `data-flow`.
 * The flows' charts and the money rules' (scripts/flow-money-rules.ts) share it, so each reads and
 * moves the same way.
 */
import { escapeHtml as esc } from './flows-report';

export interface ChartFrame {
  /** The chart's key on the page (`data-flow`): a machine id, or `money-rules`. */
  key: string;
  /** The chart's name on its toolbar: `Chart of <name>`. */
  name: string;
  /** The SVG, inline (flows-report-svg.ts `inlineChart`). */
  svg: string;
  /** What the chart shows, for a screen reader. */
  label: string;
  /** What a click on a box does, said after the keys. */
  click: string;
}

export function chartFrame({ key, name, svg, label, click }: ChartFrame): string {
  return `<div class="chart" data-flow="${esc(key)}"><div class="toolbar" role="toolbar" aria-label="Chart of ${esc(name)}">
<button type="button" class="btn zoom-out" aria-label="Zoom out">−</button><button type="button" class="btn zoom-in" aria-label="Zoom in">+</button><button type="button" class="btn zoom-fit">Fit</button><button type="button" class="btn zoom-actual">100 %</button>
<span class="zoom-level" aria-live="polite"></span></div>
<div class="viewport" tabindex="0" role="group" aria-label="${esc(label)}. Arrow keys move it, + and − zoom, 0 fits it."><div class="canvas">${svg}</div></div>
<p class="small hint">Drag to move. The wheel zooms once the chart is selected (click it), or with Ctrl held. Keys: arrows move, + and − zoom, 0 fits. ${esc(click)}</p></div>`;
}
