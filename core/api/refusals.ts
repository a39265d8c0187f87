// The refusals a flow's call settles, from the contract (docs/decisions/072): the codes its
// operations declare (`x-refusals`, generated into refusals.generated.ts) minus the ones the client
// routes for every call, so a code the server can answer is routed by a branch of the flow or
// listed with the reason it is not; it cannot vanish by being left out of a hand-written list.
import { CANNOT_BUY_PLAN_CODE, messageAndResetCodes, NOT_FOUND_CODE, silentResetCodes, WARN_RESET_LOGIN_CODE } from './error-rules';
import type { OperationKey } from './refusals.generated';

export { operationRefusals, commonRefusals, commonRefusalGroups, type OperationKey } from './refusals.generated';

/**
 * The codes the client routes for every call, whoever made it (spec section 8, "Handling rules",
 * core/api/error-rules.ts), with why a flow does not route them itself. A flow that still ends its
 * own way on one of them names it in `routesItself`.
 */
// Built in a pure call, so the web bundle, which needs only the codes, drops the reasons.
export const routedForEveryCall: ReadonlyMap<number, string> = /* @__PURE__ */ (() =>
  new Map<number, string>([
    ...[...silentResetCodes].map((code) => [code, 'the session ended or its token is not valid: the session flow resets it silently'] as const),
    ...[...messageAndResetCodes].map((code) => [code, 'the account cannot be used: the session flow says so and resets the session'] as const),
    [WARN_RESET_LOGIN_CODE, 'signed in elsewhere: the session flow warns, resets the session and opens the log-in'],
    [NOT_FOUND_CODE, 'what the address names does not exist: the client opens the not-found page'],
    [CANNOT_BUY_PLAN_CODE, 'the plan cannot be bought: the client opens the pricing table saying so'],
  ]))();

/** The same codes without their reasons, for `refusalsOf` at run time: the reasons stay out of the web bundle. */
const ROUTED_FOR_EVERY_CALL: ReadonlySet<number> = new Set([
  ...silentResetCodes,
  ...messageAndResetCodes,
  WARN_RESET_LOGIN_CODE,
  NOT_FOUND_CODE,
  CANNOT_BUY_PLAN_CODE,
]);

/** Codes a call's operations declare that its flow does not route, each with the reason. */
export type NotRouted = Readonly<Record<number, string>>;

/** A flow's calls that settle no refusals, by operation: the codes it declares, each with why the flow leaves it. */
export type Unsettled = Readonly<Partial<Record<OperationKey, NotRouted>>>;

export interface RefusalsOptions {
  /** Declared codes the flow leaves to the client's toast and its onError, with why. */
  notRouted?: NotRouted;
  /**
   * Codes the flow routes although the client routes them for every call (it has navigated, the
   * flow ends its own way) or any operation can answer them (the contract's common refusals).
   */
  routesItself?: readonly number[];
}

/** Where a list made by `refusalsOf` came from, for the tests that hold it to the contract. */
export interface RefusalsSource extends Required<RefusalsOptions> {
  operations: readonly string[];
}

const sources = new WeakMap<readonly number[], RefusalsSource>();

/**
 * The source of a list `refusalsOf` made, or undefined for a hand-written one; its operations by
 * name once the tests named the contract's lists (`nameOperations`).
 */
export function sourceOfRefusals(list: readonly number[]): RefusalsSource | undefined {
  const source = sources.get(list);
  const lists = listsOf.get(list);
  if (!source || !lists) return source;
  return { ...source, operations: lists.map((l) => operationOf.get(l) ?? '(a list of no operation)') };
}

/** `refusalsOf` over another declaration table: the tests' synthetic contracts. */
export function refusalsFrom<K extends string>(declared: Readonly<Record<K, readonly number[]>>) {
  return (operations: K | readonly K[], { notRouted = {}, routesItself = [] }: RefusalsOptions = {}): readonly number[] => {
    const ops: readonly K[] = typeof operations === 'string' ? [operations as K] : (operations as readonly K[]);
    const codes = [...new Set([...ops.flatMap((op) => declared[op]), ...routesItself])].filter(
      (code) => (!ROUTED_FOR_EVERY_CALL.has(code) || routesItself.includes(code)) && !(code in notRouted),
    );
    const list = Object.freeze(codes);
    sources.set(list, { operations: ops, notRouted, routesItself });
    return list;
  };
}

/** The codes `routedForEveryCall` holds, as a type (checked against it by the tests). */
export type RoutedForEveryCall = -24010 | -24020 | 21 | -1112 | -24030 | 6001 | 6000;
/** The refusals an operation declares: an export of refusals.generated.ts (`POST_api_bill_card_change`). */
export type Declared = readonly number[];

const operationOf = /* @__PURE__ */ new Map<Declared, OperationKey>();

/** Which operation a declared list belongs to, for the tests that hold a flow's lists to the contract. */
export const operationOfList = (list: Declared): OperationKey | undefined => operationOf.get(list);

/** Names the operations' lists (the tests, from refusals.generated.ts's table): the web bundle carries codes, not paths. */
export function nameOperations(table: Readonly<Record<OperationKey, Declared>>): void {
  for (const [key, list] of Object.entries(table) as Array<[OperationKey, Declared]>) operationOf.set(list, key);
}

/**
 * The refusals a call settles: every code its operation (or its operations, when the call makes
 * more than one request) declares, minus the ones the client routes for every call and the
 * flow's listed exceptions, typed as the codes they are: `refusalsOf(POST_api_bill_card_change)`.
 */
type Settled<D extends Declared, N extends NotRouted, R extends number> = readonly (Exclude<D[number], RoutedForEveryCall | keyof N> | NoInfer<R>)[];
export function refusalsOf<D extends Declared, N extends NotRouted = Record<never, string>, R extends number = never>(
  declared: D,
  options?: { notRouted?: N; routesItself?: readonly R[] },
): Settled<D, N, R>;
/** A call that makes several requests: the union of their operations' refusals. */
export function refusalsOf<D extends Declared, N extends NotRouted = Record<never, string>, R extends number = never>(
  declared: readonly D[],
  options?: { notRouted?: N; routesItself?: readonly R[] },
): Settled<D, N, R>;
export function refusalsOf(declared: Declared | readonly Declared[], options?: { notRouted?: NotRouted; routesItself?: readonly number[] }): readonly number[] {
  const lists: readonly Declared[] = declared.length > 0 && Array.isArray(declared[0]) ? (declared as readonly Declared[]) : [declared as Declared];
  // Each list is named by its index until the tests name it; the source keeps the lists themselves.
  const table = Object.fromEntries(lists.map((list, i) => [String(i), list])) as Record<string, readonly number[]>;
  const list = refusalsFrom(table)(
    lists.map((_, i) => String(i)),
    options,
  );
  listsOf.set(list, lists);
  return list;
}

const listsOf = /* @__PURE__ */ new WeakMap<readonly number[], readonly Declared[]>();
