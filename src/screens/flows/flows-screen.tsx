import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { FLOW_LOG_EVENT, readFlowLog, type FlowLogEntry } from '../../../core/flows/flow-log';
import { SafeHtml } from '../../components/safe-html';
import { usePageTitle } from '../../components/use-page-title';
import { paths } from '../../../core/routing/paths';
import { useFlowDrawing, useFlowMachines } from '../../queries/flow-atlas-queries';
import { useUserConfig } from '../../queries/site-queries';
import './flows.css';

const m = defineMessages({
  title: {
    id: 'flows.title',
    defaultMessage: 'Flow atlas',
    description: 'Title of the page that shows the flows as statecharts (for product owners and testers)',
  },
  intro: {
    id: 'flows.intro',
    defaultMessage:
      'Every flow of the portal as a statechart, coloured by the last test run: green, walked against the server and through the screens; amber, by one; red, by none. Pick a flow, then follow its transitions.',
    description: 'Introduction of the flow atlas',
  },
  machine: { id: 'flows.machine', defaultMessage: 'Flow', description: 'Label of the flow chooser' },
  current: { id: 'flows.current', defaultMessage: 'You are in', description: 'Heading: the current state of the walkthrough' },
  next: { id: 'flows.next', defaultMessage: 'What can happen next', description: 'Heading: the transitions out of the current state' },
  final: { id: 'flows.final', defaultMessage: 'This flow ends here.', description: 'Shown when the walkthrough reached a final state' },
  path: { id: 'flows.path', defaultMessage: 'Path so far', description: 'Heading: the transitions taken in the walkthrough' },
  restart: { id: 'flows.restart', defaultMessage: 'Start again', description: 'Button that starts the walkthrough from the beginning' },
  back: { id: 'flows.back', defaultMessage: 'Step back', description: 'Button that undoes the last step of the walkthrough' },
  screen: { id: 'flows.screen', defaultMessage: 'Open the screen of this flow', description: 'Link to the screen that shows the flow' },
  chart: { id: 'flows.chart', defaultMessage: 'Chart size', description: 'Label of the toolbar that zooms the flow chart in and out' },
  zoomIn: { id: 'flows.zoomIn', defaultMessage: 'Zoom in', description: 'Button that makes the flow chart bigger' },
  zoomOut: { id: 'flows.zoomOut', defaultMessage: 'Zoom out', description: 'Button that makes the flow chart smaller' },
  fit: { id: 'flows.fit', defaultMessage: 'Fit to width', description: 'Button that scales the flow chart to the width of the page' },
  actual: { id: 'flows.actual', defaultMessage: 'Actual size', description: 'Button that shows the flow chart at its drawn size (100 %)' },
  atlas: {
    id: 'flows.atlas',
    defaultMessage: 'Open the full atlas: every state described, with its screenshots, and scenarios that show which rule held at each step',
    description: 'Link from the flows page to the static flow atlas (docs/flows/index.html)',
  },
  live: {
    id: 'flows.live',
    defaultMessage: 'What the app did in this tab (development)',
    description: 'Heading of the live log of flow events, shown only in development',
  },
  liveEmpty: {
    id: 'flows.liveEmpty',
    defaultMessage: 'Nothing yet: use the portal in this tab, then come back.',
    description: 'Shown in the live log of flow events when no event was recorded yet',
  },
  hint: {
    id: 'flows.chartHint',
    defaultMessage: 'Drag the chart or use the arrow keys to move it; + and − zoom, 0 fits it to the width.',
    description: 'Help under the flow chart: how to move and zoom it with the mouse or the keyboard',
  },
});
const zoomLevel = defineMessage<{ readonly percent: number }>({
  id: 'flows.zoomLevel',
  defaultMessage: 'Zoom: {percent} %',
  description: 'The flow chart’s current zoom, as a percentage of its drawn size (e.g. “Zoom: 80 %”)',
});
const stepLabel = defineMessage<{ readonly event: string; readonly target: string }>({
  id: 'flows.step',
  defaultMessage: '{event} → {target}',
  description: 'A transition button: the event and the state it leads to',
});

/** The screen each flow is shown on (spec section 2). */
const screens: Record<string, string> = {
  session: '/pricing-table',
  login: '/login',
  signup: '/register',
  passwordRecovery: '/forgot-password',
  checkout: paths.payment({ planId: '1' }),
  repay: paths.orders(),
  payment: paths.payment({ planId: '1' }),
  discountUnbinding: paths.payment({ planId: '1' }),
  autoRenewal: '/account',
  devices: '/account',
  // An order's page (/receipt?orderId=…): the chargeback panel of a disputed order.
  dispute: paths.orders(),
  pixAutomatico: '/account',
  dataExport: '/settings',
  accountDeletion: '/settings',
  cancellation: '/account',
  withdrawal: paths.orders(),
  planChange: '/account',
};

/** The atomic state a walkthrough stands in when it enters `node` (its initial leaf). */
function leafOf(node: AnyStateNode): AnyStateNode {
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length === 0) return node;
  return leafOf((node.initial?.target?.[0] as AnyStateNode | undefined) ?? children[0]!);
}

/** Transitions available in a state: its own and its ancestors' (as the machine takes them). */
function transitionsOut(node: AnyStateNode) {
  const out: Array<{ event: string; guard: string | undefined; target: AnyStateNode }> = [];
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) {
    for (const [event, list] of n.transitions) {
      for (const t of list) out.push({ event: eventName(event), guard: guardName(t.guard), target: (t.target?.[0] as AnyStateNode | undefined) ?? node });
    }
    for (const t of n.always ?? []) out.push({ event: 'always', guard: guardName(t.guard), target: (t.target?.[0] as AnyStateNode | undefined) ?? node });
  }
  return out;
}

const eventName = (type: string) => type.replace(/^xstate\.(done|error)\.actor\.(.+)$/, '$1: $2').replace(/^xstate\.after\.([^.]+)\..*$/, 'after $1');
const guardName = (g: unknown) => (typeof g === 'string' ? g : g && typeof g === 'object' && 'type' in g ? String((g as { type: unknown }).type) : undefined);
const shortId = (node: AnyStateNode) => node.id.split('.').slice(1).join('.') || node.id;

/**
 * The flow atlas: the drawings of `npm run flows`, interactive. Pick a flow, click a
 * transition to step through it, see the path so far and open the screen that shows the flow.
 * Off unless the site's user config says `flowAtlas` (docs/decisions/035).
 */
export function FlowsScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const config = useUserConfig();
  const machines = useFlowMachines();
  const [query, setQuery] = useSearchParams();
  const chosen = query.get('flow') ?? 'checkout';
  const machine = machines.status === 'success' ? (machines.data.find((x) => x.id === chosen) ?? machines.data[0]) : undefined;
  // Off unless the site turns it on (FLOWS_PAGE; on outside production): the address is then as absent as any unknown one.
  if (config.status === 'success' && config.data.flowAtlas !== true) return <Navigate to="/404" replace />;
  if (machines.status !== 'success' || !machine) return <p role="status">…</p>;
  return (
    <section className="page flows-page">
      <h1>{intl.formatMessage(m.title)}</h1>
      <p className="muted">{intl.formatMessage(m.intro)}</p>
      <div className="field">
        <label htmlFor="flow">{intl.formatMessage(m.machine)}</label>
        <select id="flow" value={machine.id} onChange={(e) => setQuery({ flow: e.currentTarget.value })}>
          {machines.data.map((x) => (
            <option key={x.id} value={x.id}>
              {x.id}
            </option>
          ))}
        </select>
      </div>
      <p>
        <a href={`/flows/atlas/index.html#flow-${machine.id}`}>{intl.formatMessage(m.atlas)}</a>
      </p>
      <Walkthrough key={machine.id} machine={machine} />
      {import.meta.env.MODE === 'development' ? <LiveLog /> : null}
    </section>
  );
}

function Walkthrough({ machine }: { machine: AnyStateMachine }) {
  const intl = useIntl();
  const start = useMemo(() => leafOf(machine.root), [machine]);
  const [path, setPath] = useState<Array<{ event: string; to: AnyStateNode }>>([]);
  const current = path.at(-1)?.to ?? start;
  const next = current.type === 'final' ? [] : transitionsOut(current);
  const screen = screens[machine.id];
  return (
    <div className="flows-layout">
      <Drawing id={machine.id} current={current.id} />
      <aside className="flows-panel" aria-label={machine.id}>
        <h2>{intl.formatMessage(m.current)}</h2>
        <p>
          <strong data-testid="current-state">{shortId(current)}</strong>
        </p>
        {screen ? <Link to={screen}>{intl.formatMessage(m.screen)}</Link> : null}
        <h2>{intl.formatMessage(m.next)}</h2>
        {next.length === 0 ? (
          <p>{intl.formatMessage(m.final)}</p>
        ) : (
          <ul className="flows-next">
            {next.map((t, i) => (
              <li key={`${t.event}-${i}`}>
                <button type="button" className="button button-secondary" onClick={() => setPath([...path, { event: t.event, to: leafOf(t.target) }])}>
                  {intl.formatMessage(stepLabel, { event: t.guard ? `${t.event} [${t.guard}]` : t.event, target: shortId(leafOf(t.target)) })}
                </button>
              </li>
            ))}
          </ul>
        )}
        <h2>{intl.formatMessage(m.path)}</h2>
        <ol className="flows-path">
          <li>{shortId(start)}</li>
          {path.map((p, i) => (
            <li key={i}>
              {p.event} → {shortId(p.to)}
            </li>
          ))}
        </ol>
        <div className="actions">
          <button type="button" className="button button-secondary" disabled={path.length === 0} onClick={() => setPath(path.slice(0, -1))}>
            {intl.formatMessage(m.back)}
          </button>
          <button type="button" className="button button-secondary" disabled={path.length === 0} onClick={() => setPath([])}>
            {intl.formatMessage(m.restart)}
          </button>
        </div>
      </aside>
    </div>
  );
}

const ZOOM_STEP = 1.25;
const clampScale = (s: number) => Math.min(4, Math.max(0.1, s));

/**
 * The committed drawing of the flow, with the current state outlined; zoom in and out, fit to the
 * width and back to its drawn size from the toolbar, the keyboard (+, −, 0) or Ctrl and the wheel,
 * and moved by dragging or with the arrow keys (the drawing scrolls). The SVG's size is set through
 * the CSSOM, which the page's Content-Security-Policy allows (docs/decisions/031).
 */
function Drawing({ id, current }: { id: string; current: string }) {
  const intl = useIntl();
  const holder = useRef<HTMLDivElement>(null);
  const drawing = useFlowDrawing(id, intl.locale);
  const svg = drawing.status === 'success' ? drawing.data : '';
  const scaleRef = useRef(1);
  const [scale, setScale] = useState(1);

  /** Scales the SVG to `next` (or the width of the box), keeping the point at the box's centre in place. */
  const zoomTo = useCallback((next: number | 'fit') => {
    const box = holder.current;
    const el = box?.querySelector('svg');
    if (!box || !el) return;
    const natural = { w: el.width.baseVal.value, h: el.height.baseVal.value };
    if (!natural.w || !natural.h) return;
    const style = getComputedStyle(box);
    const inner = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const target = clampScale(next === 'fit' ? inner / natural.w : next);
    const ratio = target / scaleRef.current;
    const centre = { x: box.scrollLeft + box.clientWidth / 2, y: box.scrollTop + box.clientHeight / 2 };
    el.style.width = `${natural.w * target}px`;
    el.style.height = `${natural.h * target}px`;
    box.scrollLeft = centre.x * ratio - box.clientWidth / 2;
    box.scrollTop = centre.y * ratio - box.clientHeight / 2;
    scaleRef.current = target;
    setScale(target);
  }, []);

  useEffect(() => {
    // A new drawing comes at its drawn size.
    scaleRef.current = 1;
    setScale(1);
  }, [svg]);

  useEffect(() => {
    const nodes = holder.current?.querySelectorAll('g.node') ?? [];
    for (const node of nodes) node.classList.toggle('flows-current', node.querySelector('title')?.textContent === current);
    holder.current?.querySelector('g.flows-current')?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [svg, current]);

  useEffect(() => {
    const box = holder.current;
    if (!box) return;
    // Ctrl and the wheel (a trackpad's pinch) zoom; the plain wheel scrolls the page as ever.
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      zoomTo(scaleRef.current * Math.exp(-e.deltaY * 0.0015));
    };
    let drag: { x: number; y: number; moved: number } | null = null;
    const onDown = (e: PointerEvent) => {
      if (e.button === 0) drag = { x: e.clientX, y: e.clientY, moved: 0 };
    };
    const onMove = (e: PointerEvent) => {
      if (!drag) return;
      drag.moved += Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y);
      // Captured only once it is a drag: a click still reaches a child flow's link in the drawing.
      if (drag.moved > 4 && !box.hasPointerCapture(e.pointerId)) box.setPointerCapture(e.pointerId);
      box.scrollLeft -= e.clientX - drag.x;
      box.scrollTop -= e.clientY - drag.y;
      drag = { x: e.clientX, y: e.clientY, moved: drag.moved };
    };
    const onUp = () => {
      drag = null;
    };
    box.addEventListener('wheel', onWheel, { passive: false });
    box.addEventListener('pointerdown', onDown);
    box.addEventListener('pointermove', onMove);
    box.addEventListener('pointerup', onUp);
    box.addEventListener('pointercancel', onUp);
    return () => {
      box.removeEventListener('wheel', onWheel);
      box.removeEventListener('pointerdown', onDown);
      box.removeEventListener('pointermove', onMove);
      box.removeEventListener('pointerup', onUp);
      box.removeEventListener('pointercancel', onUp);
    };
  }, [zoomTo]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => void> = {
      '+': () => zoomTo(scaleRef.current * ZOOM_STEP),
      '=': () => zoomTo(scaleRef.current * ZOOM_STEP),
      '-': () => zoomTo(scaleRef.current / ZOOM_STEP),
      '0': () => zoomTo('fit'),
    };
    const action = keys[e.key];
    if (!action || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    action();
  };

  return (
    <div className="flows-chart">
      <div className="flows-toolbar" role="toolbar" aria-label={intl.formatMessage(m.chart)}>
        <button
          type="button"
          className="button button-secondary"
          aria-label={intl.formatMessage(m.zoomOut)}
          onClick={() => zoomTo(scaleRef.current / ZOOM_STEP)}
        >
          −
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-label={intl.formatMessage(m.zoomIn)}
          onClick={() => zoomTo(scaleRef.current * ZOOM_STEP)}
        >
          +
        </button>
        <button type="button" className="button button-secondary" onClick={() => zoomTo('fit')}>
          {intl.formatMessage(m.fit)}
        </button>
        <button type="button" className="button button-secondary" onClick={() => zoomTo(1)}>
          {intl.formatMessage(m.actual)}
        </button>
        <span className="flows-zoom muted" aria-live="polite" data-testid="flows-zoom">
          {intl.formatMessage(zoomLevel, { percent: Math.round(scale * 100) })}
        </span>
      </div>
      {/* Focusable: the drawing scrolls, and a keyboard must be able to scroll and zoom it. */}
      <SafeHtml ref={holder} profile="svg" html={svg} className="flows-drawing" role="img" aria-label={id} tabIndex={0} onKeyDown={onKeyDown} />
      <p className="flows-hint muted">{intl.formatMessage(m.hint)}</p>
    </div>
  );
}

/** The flows' events in this tab, as the development inspector records them (core/flows/flow-log.ts), newest first. */
function LiveLog() {
  const intl = useIntl();
  const [log, setLog] = useState<FlowLogEntry[]>(() => readFlowLog(window.sessionStorage));
  useEffect(() => {
    const update = () => setLog(readFlowLog(window.sessionStorage));
    window.addEventListener(FLOW_LOG_EVENT, update);
    return () => window.removeEventListener(FLOW_LOG_EVENT, update);
  }, []);
  return (
    <section className="flows-live" aria-labelledby="flows-live">
      <h2 id="flows-live">{intl.formatMessage(m.live)}</h2>
      {log.length === 0 ? (
        <p className="muted">{intl.formatMessage(m.liveEmpty)}</p>
      ) : (
        <ol reversed>
          {[...log].reverse().map((entry, i) => (
            <li key={`${entry.at}-${i}`}>
              <code>{new Date(entry.at).toLocaleTimeString(intl.locale)}</code> {entry.machine}: {entry.event} → {entry.state}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
