// What the browser walk installs in the page before the app's script runs (Playwright's
// `addInitScript`): the flow actors' options the app reads (src/app/services.ts
// `flowActorOptions`). Its inspector sends every microstep and snapshot to the walk as JSON (node
// ids, transition ids, a JSON-safe context), so the walk sees the live machine as the screens walk
// does; its clock is simulated, so a machine's delays pass only when the walk says; and while the
// walked flow is in a busy state, the API's answers wait in the page until the walk has looked, like
// the screens walk's answer gate. Self-contained: it is serialised into the page.

/** One record the probe sends (`__flowRecord`). */
export type ProbeRecord =
  | {
      kind: 'microstep';
      /** `<page load's start, ms>/<XState's session id>`: unique and ordered across reloads. */
      session: string;
      root: string;
      machine: string | undefined;
      event: { type: string; output?: unknown };
      /** `[source node id, event type ('' for eventless), index among the source's transitions of that event]`. */
      transitions: Array<[string, string, number]>;
      nodes: string[];
    }
  | {
      kind: 'snapshot';
      session: string;
      root: string;
      machine: string | undefined;
      nodes: string[];
      value: unknown;
      status: string;
      tags: string[];
      context: unknown;
      output: unknown;
    };

export interface ProbeOptions {
  /** The walked flow's machine id: its root actor's busy states hold the answers. */
  flow: string;
  /** The tags that make a state busy (the screens walk's default: `busy`). */
  busyTags: string[];
  /** State nodes (ids) that are busy too, whatever their tags (a status check the walk looks at). */
  busyStates?: string[];
}

/** Runs in the page. */
export function installProbe({ flow, busyTags, busyStates = [] }: ProbeOptions) {
  type Timer = { id: number; at: number; fn: () => void };
  const w = window as unknown as Record<string, unknown>;
  // How many records this page load sent, in a cookie the next document's request carries: a page
  // leaving for another document waits until the walk has them all (tests/browser/browser-walk.ts).
  let sent = 0;
  const send = (record: unknown) => {
    document.cookie = `__flowSent=${load}.${++sent}; path=/`;
    (w.__flowRecord as (json: string) => void)(JSON.stringify(record, safe));
  };
  // Contexts hold actor refs, errors and dates: the walk reads values, not objects.
  function safe(this: unknown, _key: string, value: unknown) {
    if (value instanceof Error) return { ...value, name: value.name, message: value.message };
    if (value && typeof value === 'object' && 'sessionId' in value && 'send' in value) return { actor: (value as unknown as { id: string }).id };
    return typeof value === 'function' ? undefined : value;
  }

  const load = Math.round(performance.timeOrigin);
  let now = 0;
  let nextId = 1;
  let timers: Timer[] = [];
  const clock = {
    setTimeout(fn: () => void, ms: number) {
      const id = nextId++;
      timers.push({ id, at: now + ms, fn });
      return id;
    },
    clearTimeout(id: number) {
      timers = timers.filter((t) => t.id !== id);
    },
  };

  /** The busy state of the flow that holds the answers now (its value, as JSON); none while they go on. */
  let heldIn: string | undefined;
  const waiting: Array<() => void> = [];
  /**
   * The walk looked at `looked`: answers go on. Unless the flow has moved on since into another
   * busy state, which the walk is still to look at: a state whose answer came ahead passes before
   * the walk's look at it ends (docs/decisions/064), and its release must not let the next one's
   * answer through unseen.
   */
  const release = (looked?: string) => {
    if (looked !== undefined && heldIn !== undefined && heldIn !== looked) return;
    heldIn = undefined;
    for (const go of waiting.splice(0)) go();
  };
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    // A request lost on the network is an answer too: its failure waits like any other.
    const answer = await realFetch(input, init).then(
      (response) => ({ response }),
      (failure: unknown) => ({ failure }),
    );
    if (heldIn !== undefined && url.includes('/api/')) await new Promise<void>((go) => waiting.push(go));
    if ('failure' in answer) throw answer.failure;
    return answer.response;
  };

  const nodeIds = (snapshot: { _nodes?: Array<{ id: string }> }) => (snapshot._nodes ?? []).map((n) => n.id);
  type Transition = { source: { id: string; always?: unknown[]; transitions: Map<string, unknown[]> }; eventType: string };
  const inspect = (e: {
    type: string;
    actorRef: { sessionId: string };
    rootId: string;
    event?: { type: string; output?: unknown };
    snapshot?: {
      _nodes?: Array<{ id: string }>;
      machine?: { id: string };
      value?: unknown;
      status?: string;
      tags?: Set<string>;
      context?: unknown;
      output?: unknown;
    };
    _transitions?: Transition[];
  }) => {
    if ((e.type !== '@xstate.microstep' && e.type !== '@xstate.snapshot') || !e.snapshot?._nodes) return;
    // XState's ids count from 0 again in each page load: the load's start makes them unique and ordered.
    const base = { session: `${load}/${e.actorRef.sessionId}`, root: `${load}/${e.rootId}`, machine: e.snapshot.machine?.id, nodes: nodeIds(e.snapshot) };
    if (e.type === '@xstate.microstep') {
      const transitions = (e._transitions ?? []).map((t): [string, string, number] => {
        const list = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
        return [t.source.id, t.eventType, list.indexOf(t)];
      });
      const ev = e.event ?? { type: '' };
      send({ kind: 'microstep', ...base, event: { type: ev.type, ...('output' in ev ? { output: ev.output } : {}) }, transitions });
      return;
    }
    const s = e.snapshot;
    const tags = [...(s.tags ?? [])];
    send({ kind: 'snapshot', ...base, value: s.value, status: s.status, tags, context: s.context, output: s.output });
    if (s.machine?.id === flow && (tags.some((t) => busyTags.includes(t)) || base.nodes.some((id) => busyStates.includes(id)))) {
      heldIn = JSON.stringify(s.value);
    }
  };

  w.__flowActorOptions = { clock, inspect };
  w.__flowWalk = {
    /** The walk looked at the state: answers go on. */
    release,
    /** Moves the machines' clock on, firing what falls due in order. */
    advance(ms: number) {
      now += ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        due.fn();
      }
    },
  };
}
