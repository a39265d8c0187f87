// The contract (openapi/portal.yaml) against the specification's list of calls and the house
// conventions: every call at its method and path, nothing else, the common headers, the envelope,
// strict request bodies and unique operation ids.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { specCalls } from './fixtures/spec-calls';

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const EXEMPT_PREFIXES = ['/api/sandbox/', '/api/dev/'];
/** Operations the portal adds beyond the specification's calls, each with the decision behind it. */
const EXTENSIONS = new Set([
  // The settings page's nickname (docs/decisions/021).
  'POST /api/user/nickname/v1',
  // A phone account adds an email from settings (docs/decisions/042).
  'POST /api/user/bindEmail/v1',
  // The language of the account's e-mails, from the language menu and settings (docs/decisions/049).
  'POST /api/user/language/v1',
  // The receipt page's PDF download (docs/decisions/018).
  'GET /api/bill/order/v1/{id}/receipt.pdf',
  // The receipt page's "E-mail me this receipt" (docs/decisions/055).
  'POST /api/bill/order/receipt/mail/v1',
  // The payment slip's PDF, to print or open in a bank app (docs/decisions/044).
  'GET /api/bill/order/v1/{id}/slip.pdf',
  // The coupons and my cloud screens of spec section 2 (docs/decisions/023).
  'POST /api/bill/coupons/v1',
  'POST /api/user/cloud/v1',
  'POST /api/user/cloud/delete/v1',
  // Signing other devices out from the account page's device list (docs/decisions/054).
  'POST /api/user/devices/signOut/v1',
  'POST /api/user/devices/signOutOthers/v1',
  // A card dispute (chargeback) of an order, as its page follows it (docs/decisions/059).
  'GET /api/bill/order/v1/{id}/dispute',
  // Renewal by PIX Automático from the account page (docs/decisions/060).
  'POST /api/job/pixAutomatico/v1',
  'POST /api/job/pixAutomatico/start/v1',
  'POST /api/job/pixAutomatico/cancel/v1',
  // Download my data and delete my account, in settings (docs/decisions/061).
  'GET /api/user/data/v1',
  'GET /api/user/data/v1/personal-data.pdf',
  'POST /api/user/account/delete/v1',
  // Turning auto-renewal off with a reason and a retention offer (docs/decisions/057).
  'POST /api/job/cancellation/offer/v1',
  'POST /api/job/cancellation/v1',
  'POST /api/job/cancellation/accept/v1',
  // The 7-day withdrawal of a purchase and its refund (docs/decisions/058).
  'POST /api/bill/order/withdraw/v1',
  'POST /api/bill/order/withdraw/cancel/v1',
  'POST /api/bill/order/refund/v1',
  // Changing plan from the account page (docs/decisions/056).
  'POST /api/bill/planChange/quote/v1',
  'POST /api/bill/planChange/v1',
  'POST /api/bill/planChange/scheduled/v1',
  'POST /api/bill/planChange/undo/v1',
]);
const HEADER_REFS = ['Authorization', 'Language', 'ClientType', 'Scene', 'Fingerprint'].map((name) => `#/components/parameters/${name}`);
const HEADER_NAMES = ['authorization', 'language', 'client-type', 'scene', 'fingerprint'];

// Our own file: the alias limit (a guard against hostile YAML) is not needed, and the
// `*commonHeaders` alias is used once per operation.
const doc = parse(readFileSync(new URL('../openapi/portal.yaml', import.meta.url), 'utf8'), {
  maxAliasCount: -1,
}) as Json;

interface Operation {
  method: string;
  path: string;
  key: string;
  op: Json;
  pathItem: Json;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const operations: Operation[] = Object.entries((doc.paths ?? {}) as Record<string, Json>).flatMap(([path, pathItem]) =>
  METHODS.filter((method) => isObject(pathItem[method])).map((method) => ({
    method: method.toUpperCase(),
    path,
    key: `${method.toUpperCase()} ${path}`,
    op: pathItem[method] as Json,
    pathItem,
  })),
);

/** Follows a local `$ref` (`#/a/b/c`) to its target; throws on anything that does not resolve. */
function resolve(ref: string): Json {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are expected, got ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) ? node[segment] : undefined;
    if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
  }
  if (!isObject(node)) throw new Error(`$ref ${ref} does not point at an object`);
  return node;
}

const deref = (node: Json): Json => (typeof node.$ref === 'string' ? resolve(node.$ref) : node);

/**
 * Every object schema reachable from `schema` (through $ref, properties, items, compositions and
 * schema-valued additionalProperties) that does not say `additionalProperties: false`, as
 * readable locations.
 */
function looseObjects(schema: unknown, where: string, seen = new Set<string>()): string[] {
  if (!isObject(schema)) return [];
  if (typeof schema.$ref === 'string') {
    const ref = schema.$ref;
    // A $ref with siblings (description, default, minimum) still has to be checked itself.
    const siblings = Object.keys(schema).filter((k) => k !== '$ref');
    const own = siblings.length > 0 ? looseObjects({ ...schema, $ref: undefined }, where, seen) : [];
    if (seen.has(ref)) return own;
    seen.add(ref);
    return [...own, ...looseObjects(resolve(ref), ref, seen)];
  }
  const problems: string[] = [];
  const type = schema.type;
  const isObjectSchema = type === 'object' || (Array.isArray(type) && type.includes('object')) || isObject(schema.properties);
  if (isObjectSchema && schema.additionalProperties !== false) problems.push(where);
  if (isObject(schema.properties)) {
    for (const [name, sub] of Object.entries(schema.properties)) {
      problems.push(...looseObjects(sub, `${where}.properties.${name}`, seen));
    }
  }
  if (isObject(schema.additionalProperties)) {
    problems.push(...looseObjects(schema.additionalProperties, `${where}.additionalProperties`, seen));
  }
  for (const key of ['items', 'not', 'if', 'then', 'else', 'contains'] as const) {
    problems.push(...looseObjects(schema[key], `${where}.${key}`, seen));
  }
  for (const key of ['allOf', 'oneOf', 'anyOf', 'prefixItems'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) {
      list.forEach((sub, i) => problems.push(...looseObjects(sub, `${where}.${key}[${i}]`, seen)));
    }
  }
  return problems;
}

describe('the contract covers the specification', () => {
  const specKeys = specCalls.map((c) => `${c.method} ${c.path}`);
  const contractKeys = new Set(operations.map((o) => o.key));

  it('lists 68 distinct calls in the fixture', () => {
    expect(specKeys).toHaveLength(68);
    expect(new Set(specKeys).size).toBe(68);
  });

  it('holds every call of the specification at its method and path', () => {
    const missing = specCalls.filter((c) => !contractKeys.has(`${c.method} ${c.path}`)).map((c) => `  ${c.method} ${c.path}   (${c.group})`);
    expect(missing, `${missing.length} spec call(s) missing from portal.yaml:\n${missing.join('\n')}`).toEqual([]);
  });

  it('holds no operation outside the specification (except sandbox and dev routes and the recorded extensions)', () => {
    const spec = new Set(specKeys);
    const extra = operations
      .filter((o) => !spec.has(o.key) && !EXTENSIONS.has(o.key) && !EXEMPT_PREFIXES.some((prefix) => o.path.startsWith(prefix)))
      .map((o) => `  ${o.key}`);
    expect(extra, `operation(s) not in the specification:\n${extra.join('\n')}`).toEqual([]);
  });

  it('counts 68 specification operations', () => {
    const spec = new Set(specKeys);
    expect(operations.filter((o) => spec.has(o.key))).toHaveLength(68);
  });
});

describe('every operation follows the conventions', () => {
  it('carries the five common header parameters', () => {
    const problems: string[] = [];
    for (const { key, op, pathItem } of operations) {
      const params = [...((pathItem.parameters as Json[] | undefined) ?? []), ...((op.parameters as Json[] | undefined) ?? [])];
      const refs = new Set(params.map((p) => p.$ref).filter((r): r is string => typeof r === 'string'));
      const headers = new Set(
        params
          .map(deref)
          .filter((p) => p.in === 'header')
          .map((p) => String(p.name).toLowerCase()),
      );
      const missing = HEADER_REFS.filter((r, i) => !refs.has(r) || !headers.has(HEADER_NAMES[i] as string));
      if (missing.length > 0) problems.push(`${key}: missing ${missing.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('answers 200 in the envelope and refers every other status to the shared error response', () => {
    const problems: string[] = [];
    for (const { key, op } of operations) {
      const responses = (op.responses ?? {}) as Record<string, Json>;
      const ok = responses['200'];
      const schema = (ok?.content as Record<string, Json> | undefined)?.['application/json']?.schema as Json | undefined;
      const parts = (schema?.allOf as Json[] | undefined) ?? (schema ? [schema] : []);
      const envelope = parts.some((p) => p.$ref === '#/components/schemas/Envelope');
      const data = parts.some((p) => isObject(p.properties) && 'data' in p.properties);
      if (!envelope) problems.push(`${key}: the 200 response is not the Envelope`);
      if (parts.length > 1 && !data) problems.push(`${key}: the 200 envelope does not declare data`);
      if (responses.default?.$ref !== '#/components/responses/Error') {
        problems.push(`${key}: default is not #/components/responses/Error`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('makes every request body strict (additionalProperties: false on every object, through $refs)', () => {
    const problems: string[] = [];
    for (const { key, op } of operations) {
      if (op.requestBody === undefined) continue;
      const body = deref(op.requestBody as Json);
      for (const [mediaType, media] of Object.entries((body.content ?? {}) as Record<string, Json>)) {
        for (const where of looseObjects(media.schema, `${key} ${mediaType}`)) {
          problems.push(`${where} lacks additionalProperties: false`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('requires request bodies when it has them', () => {
    const optional = operations.filter((o) => o.op.requestBody !== undefined && deref(o.op.requestBody as Json).required !== true).map((o) => o.key);
    expect(optional).toEqual([]);
  });

  it('gives every operation a unique operationId, one tag and a summary', () => {
    const ids = operations.map((o) => o.op.operationId);
    const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(duplicates).toEqual([]);
    const tags = new Set(((doc.tags ?? []) as Json[]).map((t) => t.name));
    const badTags = operations.filter((o) => !Array.isArray(o.op.tags) || o.op.tags.length !== 1 || !tags.has(o.op.tags[0])).map((o) => o.key);
    expect(badTags).toEqual([]);
    expect(operations.filter((o) => typeof o.op.summary !== 'string' || o.op.summary === '').map((o) => o.key)).toEqual([]);
  });
});

describe('the strictness check itself', () => {
  it('finds a loose object nested behind a $ref and a oneOf', () => {
    expect(
      looseObjects(
        {
          type: 'object',
          additionalProperties: false,
          properties: {
            ok: { type: 'object', additionalProperties: false, properties: {} },
            card: { oneOf: [{ $ref: '#/components/schemas/Envelope' }] },
            list: { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } },
          },
        },
        'probe',
      ),
    ).toEqual(['#/components/schemas/Envelope', 'probe.properties.list.items']);
  });
});
