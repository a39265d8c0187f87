import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const contractPath = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'openapi', 'portal.yaml');

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

export function loadContract(file = contractPath): ContractDocument {
  return parse(readFileSync(file, 'utf8')) as ContractDocument;
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Follows a local `#/components/...` reference (parameters are often refs). */
export function resolveRef<T>(doc: ContractDocument, value: T | { $ref: string }): T {
  if (value && typeof value === 'object' && '$ref' in value && typeof value.$ref === 'string') {
    const parts = value.$ref.replace(/^#\//, '').split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
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
