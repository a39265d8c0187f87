/**
 * fast-check arbitraries from the contract's JSON Schemas: the subset openapi/portal.yaml uses
 * (types, enum, const, pattern, min/max length and value, items, required, oneOf/anyOf/allOf,
 * the `email` and OpenAPI integer formats). Every value it yields is valid for that schema; the
 * fuzz suite checks that with Ajv before sending it, so a generator mistake cannot pass for a
 * server refusal.
 */
import fc from 'fast-check';
import { resolveRef, type ContractDocument } from '../../../server/openapi/contract';

export interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  contentMediaType?: string;
  default?: unknown;
}

/**
 * Values known to reach a handler's happy path (a seeded plan's id, the caller's own order), by
 * property name: a random PlanId is valid but almost never a plan. Mixed with the schema's own
 * values, never instead of them.
 */
export type Hints = Record<string, readonly unknown[]>;

const lengthOf = (s: string) => [...s].length;

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength;
  // Ajv counts code points (its `unicode` option), so lengths here are counted the same way.
  const fits = (s: string) => lengthOf(s) >= min && (max === undefined || lengthOf(s) <= max);
  if (schema.pattern) {
    // `^[class]+$` with length bounds: the bounds go into the quantifier, since filtering
    // stringMatching's mostly short strings for a minimum of 16 would hardly ever end.
    const simple = /^\^(\[[^\]]+\])[+*]\$$/.exec(schema.pattern);
    const pattern = simple && (min > 1 || max !== undefined) ? `^${simple[1]}{${Math.max(min, 1)},${Math.min(max ?? min + 40, min + 40)}}$` : schema.pattern;
    return fc.stringMatching(new RegExp(pattern, 'u')).filter(fits);
  }
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  return fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max ?? 40, min + 40) }).filter(fits);
}

function integerArbitrary(schema: Schema): fc.Arbitrary<number> {
  const bound = schema.format === 'int32' ? 2 ** 31 - 1 : Number.MAX_SAFE_INTEGER;
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -bound);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : bound);
  return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
}

export function schemaArbitrary(doc: ContractDocument, input: Schema, hints: Hints = {}, name?: string): fc.Arbitrary<unknown> {
  const schema = resolveRef<Schema>(doc, input);
  const own = ownArbitrary(doc, schema, hints);
  const known = name !== undefined ? hints[name] : undefined;
  if (!known || known.length === 0) return own;
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: own });
}

function ownArbitrary(doc: ContractDocument, schema: Schema, hints: Hints): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.oneOf) return fc.oneof(...schema.oneOf.map((s) => schemaArbitrary(doc, s, hints)));
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => schemaArbitrary(doc, s, hints)));
  if (schema.allOf) return schemaArbitrary(doc, mergeAll(doc, schema), hints);
  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ['object'] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => ownArbitrary(doc, { ...schema, type: t }, hints)));
  switch (type[0]) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schemaArbitrary(doc, schema.items ?? {}, hints);
      const constraints = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, (schema.minItems ?? 0) + 4) };
      return schema.uniqueItems ? fc.uniqueArray(items, { ...constraints, selector: (v) => JSON.stringify(v) }) : fc.array(items, constraints);
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, schemaArbitrary(doc, s, hints, key)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
    default:
      // No type: any JSON value is valid.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** allOf of object schemas, as one schema (the contract only combines objects). */
function mergeAll(doc: ContractDocument, schema: Schema): Schema {
  const parts = (schema.allOf ?? []).map((s) => resolveRef<Schema>(doc, s));
  return {
    type: 'object',
    properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})) as Record<string, Schema>,
    required: parts.flatMap((p) => p.required ?? []),
  };
}

/** The property names of an object schema (after refs and allOf), with which are required. */
export function objectShape(doc: ContractDocument, input: Schema | undefined): { properties: Record<string, Schema>; required: string[] } | undefined {
  if (!input) return undefined;
  const schema = resolveRef<Schema>(doc, input);
  if (schema.allOf) return objectShape(doc, mergeAll(doc, schema));
  if (!schema.properties) return undefined;
  return { properties: schema.properties, required: schema.required ?? [] };
}

/** Every property name a schema names at any depth, through refs and combinators. */
export function propertyNames(doc: ContractDocument, input: Schema | undefined, seen = new Set<Schema>()): Set<string> {
  const out = new Set<string>();
  if (!input) return out;
  const schema = resolveRef<Schema>(doc, input);
  if (seen.has(schema)) return out;
  seen.add(schema);
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    out.add(name);
    for (const n of propertyNames(doc, child, seen)) out.add(n);
  }
  for (const child of [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? []), ...(schema.items ? [schema.items] : [])]) {
    for (const n of propertyNames(doc, child, seen)) out.add(n);
  }
  return out;
}
