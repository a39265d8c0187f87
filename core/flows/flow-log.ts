// The live event log of a running app in development (`npm run dev`), through XState's inspection
// API: every event a flow's root actor takes, with the state it led to, kept for the tab in
// session storage (the last 200) so /flows can show what the app did before it was opened there.
// Production builds and tests never include it (src/app/services.ts asks only in Vite's development mode).
import type { AnyMachineSnapshot, InspectionEvent } from 'xstate';

export interface FlowLogEntry {
  /** When, in ms since the epoch. */
  at: number;
  machine: string;
  event: string;
  /** The state the event led to, as its value reads (`{"activated":"idle"}`). */
  state: string;
}

export const FLOW_LOG_KEY = 'flow-inspect-log';
/** Sent on the window after each entry, for a page that shows the log live. */
export const FLOW_LOG_EVENT = 'flow-inspect';
const KEEP = 200;

export function readFlowLog(storage: Storage): FlowLogEntry[] {
  try {
    return JSON.parse(storage.getItem(FLOW_LOG_KEY) ?? '[]') as FlowLogEntry[];
  } catch {
    return [];
  }
}

export function devInspector(win: Window): (event: InspectionEvent) => void {
  return (inspection) => {
    if (inspection.type !== '@xstate.snapshot' || inspection.actorRef.sessionId !== inspection.rootId) return;
    const snapshot = inspection.snapshot as AnyMachineSnapshot;
    if (!snapshot.machine) return;
    const entry: FlowLogEntry = { at: Date.now(), machine: snapshot.machine.id, event: inspection.event.type, state: JSON.stringify(snapshot.value) };
    const log = [...readFlowLog(win.sessionStorage), entry].slice(-KEEP);
    win.sessionStorage.setItem(FLOW_LOG_KEY, JSON.stringify(log));
    win.dispatchEvent(new CustomEvent(FLOW_LOG_EVENT, { detail: entry }));
  };
}
