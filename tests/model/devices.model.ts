// The device sign-out machine's graph for the walks: the events each state offers, with the typed
// results of its invocation, which the walks then arrange for real.
import type { EventObject } from 'xstate';
import { createDevicesActors, refusals } from '../../machines/devices/devices.actors';
import { devicesMachine, type DevicesMachine } from '../../machines/devices/devices.machine';
import { done, error, type GraphModel } from './harness';

/** The signOut answers: signed out, every refusal it expects (only one device can be refused), a failure. */
const answers = (one: boolean): EventObject[] => [
  done('signOut', { kind: 'signedOut' }),
  ...(one ? refusals.signOut.map((errCode) => done('signOut', { kind: 'refused', errCode })) : []),
  error('signOut'),
];

// Signing one device out comes first: the shortest paths then reach every state through it, and
// only a path's last sign-out is "all other devices", after which no other device is signed in.
const userEvents: EventObject[] = [
  { type: 'SIGN_OUT_REQUESTED', id: 'graph', label: 'graph' } as EventObject,
  { type: 'SIGN_OUT_OTHERS_REQUESTED' },
  { type: 'SIGN_OUT_CONFIRMED' },
  { type: 'SIGN_OUT_DISMISSED' },
  { type: 'RETRY_REQUESTED' },
];

/** The machine's graph for the walks: stand-in actors suffice, since each walk runs the machine with its own. */
export function devicesGraph(machine: DevicesMachine = devicesMachine.provide({ actors: createDevicesActors({} as never) })): GraphModel<DevicesMachine> {
  return {
    machine,
    inputs: { signedIn: undefined as never },
    events: (snapshot) => [
      ...userEvents.filter((e) => snapshot.can(e as never)),
      ...Object.keys(snapshot.children).flatMap((id) => (id === 'signOut' ? answers(snapshot.context.target?.kind === 'one') : [])),
    ],
  };
}
