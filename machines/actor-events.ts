// The done and error events of a machine's invocations, typed from the actors they run (XState
// v5's DoneActorEvent and ErrorActorEvent). A machine lists them beside its own events in
// setup({ types }), so a named guard or action narrows the event with assertEvent and reads the
// output as the actor answers it: the actor's type is the one place that says what it answers.
import { assertEvent, type AnyActorLogic, type DoneActorEvent, type ErrorActorEvent, type EventObject, type OutputFrom } from 'xstate';

/** Each invocation id running the actor of the same name in setup({ actors }). */
export type SameIds<Actors> = { [Id in keyof Actors & string]: Id };

/**
 * The done and error events of `Invoked`, which maps each invocation id to the key of the actor
 * it runs (`{ findRefusedOrder: 'loadCart' }`); by default every actor under its own name.
 */
export type InvocationEvents<Actors extends Record<string, AnyActorLogic>, Invoked extends Record<string, keyof Actors> = SameIds<Actors>> = {
  [Id in keyof Invoked & string]: DoneActorEvent<OutputFrom<Actors[Invoked[Id]]>, Id> | ErrorActorEvent<unknown, Id>;
}[keyof Invoked & string];

/**
 * What a failed invocation failed with, read from its error event: the `error` each machine's
 * `recordError` keeps for its failure state (`assign({ error: invocationError })`). Like
 * assertEvent, any other event is a mistake in the machine that asks.
 */
export function invocationError({ event }: { event: EventObject }): unknown {
  assertEvent(event, 'xstate.error.actor.*');
  return (event as ErrorActorEvent).error;
}
