/**
 * Requests for one contract operation: valid ones generated from its request schemas (body,
 * query, path, headers), and mutated ones made from a valid one by a single mutation
 * (mutations.ts).
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { resolveRef, toFastifyPath, type ContractDocument, type OperationEntry } from '../../../server/openapi/contract';
import { multipartFile } from '../../helpers/multipart';
import { mutatedRequests } from './mutations';
import { objectShape, propertyNames, schemaArbitrary, type Hints, type Schema } from './schema-arbitrary';

export interface FuzzRequest {
  /** `valid`, or the mutation that made it. */
  kind: string;
  /** The JSON body, or undefined for none; `raw` wins when set. */
  body?: unknown;
  raw?: string | Buffer;
  /** The Content-Type header; null sends none. */
  contentType: string | null;
  /** Query pairs in order, values percent-encoded; a name may repeat. */
  query: [string, string][];
  /** Path parameters, already percent-encoded. */
  path: Record<string, string>;
  headers: Record<string, string>;
  /** Whether an extra field carries the run's marker. */
  marked: boolean;
}

export interface OperationRequests {
  valid: fc.Arbitrary<FuzzRequest>;
  mutated: fc.Arbitrary<FuzzRequest>;
}

type Location = 'query' | 'path' | 'header';

const ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
addFormats(ajv);
ajv.addFormat('int32', true).addFormat('int64', true).addFormat('binary', true).addFormat('byte', true).addFormat('password', true);
let ajvHasContract = false;

const anchorRefs = (schema: unknown) => JSON.parse(JSON.stringify(schema ?? {}).replace(/"\$ref":"#\//g, '"$ref":"portal#/')) as object;

/** The JSON body schema of an operation, if it takes one. */
export function bodySchema(doc: ContractDocument, op: OperationEntry): Schema | undefined {
  const operation = resolveRef<{ requestBody?: unknown }>(doc, { $ref: op.pointer });
  if (!operation.requestBody) return undefined;
  const body = resolveRef<{ content: Record<string, { schema: Schema }> }>(doc, operation.requestBody as never);
  return body.content['application/json']?.schema ?? body.content['multipart/form-data']?.schema;
}

const isMultipart = (op: OperationEntry) => op.bodyContentTypes.includes('multipart/form-data');

/** Header values travel as Latin-1 text; a free-form header string is generated printable ASCII. */
function headerSchema(doc: ContractDocument, schema: Schema): Schema {
  const s = resolveRef<Schema>(doc, schema);
  return s.type === 'string' && !s.pattern && !s.enum ? { ...s, pattern: '^[ -~]*$' } : s;
}

function parameterArbitrary(doc: ContractDocument, op: OperationEntry, location: Location, hints: Hints) {
  const params = op.parameters.filter((p) => p.in === location);
  const record = Object.fromEntries(
    params.map((p) => [
      p.name,
      location === 'header' ? schemaArbitrary(doc, headerSchema(doc, p.schema as Schema)) : schemaArbitrary(doc, p.schema as Schema, hints, p.name),
    ]),
  );
  const required = params.filter((p) => p.required || location === 'path').map((p) => p.name);
  return fc.record(record, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
}

function parameterValidator(op: OperationEntry, location: Location): ValidateFunction {
  const params = op.parameters.filter((p) => p.in === location);
  return ajv.compile({
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, anchorRefs(p.schema)])),
    required: params.filter((p) => p.required || location === 'path').map((p) => p.name),
  });
}

const FILE_MAGIC: Record<string, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34],
};

/** A proof of payment as the fuzz run uploads it. */
export const uploadedProof = (type: string, bytes: Uint8Array) => multipartFile('file', 'proof.bin', type, bytes, '----fuzz-boundary-7MA4YWxkTrZu0gW');

/**
 * The valid and mutated requests of one operation. `hints` are values known to reach the
 * handler's happy path (see schema-arbitrary.ts); `auth` the Authorization values a valid
 * request may carry; `marker` the value every extra field carries.
 */
export function operationRequests(doc: ContractDocument, op: OperationEntry, hints: Hints, auth: readonly string[], marker: string): OperationRequests {
  if (!ajvHasContract) {
    ajv.addSchema(doc as object, 'portal');
    ajvHasContract = true;
  }
  const schema = bodySchema(doc, op);
  const validators = { query: parameterValidator(op, 'query'), path: parameterValidator(op, 'path') };
  const bodyValidator = schema && !isMultipart(op) ? ajv.compile(anchorRefs(schema)) : undefined;

  const bodyArb: fc.Arbitrary<{ body?: unknown; raw?: Buffer; contentType: string | null }> = isMultipart(op)
    ? fc.tuple(fc.constantFrom(...Object.keys(FILE_MAGIC)), fc.uint8Array({ maxLength: 512 })).map(([type, tail]) => {
        const { payload, contentType } = uploadedProof(type, Uint8Array.from([...FILE_MAGIC[type]!, ...tail]));
        return { raw: payload, contentType };
      })
    : schema
      ? schemaArbitrary(doc, schema, hints)
          .filter((b) => bodyValidator!(b))
          .map((body) => ({ body, contentType: 'application/json' }))
      : fc.constant({ contentType: null });

  const valid = fc
    .record({
      body: bodyArb,
      query: parameterArbitrary(doc, op, 'query', hints).filter((q) => validators.query(q)),
      path: parameterArbitrary(doc, op, 'path', hints).filter((p) => validators.path(p)),
      headers: parameterArbitrary(doc, op, 'header', hints),
      authorization: fc.constantFrom(...auth),
    })
    .map(({ body, query, path, headers, authorization }): FuzzRequest => {
      const headerValues: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) headerValues[name] = String(value);
      headerValues.Authorization = authorization;
      return {
        kind: 'valid',
        ...body,
        query: Object.entries(query).map(([k, v]) => [k, encodeURIComponent(String(v))]),
        path: Object.fromEntries(Object.entries(path).map(([k, v]) => [k, encodeURIComponent(String(v))])),
        headers: headerValues,
        marked: false,
      };
    });

  const known = new Set([...propertyNames(doc, schema), ...op.parameters.map((p) => p.name)]);
  const mutated = mutatedRequests(valid, { op, marker, requiredBody: objectShape(doc, schema)?.required ?? [], known });
  return { valid, mutated };
}

/** The URL a request goes to, with its path parameters and query as given. */
export function urlOf(op: OperationEntry, r: FuzzRequest): string {
  const path = toFastifyPath(op.path).replace(/:(\w+)/g, (_m, name: string) => r.path[name] ?? '');
  if (r.query.length === 0) return path;
  return `${path}?${r.query.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&')}`;
}

/** The bytes a request sends. */
export function payloadOf(r: FuzzRequest): string | Buffer | undefined {
  if (r.raw !== undefined) return r.raw;
  return r.body === undefined ? undefined : JSON.stringify(r.body);
}
