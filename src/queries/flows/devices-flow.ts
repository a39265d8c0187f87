import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { createDevicesActors } from '../../../machines/devices/devices.actors';
import { devicesMachine, type DevicesMachine } from '../../../machines/devices/devices.machine';
import { useQueryServices } from '../query-services';

/** Starts the device sign-out machine with the app's client (docs/decisions/054); the account screen's device list holds it. */
export function useDevices(): ActorRefFrom<DevicesMachine> {
  const services = useQueryServices();
  const machine = useMemo(() => devicesMachine.provide({ actors: createDevicesActors(services.api) }), [services.api]);
  return useActorRef(machine, services.actorOptions);
}
