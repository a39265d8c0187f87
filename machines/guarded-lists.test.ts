// No answer leaves a flow busy: every guarded list of transitions that the flow itself takes (an
// invocation's onDone and onError, an eventless `always`, a timer's `after`) ends with a branch
// without a guard, so an answer no guard expected still goes somewhere, saying why. Lists under
// `on` are the user's events: one no guard takes is ignored and the state keeps waiting for the
// next, which is what such a state is for, so they are not held to this.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMachine, type AnyStateMachine } from 'xstate';

const dir = path.dirname(fileURLToPath(import.meta.url));

/** Every machine exported by machines/<flow>/<flow>.machine.ts. */
async function allMachines(): Promise<AnyStateMachine[]> {
  const machines: AnyStateMachine[] = [];
  for (const flow of readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()) {
    const module = (await import(pathToFileURL(path.join(dir, flow, `${flow}.machine.ts`)).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (value && typeof value === 'object' && 'root' in value && 'config' in value && 'transition' in value) machines.push(value as AnyStateMachine);
    }
  }
  return machines;
}

type Config = Record<string, unknown>;
const asList = (transitions: unknown): unknown[] => (transitions === undefined ? [] : Array.isArray(transitions) ? transitions : [transitions]);
const guardOf = (t: unknown) => (t && typeof t === 'object' && 'guard' in t ? (t as { guard: unknown }).guard : undefined);
const guardName = (g: unknown) =>
  typeof g === 'string' ? g : g && typeof g === 'object' && 'type' in g ? String((g as { type: unknown }).type) : 'an inline guard';

/**
 * The guarded lists of a state config and its children that end with a guard, as
 * `<state path> <where> ends with [guard]`.
 */
function strandingLists(config: Config, statePath: string): string[] {
  const found: string[] = [];
  const check = (where: string, transitions: unknown) => {
    const list = asList(transitions);
    const last = list[list.length - 1];
    if (list.some((t) => guardOf(t) !== undefined) && guardOf(last) !== undefined) found.push(`${statePath} ${where} ends with [${guardName(guardOf(last))}]`);
  };
  for (const invoke of asList(config.invoke) as Config[]) {
    const id = typeof invoke.id === 'string' ? invoke.id : String(invoke.src);
    check(`invoke ${id} onDone`, invoke.onDone);
    check(`invoke ${id} onError`, invoke.onError);
  }
  check('always', config.always);
  for (const [delay, transitions] of Object.entries((config.after ?? {}) as Config)) check(`after ${delay}`, transitions);
  for (const [name, child] of Object.entries((config.states ?? {}) as Record<string, Config>)) found.push(...strandingLists(child, `${statePath}.${name}`));
  return found;
}

const machines = await allMachines();

describe('guarded transition lists end with a default', () => {
  it('finds every flow of machines/', () => {
    expect(machines.map((m) => m.id).sort()).toEqual(
      expect.arrayContaining([
        'accountDeletion',
        'autoRenewal',
        'cancellation',
        'checkout',
        'dataExport',
        'devices',
        'discountUnbinding',
        'dispute',
        'login',
        'passwordRecovery',
        'payment',
        'pixAutomatico',
        'planChange',
        'repay',
        'session',
        'signup',
        'withdrawal',
      ]),
    );
  });

  it.each(machines.map((m) => [m.id, m] as const))('%s: no guarded onDone, onError, always or after list without a default', (id, machine) => {
    expect(strandingLists(machine.config as Config, id)).toEqual([]);
  });

  it('names the machine and the state of a list that ends with a guard, nested or not', () => {
    const stranding = createMachine({
      id: 'example',
      initial: 'a',
      states: {
        a: {
          initial: 'busy',
          states: {
            busy: {
              invoke: [
                {
                  id: 'call',
                  src: 'call',
                  onDone: [
                    { guard: 'isYes', target: 'done' },
                    { guard: 'isNo', target: 'done' },
                  ],
                  onError: 'done',
                },
              ],
            },
            done: {},
          },
          always: { guard: 'isReady', target: 'b' },
        },
        b: { after: { wait: [{ guard: 'isLate', target: 'a' }, { target: 'b' }] } },
      },
    });
    expect(strandingLists(stranding.config as Config, 'example')).toEqual([
      'example.a always ends with [isReady]',
      'example.a.busy invoke call onDone ends with [isNo]',
    ]);
  });
});
