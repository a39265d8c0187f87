// The client against a real HTTP server on 127.0.0.1 (no mocked fetch): headers on the wire,
// envelopes at HTTP 200 and at error statuses, timeouts and refused connections.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { components } from '../../openapi/schema';
import { ApiError, isApiError, isPassThrough } from './api-error';
import { createApi, type CreateApiOptions, type FetchResult } from './client';
import type { ClientContext } from './client-context';
import type { Scene } from '../session/store';
import type { ErrorEffects } from './error-rules';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let baseUrl: string;
let handler: Handler;
const received: Received[] = [];

function listen(s: Server): Promise<number> {
  return new Promise((resolve) => s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port)));
}

function close(s: Server): Promise<void> {
  s.closeAllConnections();
  return new Promise((resolve) => s.close(() => resolve()));
}

function send(res: ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body });
      handler(req, res, body);
    });
  });
  baseUrl = `http://127.0.0.1:${await listen(server)}`;
});

afterEach(() => {
  received.length = 0;
});

afterAll(async () => {
  await close(server);
});

const theme: components['schemas']['Theme'] = {
  name: 'StreamTV',
  themeColor: '#ff6600',
  langs: ['pt', 'en', 'es', 'ru'],
  tenantId: 't-1',
  images: { pcBackground: '/bg.jpg', mobileBackground: '/m.jpg', logo: '/l.png', mobileLogo: '/ml.png', avatar: '/a.png', favicon: '/f.ico' },
};

function contextWith(overrides: Partial<{ token: string | null; language: string; scene: Scene }> = {}): ClientContext {
  return {
    getToken: () => (overrides.token === undefined ? null : overrides.token),
    getLanguage: () => overrides.language ?? 'pt',
    getClientType: () => 'WAP',
    getScene: () => overrides.scene ?? 'WEB',
    getFingerprint: () => '05e918d2',
  };
}

function spyEffects() {
  return {
    navigate: vi.fn<ErrorEffects['navigate']>(),
    toast: vi.fn<ErrorEffects['toast']>(),
    resetSession: vi.fn<ErrorEffects['resetSession']>(),
  } satisfies ErrorEffects;
}

function setup(options: Partial<CreateApiOptions> & { context?: ClientContext } = {}) {
  const effects = spyEffects();
  const api = createApi({ baseUrl, context: contextWith(), effects, ...options });
  return { api, effects };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(isApiError(error)).toBe(true);
    return error as ApiError;
  }
  throw new Error('expected the call to reject');
}

describe('headers (spec section 7)', () => {
  it('sends Authorization "null" when anonymous, the language, client type, scene and fingerprint', async () => {
    handler = (_req, res) => send(res, 200, { code: 0, data: theme });
    const { api } = setup({ context: contextWith({ token: null, language: 'es', scene: 'STB' }) });
    await api.call(api.client.GET('/api/site/theme/v1'));
    expect(received).toHaveLength(1);
    const headers = received[0]?.headers;
    expect(headers?.authorization).toBe('null');
    expect(headers?.language).toBe('es');
    expect(headers?.['client-type']).toBe('WAP');
    expect(headers?.scene).toBe('STB');
    expect(headers?.fingerprint).toBe('05e918d2');
  });

  it('sends the token when logged in and defaults an empty language to en', async () => {
    handler = (_req, res) => send(res, 200, { code: 0, data: theme });
    const { api } = setup({ context: contextWith({ token: 'tok-123', language: '' }) });
    await api.call(api.client.GET('/api/site/theme/v1'));
    expect(received[0]?.headers.authorization).toBe('tok-123');
    expect(received[0]?.headers.language).toBe('en');
  });

  it('reads the context at each request', async () => {
    handler = (_req, res) => send(res, 200, { code: 0, data: theme });
    let token: string | null = null;
    const { api } = setup({ context: { ...contextWith(), getToken: () => token } });
    await api.call(api.client.GET('/api/site/theme/v1'));
    token = 'after-login';
    await api.call(api.client.GET('/api/site/theme/v1'));
    expect(received.map((r) => r.headers.authorization)).toEqual(['null', 'after-login']);
  });

  it('lets a header the caller passes explicitly win', async () => {
    handler = (_req, res) => send(res, 200, { code: 0, data: theme });
    const { api } = setup();
    await api.call(api.client.GET('/api/site/theme/v1', { params: { header: { Language: 'ru' } } }));
    expect(received[0]?.headers.language).toBe('ru');
    expect(received[0]?.headers.authorization).toBe('null');
  });

  it('keeps a JSON body intact through the middleware (POST)', async () => {
    handler = (_req, res) => send(res, 200, { code: 0, data: { ok: true } });
    const { api } = setup();
    // No POST operation in the contract yet: call one through an untyped view of the same client.
    const post = api.client.POST as unknown as (url: string, init: { body: unknown }) => Promise<FetchResult>;
    const data = await api.call(post('/api/echo', { body: { uid: '', account: '', language: 'en' } }));
    expect(data).toEqual({ ok: true });
    expect(received[0]?.method).toBe('POST');
    expect(JSON.parse(received[0]?.body ?? '')).toEqual({ uid: '', account: '', language: 'en' });
    expect(received[0]?.headers['content-type']).toBe('application/json');
    expect(received[0]?.headers.authorization).toBe('null');
  });

  it('uses an injected fetch', async () => {
    handler = (_req, res) => send(res, 200, { code: 0, data: theme });
    const fetchSpy = vi.fn((request: Request) => globalThis.fetch(request));
    const { api } = setup({ fetch: fetchSpy });
    await api.call(api.client.GET('/api/site/theme/v1'));
    expect(fetchSpy).toHaveBeenCalledOnce();
    expect(fetchSpy.mock.calls[0]?.[0].headers.get('fingerprint')).toBe('05e918d2');
  });
});

describe('success', () => {
  it('returns the envelope data, typed from the operation', async () => {
    handler = (_req, res) => send(res, 200, { code: 0, data: theme });
    const { api, effects } = setup();
    const data = await api.call(api.client.GET('/api/site/theme/v1'));
    expectTypeOf(data).toEqualTypeOf<components['schemas']['Theme'] | undefined>();
    expect(data).toEqual(theme);
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it('callData returns the data without undefined', async () => {
    handler = (_req, res) => send(res, 200, { code: 0, data: theme });
    const { api } = setup();
    const data = await api.callData(api.client.GET('/api/site/theme/v1'));
    expectTypeOf(data).toEqualTypeOf<components['schemas']['Theme']>();
    expect(data.name).toBe('StreamTV');
  });

  it.each([{ code: 0 }, { code: 0, data: null }, { code: 0, errCode: 0, data: null }])(
    'call resolves undefined for a success without data (%j); callData treats it as unexpected',
    async (envelope) => {
      handler = (_req, res) => send(res, 200, envelope);
      const { api, effects } = setup();
      await expect(api.call(api.client.GET('/api/site/theme/v1'))).resolves.toBeUndefined();
      const error = await rejection(api.callData(api.client.GET('/api/site/theme/v1')));
      expect(error.kind).toBe('unexpected');
      expect(effects.toast).toHaveBeenCalledWith('error', -2499);
    },
  );
});

describe('refusals (spec section 8)', () => {
  it('a pass-through code rejects with handled=false and no effect', async () => {
    handler = (_req, res) => send(res, 200, { code: 1, errCode: 301, msg: 'Card rejected' });
    const { api, effects } = setup();
    const error = await rejection(api.call(api.client.GET('/api/site/theme/v1')));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'refusal', errCode: 301, msg: 'Card rejected', handled: false, outcome: 'passThrough', status: 200 });
    expect(isPassThrough(error)).toBe(true);
    expect(effects.toast).not.toHaveBeenCalled();
    expect(effects.navigate).not.toHaveBeenCalled();
    expect(effects.resetSession).not.toHaveBeenCalled();
  });

  it('code 1 with errCode 0 is a pass-through refusal (0 is on the pass-through list)', async () => {
    handler = (_req, res) => send(res, 200, { code: 1, errCode: 0 });
    const { api, effects } = setup();
    const error = await rejection(api.call(api.client.GET('/api/site/theme/v1')));
    expect(error).toMatchObject({ kind: 'refusal', errCode: 0, handled: false, outcome: 'passThrough' });
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it('a toast code shows an error toast and rejects with handled=true', async () => {
    handler = (_req, res) => send(res, 200, { code: 1, errCode: 1001, msg: 'Order not found' });
    const { api, effects } = setup();
    const error = await rejection(api.call(api.client.GET('/api/site/theme/v1')));
    expect(error).toMatchObject({ kind: 'refusal', errCode: 1001, handled: true, outcome: 'toast' });
    expect(isPassThrough(error)).toBe(false);
    expect(effects.toast).toHaveBeenCalledExactlyOnceWith('error', 1001);
  });

  it('tells no one of a refusal before its texts can be shown, and goes on when they fail to come (docs/decisions/067)', async () => {
    handler = (_req, res) => send(res, 200, { code: 1, errCode: 1001, msg: 'Order not found' });
    let textsIn!: () => void;
    const texts = new Promise<void>((resolve) => (textsIn = resolve));
    const refusalTexts = vi.fn(() => texts);
    const waiting = setup({ refusalTexts });
    const settled = rejection(waiting.api.call(waiting.api.client.GET('/api/site/theme/v1')));
    await vi.waitFor(() => expect(refusalTexts).toHaveBeenCalledOnce());
    expect(waiting.effects.toast).not.toHaveBeenCalled();
    textsIn();
    expect(await settled).toMatchObject({ kind: 'refusal', errCode: 1001 });
    expect(waiting.effects.toast).toHaveBeenCalledExactlyOnceWith('error', 1001);

    const failing = setup({ refusalTexts: () => Promise.reject(new Error('offline')) });
    expect(await rejection(failing.api.call(failing.api.client.GET('/api/site/theme/v1')))).toMatchObject({ kind: 'refusal', errCode: 1001 });
    expect(failing.effects.toast).toHaveBeenCalledExactlyOnceWith('error', 1001);
  });

  it('a toast code the caller expects passes through to it, without the toast', async () => {
    handler = (_req, res) => send(res, 200, { code: 1, errCode: -3033, msg: 'Incorrect verification code' });
    const { api, effects } = setup();
    const error = await rejection(api.call(api.client.GET('/api/site/theme/v1'), { expect: [-3033] }));
    expect(error).toMatchObject({ kind: 'refusal', errCode: -3033, handled: false, outcome: 'passThrough' });
    expect(effects.toast).not.toHaveBeenCalled();
    // Another code still follows the table.
    handler = (_req, res) => send(res, 200, { code: 1, errCode: 1001 });
    await rejection(api.call(api.client.GET('/api/site/theme/v1'), { expect: [-3033] }));
    expect(effects.toast).toHaveBeenCalledExactlyOnceWith('error', 1001);
  });

  it('an expected code that resets the session still resets it', async () => {
    handler = (_req, res) => send(res, 401, { code: 1, errCode: -24010 });
    const { api, effects } = setup({ context: contextWith({ token: 'old' }) });
    const error = await rejection(api.call(api.client.GET('/api/site/theme/v1'), { expect: [-24010] }));
    expect(error).toMatchObject({ outcome: 'silentReset', handled: true });
    expect(effects.resetSession).toHaveBeenCalledOnce();
  });

  it('HTTP 401 with -24010 resets the session silently', async () => {
    handler = (_req, res) => send(res, 401, { code: 1, errCode: -24010, msg: 'Token has expired' });
    const { api, effects } = setup({ context: contextWith({ token: 'old' }) });
    const error = await rejection(api.call(api.client.GET('/api/site/theme/v1')));
    expect(error).toMatchObject({ kind: 'refusal', errCode: -24010, handled: true, outcome: 'silentReset', status: 401 });
    expect(effects.resetSession).toHaveBeenCalledExactlyOnceWith({ kind: 'silentReset', errCode: -24010 });
    expect(effects.toast).not.toHaveBeenCalled();
    expect(effects.navigate).not.toHaveBeenCalled();
  });

  it('HTTP 400 with 5000 passes through', async () => {
    handler = (_req, res) => send(res, 400, { code: 1, errCode: 5000, msg: 'Invalid request' });
    const { api, effects } = setup();
    const error = await rejection(api.call(api.client.GET('/api/site/theme/v1')));
    expect(error).toMatchObject({ errCode: 5000, handled: false, status: 400 });
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it('HTTP 500 with -2499 toasts', async () => {
    handler = (_req, res) => send(res, 500, { code: 1, errCode: -2499, msg: 'System internal error' });
    const { api, effects } = setup();
    const error = await rejection(api.call(api.client.GET('/api/site/theme/v1')));
    expect(error).toMatchObject({ kind: 'refusal', errCode: -2499, handled: true, status: 500 });
    expect(effects.toast).toHaveBeenCalledWith('error', -2499);
  });

  it('201 in the STB scene goes to the notice page', async () => {
    handler = (_req, res) => send(res, 200, { code: 1, errCode: 201, msg: 'Login failed' });
    const { api, effects } = setup({ context: contextWith({ scene: 'STB' }) });
    const error = await rejection(api.call(api.client.GET('/api/site/theme/v1')));
    expect(error).toMatchObject({ outcome: 'notice', handled: true });
    expect(effects.navigate).toHaveBeenCalledWith('/notice?type=stbLoginErr&code=201');
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it('-24030 hands a warned reset to the session machine (which warns and goes to /login)', async () => {
    handler = (_req, res) => send(res, 401, { code: 1, errCode: -24030, msg: 'Session replaced' });
    const { api, effects } = setup();
    await rejection(api.call(api.client.GET('/api/site/theme/v1')));
    expect(effects.resetSession).toHaveBeenCalledExactlyOnceWith({ kind: 'warnResetLogin', errCode: -24030 });
    expect(effects.toast).not.toHaveBeenCalled();
    expect(effects.navigate).not.toHaveBeenCalled();
  });
});

describe('answers that are not envelopes: unexpected, reported as -2499', () => {
  it.each<[string, number, string, string]>([
    ['an HTML error page', 502, '<html>Bad gateway</html>', 'text/html'],
    ['a 200 with a non-JSON body', 200, 'not json', 'application/json'],
    ['a 200 with JSON that is not an envelope', 200, '{"hello":"world"}', 'application/json'],
    ['a refusal without errCode', 200, '{"code":1,"msg":"?"}', 'application/json'],
  ])('%s', async (_name, status, body, contentType) => {
    handler = (_req, res) => send(res, status, body, contentType);
    const { api, effects } = setup();
    const error = await rejection(api.call(api.client.GET('/api/site/theme/v1')));
    expect(error).toMatchObject({ kind: 'unexpected', errCode: -2499, handled: true });
    expect(effects.toast).toHaveBeenCalledExactlyOnceWith('error', -2499);
  });
});

describe('transport failures', () => {
  it('a server that never answers is aborted by the timeout, with a toast', async () => {
    handler = () => {
      // never answer
    };
    const { api, effects } = setup({ timeoutMs: 200 });
    const started = Date.now();
    const error = await rejection(api.call(api.client.GET('/api/site/theme/v1')));
    const elapsed = Date.now() - started;
    expect(error).toMatchObject({ kind: 'timeout', handled: true, errCode: undefined });
    expect(effects.toast).toHaveBeenCalledExactlyOnceWith('error', 'timeout');
    expect(elapsed).toBeGreaterThanOrEqual(150);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('a body that stops half-way is aborted by the timeout too', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"code":0,"data":');
    };
    const { api, effects } = setup({ timeoutMs: 200 });
    const error = await rejection(api.call(api.client.GET('/api/site/theme/v1')));
    expect(error.kind).toBe('timeout');
    expect(effects.toast).toHaveBeenCalledWith('error', 'timeout');
  });

  it('a closed port is a network error, with a toast', async () => {
    const closed = createServer();
    const port = await listen(closed);
    await close(closed);
    const { api, effects } = setup({ baseUrl: `http://127.0.0.1:${port}` });
    const error = await rejection(api.call(api.client.GET('/api/site/theme/v1')));
    expect(error).toMatchObject({ kind: 'network', handled: true, errCode: undefined });
    expect(effects.toast).toHaveBeenCalledExactlyOnceWith('error', 'network');
  });

  it("the caller's own abort rejects silently as aborted", async () => {
    handler = () => {
      // never answer
    };
    const { api, effects } = setup({ timeoutMs: 5_000 });
    const controller = new AbortController();
    const pending = api.call(api.client.GET('/api/site/theme/v1', { signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    const error = await rejection(pending);
    expect(error).toMatchObject({ kind: 'aborted', handled: true });
    expect(effects.toast).not.toHaveBeenCalled();
  });
});
