import { expect } from 'vitest';
// The machines' actors against the real reference server, in-process: the typed client's fetch is
// handed to Fastify's `inject`, so every call runs the server's real routes on its fresh database.
import type { FastifyInstance } from 'fastify';
import { createApi, type Api } from '../../core/api/client';
import type { ClientContext } from '../../core/api/client-context';
import type { ErrorEffects, SessionReset, ToastCode, ToastLevel } from '../../core/api/error-rules';
import { createSessionStore, type SessionStore } from '../../core/session/store';

/**
 * Holds answers while a walk looks at a busy state, like a slow network: the answer is the
 * server's, only its delivery waits. Closed by default.
 */
export class AnswerGate {
  private held = false;
  private waiting: Array<() => void> = [];
  hold() {
    this.held = true;
  }
  open() {
    this.held = false;
    for (const release of this.waiting.splice(0)) release();
  }
  pass(): Promise<void> {
    return this.held ? new Promise((resolve) => this.waiting.push(resolve)) : Promise.resolve();
  }
}

/**
 * Holds the requests `holds` picks on their way to the server, like a slow uplink: none reaches
 * the server. One whose caller aborts fails as a browser's fetch does (with the signal's reason, an
 * AbortError); `drop()` fails the rest the same way (the page went away). Unlike `AnswerGate`
 * (answers already given, every request), it holds chosen requests before the server sees them.
 */
export class RequestHold {
  private held: Array<(reason: unknown) => void> = [];
  /** The requests held, by path, and whether each was aborted by its caller or dropped. */
  readonly log: Array<{ path: string; outcome: 'held' | 'aborted' | 'dropped' }> = [];
  constructor(private readonly holds: (request: Request) => boolean) {}
  /** Whether `request` is one to hold. */
  picks(request: Request): boolean {
    return this.holds(request);
  }
  /** Never resolves: rejects once the request's signal aborts, or when dropped. */
  wait(request: Request): Promise<never> {
    const entry: (typeof this.log)[number] = { path: new URL(request.url).pathname, outcome: 'held' };
    this.log.push(entry);
    return new Promise<never>((_, reject) => {
      const fail = (outcome: 'aborted' | 'dropped', reason: unknown) => {
        if (entry.outcome !== 'held') return;
        entry.outcome = outcome;
        request.signal.removeEventListener('abort', onAbort);
        this.held = this.held.filter((d) => d !== drop);
        reject(reason);
      };
      const onAbort = () => fail('aborted', request.signal.reason);
      const drop = (reason: unknown) => fail('dropped', reason);
      if (request.signal.aborted) return onAbort();
      request.signal.addEventListener('abort', onAbort, { once: true });
      this.held.push(drop);
    });
  }
  /** Fails every request still held with an AbortError, as a closed page's would. */
  drop() {
    for (const drop of [...this.held]) drop(new DOMException('The page went away.', 'AbortError'));
  }
}

/**
 * The server a client reaches: the suite's, or whichever answers at the time of each request (a
 * site restarted under an open page, with another configuration).
 */
export type ServerAt = FastifyInstance | (() => FastifyInstance);

/**
 * A fetch that answers through the server's `inject` (no socket, same routes and plugins);
 * `before` sees each request before the server does (what happens meanwhile on the server).
 */
export function injectFetch(server: ServerAt, gate?: AnswerGate, hold?: RequestHold, before?: (request: Request) => Promise<void>) {
  return async (request: Request): Promise<Response> => {
    if (hold?.picks(request)) await hold.wait(request);
    await before?.(request);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
    const app = typeof server === 'function' ? server() : server;
    const res = await app.inject({ method: request.method as 'GET', url: url.pathname + url.search, headers, ...(body ? { payload: body } : {}) });
    await gate?.pass();
    return new Response(res.body === '' ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
}

/** localStorage's contract over a Map, for the session store outside a browser. */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

/** What the client's error rules asked the app to do, in order. */
export type EffectCall = ['navigate', string] | ['toast', ToastLevel, ToastCode] | ['resetSession', SessionReset];

export interface ClientWorld {
  api: Api;
  store: SessionStore;
  effects: EffectCall[];
  /** Where the client's session resets go (the session machine, when one runs). */
  onReset(handler: (reset: SessionReset) => void): void;
  /** Where the client's navigations go (a router, when a screen runs). */
  onNavigate(handler: (to: string) => void): void;
  gate: AnswerGate;
  /** The next request to `path` goes to `app` instead: another server process the site runs meanwhile. */
  divertNext(path: string, app: FastifyInstance): void;
}

/** The app's client, with a session store and effects a test can read. */
export function createClientWorld(
  app: ServerAt,
  storage: Storage = new MemoryStorage(),
  options: { hold?: RequestHold; before?: (request: Request) => Promise<void> } = {},
): ClientWorld {
  const store = createSessionStore(storage);
  const effects: EffectCall[] = [];
  let resetHandler: (reset: SessionReset) => void = () => {};
  let navigateHandler: (to: string) => void = () => {};
  const gate = new AnswerGate();
  const context: ClientContext = {
    getToken: () => store.get('userInfo')?.token ?? null,
    getLanguage: () => store.get('language') ?? 'en',
    getClientType: () => store.get('clientType'),
    getScene: () => store.get('scene'),
    getFingerprint: () => 'model-walk',
  };
  const errorEffects: ErrorEffects = {
    navigate: (to) => {
      effects.push(['navigate', to]);
      navigateHandler(to);
    },
    toast: (level, code) => void effects.push(['toast', level, code]),
    resetSession: (reset) => {
      effects.push(['resetSession', reset]);
      resetHandler(reset);
    },
  };
  const diverted = new Map<string, FastifyInstance>();
  const fetch = (request: Request) => {
    const path = new URL(request.url).pathname;
    const other = diverted.get(path);
    diverted.delete(path);
    return injectFetch(other ?? app, gate, options.hold, options.before)(request);
  };
  const api = createApi({ baseUrl: 'http://portal.test', context, effects: errorEffects, fetch });
  return {
    api,
    store,
    effects,
    onReset(handler) {
      resetHandler = handler;
    },
    onNavigate(handler) {
      navigateHandler = handler;
    },
    gate,
    divertNext: (path, other) => void diverted.set(path, other),
  };
}

/**
 * The refusals a flow's actors expect are the flow's to say, beside where they happened: a toast of
 * one of them would say it twice (spec section 8).
 */
export function expectNoToastOf(client: { effects: readonly EffectCall[] }, refusals: Readonly<Record<string, readonly number[]>>) {
  const expected: readonly unknown[] = Object.values(refusals).flat();
  expect(client.effects.filter((e) => e[0] === 'toast' && expected.includes(e[2]))).toEqual([]);
}
