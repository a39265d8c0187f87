// A refusal code dropped from both a call's list and the flow's branch leaves no target behind, so
// the walk still reads 100 %: the run's targets are set against the committed coverage, and every
// one added or removed is listed in the console and the tester's report (docs/decisions/070).
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../scripts/flows-report';
import { emptyTargets, type CoveragePart } from '../model/coverage';
import { targetChangeLines, targetChanges, type CoverageReport } from '../model/coverage-report';

const REFUSED_1020 = 'repay.paying xstate.done.actor.submit#1 @1020';
const REFUSED_301 = 'repay.paying xstate.done.actor.submit#1 @301';
const NEW_STATE = 'repay.confirming';

const baseline: CoverageReport = {
  commit: 'abc',
  machines: {
    repay: {
      hash: 'h',
      totals: { states: 1, transitions: 0, refusals: 2, anyState: 0 },
      server: { covered: { ...emptyTargets(), states: ['repay'], refusals: [REFUSED_1020, REFUSED_301] }, missing: emptyTargets(), knownGaps: [] },
      paths: [],
    },
  },
};
/** This run: 1020 is gone from the actor's list and from the branch, a state came; every target it has is covered. */
const part = (walk: CoveragePart['walk']): CoveragePart => {
  const targets = { ...emptyTargets(), states: ['repay', NEW_STATE], refusals: [REFUSED_301] };
  return { flow: 'repay', walk, machineHash: 'h2', complete: true, targets, covered: targets, knownGaps: [], paths: [], gate: [] };
};

describe('targets against the committed coverage', () => {
  it('lists a refusal code that vanished from the targets, and a target that came, though the run covers all it has', () => {
    const changes = targetChanges(baseline, [part('server'), part('screens'), part('browser')]);
    // The screens walk and the browser walk have no baseline here: nothing to set them against.
    expect(changes).toEqual([{ flow: 'repay', walk: 'server', added: [NEW_STATE], removed: [REFUSED_1020] }]);
    expect(targetChangeLines(changes)).toEqual([`repay (server) removed: ${REFUSED_1020}`, `repay (server) added: ${NEW_STATE}`]);
    const page = renderReport({ parts: [part('server')], svgs: {}, changes });
    expect(page).toContain('Targets added or removed since the committed coverage');
    expect(page).toContain(`<span class="bad">removed</span> repay (server): <code>${REFUSED_1020}</code>`);
  });

  it('says so when nothing changed, and has no baseline for a new flow', () => {
    expect(targetChanges(baseline, [{ ...part('server'), targets: { ...emptyTargets(), states: ['repay'], refusals: [REFUSED_1020, REFUSED_301] } }])).toEqual(
      [],
    );
    expect(targetChanges(undefined, [part('server')])).toEqual([]);
    expect(renderReport({ parts: [part('server')], svgs: {}, changes: [] })).toContain('none added, none removed');
  });
});
