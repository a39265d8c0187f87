// How long a test waits for something it cannot time (a state, an answer, a render) before it
// fails: a ceiling, not a delay, so a busy machine (two cores, several suites) slows a test down
// instead of failing it. Testing Library's waits (`findBy…`, `waitFor`) get it in every suite that
// runs in jsdom; the model walks' `pollUntil` (tests/model/gate.ts) uses it too.
export const WAIT_CEILING_MS = 30_000;

if (typeof document !== 'undefined') {
  // The same module the suites import, so the same configuration.
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: WAIT_CEILING_MS });
}
