import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Yaml from 'yaml';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const contractPath = path.join(root, 'openapi', 'portal.yaml');
/** Where parsed contracts are kept, by the hash of their text (tools keep theirs there too). */
const parsedDir = path.join(root, 'node_modules', '.cache', 'portal-contract');

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
const methods: HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

export interface ParameterObject {
  name: string;
  in: 'header' | 'query' | 'path' | 'cookie';
  required?: boolean;
  schema?: unknown;
}

export interface OperationEntry {
  operationId: string;
  method: HttpMethod;
  path: string;
  /** JSON pointer of the operation inside the document, for Ajv `$ref`s. */
  pointer: string;
  parameters: ParameterObject[];
  bodyContentTypes: string[];
  bodyRequired: boolean;
}

export interface ContractDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/**
 * The contract as data. Parsing its YAML takes about 0.3 s, a sixth of the start-up budget
 * (docs/decisions/027), so the parse is kept as JSON keyed by the text's hash: only the first start
 * after the contract changes parses it. Where the cache cannot be written, every start parses.
 */
export function loadContract(file = contractPath): ContractDocument {
  const text = readFileSync(file, 'utf8');
  const parsedFile = path.join(parsedDir, `${createHash('sha256').update(text).digest('hex').slice(0, 32)}.json`);
  try {
    return JSON.parse(readFileSync(parsedFile, 'utf8')) as ContractDocument;
  } catch {
    // Not parsed yet.
  }
  const { parse } = createRequire(import.meta.url)('yaml') as typeof Yaml;
  const doc = parse(text) as ContractDocument;
  try {
    mkdirSync(parsedDir, { recursive: true });
    // Written whole under another name first: a process starting meanwhile never reads half of it.
    const partial = `${parsedFile}.${process.pid}`;
    writeFileSync(partial, JSON.stringify(doc));
    renameSync(partial, parsedFile);
  } catch {
    // A read-only installation: parse at every start.
  }
  return doc;
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Follows a local `#/components/...` reference (parameters are often refs). */
export function resolveRef<T>(doc: ContractDocument, value: T | { $ref: string }): T {
  if (value && typeof value === 'object' && '$ref' in value && typeof value.$ref === 'string') {
    const parts = value.$ref
      .replace(/^#\//, '')
      .split('/')
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    let node: unknown = doc;
    for (const part of parts) node = (node as Record<string, unknown>)[part];
    if (node === undefined) throw new Error(`Unresolved $ref ${value.$ref}`);
    return resolveRef(doc, node as T);
  }
  return value as T;
}

export function listOperations(doc: ContractDocument): OperationEntry[] {
  const out: OperationEntry[] = [];
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const method of methods) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const params = [...((item.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])].map((x) =>
        resolveRef<ParameterObject>(doc, x as ParameterObject),
      );
      const body = op.requestBody ? resolveRef<{ required?: boolean; content?: Record<string, unknown> }>(doc, op.requestBody as never) : undefined;
      out.push({
        operationId: String(op.operationId),
        method,
        path: p,
        pointer: `#/paths/${escapePointer(p)}/${method}`,
        parameters: params,
        bodyContentTypes: Object.keys(body?.content ?? {}),
        bodyRequired: body?.required === true,
      });
    }
  }
  return out;
}

/** `/api/bill/order/v1/{id}` -> `/api/bill/order/v1/:id` */
export const toFastifyPath = (p: string) => p.replace(/\{([^}]+)\}/g, ':$1');
