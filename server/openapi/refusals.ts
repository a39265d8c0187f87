// The refusals each operation can answer, as the contract declares them (docs/decisions/072): its
// own `x-refusals` and the document's `x-refusals-common`, which any operation can answer.
import { listOperations, toFastifyPath, type ContractDocument } from './contract';

/** One group of the common refusals: the codes and why any operation can answer them. */
export interface CommonRefusals {
  codes: number[];
  why: string;
}

/** The codes of `x-refusals-common`, every group's. */
export function commonRefusalsOf(doc: ContractDocument): number[] {
  const groups = (doc['x-refusals-common'] ?? []) as CommonRefusals[];
  return groups.flatMap((g) => g.codes);
}

/** An operation's own `x-refusals`, by `<METHOD> <contract path>`. */
export function operationRefusalsOf(doc: ContractDocument): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const entry of listOperations(doc)) {
    const op = doc.paths[entry.path]![entry.method] as { 'x-refusals'?: number[] };
    out.set(`${entry.method.toUpperCase()} ${entry.path}`, [...(op['x-refusals'] ?? [])]);
  }
  return out;
}

/**
 * Whether a route may answer `errCode`, by the method and the route's Fastify path
 * (`/api/bill/order/v1/:id`, the contract's `/api/bill/order/v1/{id}`). Routes outside the
 * contract (webhooks, the sandbox, the developer mailbox) are not its to judge: always true.
 */
export function refusalDeclaration(doc: ContractDocument): (method: string, routeUrl: string | undefined, errCode: number) => boolean {
  const common = new Set(commonRefusalsOf(doc));
  const byRoute = new Map<string, Set<number>>();
  for (const [key, codes] of operationRefusalsOf(doc)) {
    const [method, contractPath] = key.split(' ') as [string, string];
    byRoute.set(`${method} ${toFastifyPath(contractPath)}`, new Set(codes));
  }
  return (method, routeUrl, errCode) => {
    if (common.has(errCode) || routeUrl === undefined) return true;
    // HEAD is answered by the GET route.
    const declared = byRoute.get(`${method === 'HEAD' ? 'GET' : method} ${routeUrl}`);
    return declared === undefined || declared.has(errCode);
  };
}
