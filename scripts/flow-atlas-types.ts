/**
 * The shape of the static atlas's data (scripts/flow-atlas-data.ts builds it, scripts/flow-atlas-html.ts
 * draws it): plain JSON, so the page carries it as is.
 */
import type { AnyStateMachine } from 'xstate';
import type { TargetKind, TargetLists } from '../tests/model/coverage';
import type { CoverageReport } from '../tests/model/coverage-report';
import type { BrowserReport } from '../tests/model/browser-report';
import type { GraphModel } from '../tests/model/harness';
import type { AtlasCriterion } from './flow-atlas-criteria';
import type { FlowRule } from './flow-rules';

/** The walks the atlas shows: (a) against the server, (b) through the screens, (c) in a real browser. */
export const ATLAS_WALKS = ['server', 'screens', 'browser'] as const;
export type AtlasWalk = (typeof ATLAS_WALKS)[number];
export const WALK_NAMES: Record<AtlasWalk, string> = { server: 'server', screens: 'screens', browser: 'browser' };

/** One walk's verdict on a target: covered, not covered (with the known gap's reason, if any), or the walk has no result. */
/** A walk's verdict on a target; `n/a` where the walk measures no target of that kind (the browser walk's transitions). */
export type Verdict = { walk: AtlasWalk; state: 'covered' | 'uncovered' | 'not run' | 'n/a'; gap?: string };

/** A path's last result in one walk. */
export interface PathResult {
  walk: AtlasWalk;
  status: 'passed' | 'failed';
  durationMs: number;
}

/** A path of the flow: a scenario of the graph, or a path a walk recorded that the graph no longer has. */
export interface AtlasPath {
  /** `P<n>` on the page. */
  n: number;
  /** The title the walks give it (tests/model/harness.ts `pathTitles`). */
  title: string;
  /** In business words: how it ends. */
  name: string;
  start: string;
  results: PathResult[];
  /** Its index in the flow's scenarios, when the page can walk it. */
  scenario?: number;
}

/** A walk's targets covered by one path, and that path's result. */
export interface PathTargets {
  walk: AtlasWalk;
  n: number;
  status: 'passed' | 'failed';
  durationMs: number;
  covered: TargetLists;
}

export interface Shot {
  /** The image at each width, relative to the atlas's folder; absent when the report or the file has none. */
  files: Partial<Record<'1280' | '375', string>>;
  /** The files the report names that are not on disk. */
  missing: string[];
  /** The path that took them. */
  path: string;
}

export interface AtlasState {
  id: string;
  /** `paying › card`; the root reads as the whole flow. */
  label: string;
  description: string;
  final: boolean;
  verdicts: Verdict[];
  shot?: Shot;
  /** The flow this state hands over to (checkout's paying is the payment flow), whose scenarios go on from here. */
  child?: string;
}

export interface AtlasRefusal {
  code: number;
  /** What the customer reads, in English: the branch's own message (`saying`) or the catalogue's. */
  message?: string;
  /** The same in each of the portal's languages, Portuguese first (the refusals table). */
  messages: Array<{ language: string; text: string }>;
  verdicts: Verdict[];
}

export interface CoveringPath {
  n: number;
  walk: AtlasWalk;
  status: 'passed' | 'failed';
  durationMs: number;
}

export interface AtlasTransition {
  id: string;
  source: string;
  sourceLabel: string;
  targetLabels: string[];
  /** What happens, in the owner's words (`The customer types the code`); the chart's arrow reads the same. */
  event: string;
  /** The event alone, without the rule (`guard` says that): `The price is in`, `Refused`. */
  what: string;
  eventType: string;
  /** The identifiers, for the small grey type: `CODE_SUBMITTED`, `answer of valuate [isCodeBound]`. */
  ids: string;
  description: string;
  guard?: string;
  refusals: AtlasRefusal[];
  /** Reasons the call's answer carries in its data (`answeredWith`), taken by this branch, with what the customer reads. */
  answers: Array<Omit<AtlasRefusal, 'verdicts'>>;
  /** For a parent state's transition: each state it can be taken from. */
  from: Array<{ state: string; verdicts: Verdict[] }>;
  verdicts: Verdict[];
  /** The paths that took it, by walk; `planned` when the coverage files do not say which path took what. */
  coveredBy: CoveringPath[];
  coveredBySource: 'recorded' | 'planned';
}

/** One branch an event (or an eventless step) could take, with its guard evaluated on that step. */
export interface GuardCheck {
  transition: string;
  /** Where the branch is declared (`paying`, or a parent state's key). */
  from: string;
  to: string;
  guard?: string;
  /** Whether the guard holds on the step's context and event; true without a guard; null when it could not be evaluated. */
  holds: boolean | null;
  taken: boolean;
  /** Checked after the branch taken: the machine does not look at it. */
  skipped: boolean;
  description: string;
  codes: number[];
}

export interface AtlasStep {
  /** The event as the path's title reads it (`done:unbind(refused 1003)`); the start's name for the first step. */
  event: string;
  /** What happened, in the owner's words (`The code is freed`, `Refused 1003`). */
  eventLabel: string;
  /** What happened, in the words of the transition taken. */
  label: string;
  refusal?: { code: number; message?: string };
  /** The rule the branch taken checked, in the owner's words (`it is paid by PIX`). */
  rule?: string;
  /** The state nodes the flow is in after the step (root first). */
  states: string[];
  /** The innermost state(s), readable. */
  stateLabel: string;
  stateDescription: string;
  final: boolean;
  /** Index into the flow's `contexts`. */
  context: number;
  /** The branches of the event, in the order the machine checks them. */
  checks: GuardCheck[];
  /** Eventless branches checked right after (a state left at once). */
  then: GuardCheck[][];
  /** The transitions taken (ids), for the chart. */
  taken: string[];
}

export interface AtlasScenario {
  n: number;
  /** How it ends, in the owner's words (`Ends in “Paid”`): the scenarios are grouped by it. */
  name: string;
  /** The way it takes: the customer's events and the answers out of the ordinary (`The customer pays → Refused 301 “Card declined”`). */
  route: string;
  title: string;
  start: string;
  steps: AtlasStep[];
}

export interface WalkFigures {
  walk: AtlasWalk;
  /** `covered/total` per kind, or null when the walk has no result for this flow. */
  kinds: Record<TargetKind, string> | null;
  passed: number;
  failed: number;
}

export interface AtlasFlow {
  id: string;
  description: string;
  figures: WalkFigures[];
  states: AtlasState[];
  transitions: AtlasTransition[];
  paths: AtlasPath[];
  scenarios: AtlasScenario[];
  /** The contexts the steps reached, as JSON texts (steps share them by index; fresh random ids masked). */
  contexts: string[];
  /** Plain notes for the reader, by where they belong: the flow (an older report), its scenarios (none), its transitions (planned paths). */
  notes: Array<{ on: 'flow' | 'scenarios' | 'transitions'; text: string }>;
  /** The English drawing (docs/flows/<id>.svg), coloured by coverage.json. */
  svg: string;
  /** Its rules and limits, each read from the constant the server enforces (scripts/flow-rules.ts). */
  rules: readonly FlowRule[];
  /** Every refusal code its calls route, where, and what the customer reads in each language (Portuguese first). */
  refusalCodes: Array<{ code: number; where: string[]; messages: Array<{ language: string; text: string }> }>;
  /** Its acceptance criteria with the paths that checked them (scripts/flow-atlas-criteria.ts, docs/decisions/074). */
  criteria?: AtlasCriterion[];
}

export interface AtlasData {
  coverage: {
    present: boolean;
    commit: string | null;
    /** The tree had uncommitted changes when the run started; null when not recorded. */
    dirty: boolean | null;
    runId: string | null;
    date: string | null;
    dateSource: 'run' | 'file' | null;
    perPath: boolean;
  };
  browser: { present: boolean; commit: string | null; dirty: boolean | null; runId: string | null; finishedAt: string | null; complete: boolean };
  flows: AtlasFlow[];
}

/** A graph model of the walks, or why there is none. */
export type GraphLookup = { model: GraphModel<AnyStateMachine> } | { note: string };

export interface AtlasInput {
  machines: readonly AnyStateMachine[];
  report: CoverageReport | undefined;
  browser: BrowserReport | undefined;
  /** The English drawings by machine id (what drawFlows just wrote). */
  svgs: Readonly<Record<string, string>>;
  /** The atlas's folder: screenshots are relative to it and must exist in it. */
  dir: string;
  /** When coverage.json was written, when the report itself does not say. */
  coverageFileDate?: string | null;
  /** The walks' graph of a machine (default: tests/model/<folder>.model.ts, `graphModelOf`). */
  graph?: (machine: AnyStateMachine) => Promise<GraphLookup>;
}
