import { fromPromise } from 'xstate';
import { refusalsOf } from '../../core/api/refusals';
import { POST_api_user_devices_signOutOthers_v1, POST_api_user_devices_signOut_v1 } from '../../core/api/refusals.generated';
import type { Api } from '../../core/api/client';
import { settleExpected, type Refusals } from '../expected-refusals';
import { type DevicesInvokeId, type SignOutAnswer, type SignOutTarget } from './devices.types';

/**
 * The refusals each call expects, by the id the machine invokes it under (docs/decisions/054): the
 * actors settle them, the machine's branches name them, the walks take each.
 */
export const refusals = {
  signOut: refusalsOf([POST_api_user_devices_signOut_v1, POST_api_user_devices_signOutOthers_v1]),
} as const satisfies Refusals<DevicesInvokeId>;

/** Signing devices out on the typed client (docs/decisions/054). */
export function createDevicesActors(api: Api) {
  const { client } = api;
  return {
    signOut: fromPromise<SignOutAnswer, SignOutTarget>(({ input, signal }) =>
      settleExpected(refusals.signOut, async (options) => {
        if (input.kind === 'one') await api.call(client.POST('/api/user/devices/signOut/v1', { body: { id: input.id }, signal }), options);
        else await api.callData(client.POST('/api/user/devices/signOutOthers/v1', { body: {}, signal }), options);
        return { kind: 'signedOut' as const };
      }),
    ),
  };
}

export type DevicesActors = ReturnType<typeof createDevicesActors>;
