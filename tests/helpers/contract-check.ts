import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { listOperations, loadContract, resolveRef } from '../../server/openapi/contract';

const doc = loadContract();
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
ajv.addFormat('int32', true).addFormat('int64', true).addFormat('binary', true).addFormat('byte', true).addFormat('password', true);
ajv.addSchema(doc as object, 'portal');
const cache = new Map<string, ValidateFunction>();

/**
 * Checks a response body against the contract's schema for that operation and status, so
 * server tests prove the server answers what the client is typed to expect.
 */
export function contractErrors(method: string, path: string, status: number, body: unknown): string[] {
  const op = listOperations(doc).find((o) => o.method === method.toLowerCase() && o.path === path);
  if (!op) return [`no operation ${method} ${path} in the contract`];
  const key = `${op.pointer}:${status}`;
  let validate = cache.get(key);
  if (!validate) {
    const operation = resolveRef<{ responses: Record<string, unknown> }>(doc, { $ref: op.pointer });
    const response = resolveRef<{ content?: Record<string, { schema: unknown }> }>(
      doc,
      (operation.responses[String(status)] ?? operation.responses.default) as never,
    );
    const schema = response.content?.['application/json']?.schema ?? {};
    validate = ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, '"$ref":"portal#/')));
    cache.set(key, validate);
  }
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
