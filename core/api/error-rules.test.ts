import { describe, expect, it, vi } from 'vitest';
import type { Scene } from '../session/store';
import { applyOutcome, decideOutcome, errorRules, isOutcomeHandled, passThroughCodes, silentResetCodes, type ErrorEffects } from './error-rules';

/** Effects whose calls land, in order, in one log. */
function recordEffects() {
  const calls: unknown[][] = [];
  const effects = {
    navigate: vi.fn((to: string) => void calls.push(['navigate', to])),
    toast: vi.fn((level: string, code: unknown) => void calls.push(['toast', level, code])),
    resetSession: vi.fn((reset: unknown) => void calls.push(['resetSession', reset])),
  } satisfies ErrorEffects;
  return { effects, calls };
}

function handle(errCode: number, scene: Scene = 'WEB') {
  const { effects, calls } = recordEffects();
  const outcome = decideOutcome({ errCode, scene });
  applyOutcome(outcome, effects, errCode);
  return { outcome, calls, effects };
}

const scenes: Scene[] = ['WEB', 'STB', 'APP'];

describe('decideOutcome (spec section 8, handling rules)', () => {
  it('is ok when there is no errCode, and does nothing', () => {
    const { effects, calls } = recordEffects();
    const outcome = decideOutcome({ errCode: undefined, scene: 'WEB' });
    expect(outcome).toEqual({ kind: 'ok' });
    applyOutcome(outcome, effects, 0);
    expect(calls).toEqual([]);
  });

  it('keeps the rules in the order the spec lists them', () => {
    expect(errorRules.map((r) => r.spec.split(':')[0])).toEqual([
      '201 or 203 in the STB scene',
      '-24010, -24020 or 21',
      '-1112',
      '6001',
      '6000',
      '-24030',
      'Codes outside the pass-through list',
      'Pass-through list (passed to the caller).',
    ]);
  });

  describe('201 or 203 in the STB scene: notice page with type stbLoginErr and the code', () => {
    it.each([201, 203])('%i in STB goes to /notice?type=stbLoginErr&code=%i', (code) => {
      const { outcome, calls } = handle(code, 'STB');
      expect(outcome).toEqual({ kind: 'notice', type: 'stbLoginErr', code });
      expect(calls).toEqual([['navigate', `/notice?type=stbLoginErr&code=${code}`]]);
      expect(isOutcomeHandled(outcome)).toBe(true);
    });

    it.each([
      [201, 'WEB'],
      [203, 'WEB'],
      [201, 'APP'],
      [203, 'APP'],
    ] as const)('%i in %s is an ordinary error toast', (code, scene) => {
      const { outcome, calls } = handle(code, scene);
      expect(outcome).toEqual({ kind: 'toast' });
      expect(calls).toEqual([['toast', 'error', code]]);
    });
  });

  describe('-24010, -24020 or 21: reset the session and reject silently', () => {
    it('lists exactly these codes', () => {
      expect([...silentResetCodes].sort((a, b) => a - b)).toEqual([-24020, -24010, 21]);
    });

    for (const code of [-24010, -24020, 21]) {
      it.each(scenes)(`${code} in %s resets without a toast or navigation`, (scene) => {
        const { outcome, calls, effects } = handle(code, scene);
        expect(outcome).toEqual({ kind: 'silentReset' });
        expect(calls).toEqual([['resetSession', { kind: 'silentReset', errCode: code }]]);
        expect(effects.toast).not.toHaveBeenCalled();
        expect(effects.navigate).not.toHaveBeenCalled();
        expect(isOutcomeHandled(outcome)).toBe(true);
      });
    }
  });

  // What a reset does (message, clearing, /login) is the session machine's: machines/session.
  it('-1112: hands a reset with a message to the session machine', () => {
    const { outcome, calls } = handle(-1112);
    expect(outcome).toEqual({ kind: 'messageAndReset' });
    expect(calls).toEqual([['resetSession', { kind: 'messageAndReset', errCode: -1112 }]]);
    expect(isOutcomeHandled(outcome)).toBe(true);
  });

  it('6001: goes to /404 and nothing else', () => {
    const { outcome, calls } = handle(6001);
    expect(outcome).toEqual({ kind: 'notFound' });
    expect(calls).toEqual([['navigate', '/404']]);
  });

  it('6000: goes to the pricing table with errCode 6000 and type cannotBuyPlan', () => {
    const { outcome, calls } = handle(6000);
    expect(outcome).toEqual({ kind: 'cannotBuyPlan' });
    expect(calls).toEqual([['navigate', '/pricing-table?errCode=6000&type=cannotBuyPlan']]);
  });

  it('-24030: hands a warned reset with the way to /login to the session machine', () => {
    const { outcome, calls } = handle(-24030);
    expect(outcome).toEqual({ kind: 'warnResetLogin' });
    expect(calls).toEqual([['resetSession', { kind: 'warnResetLogin', errCode: -24030 }]]);
  });

  describe('pass-through list: handed to the caller untouched', () => {
    const spec = [0, 301, 302, 306, 309, 312, 314, 315, 2003, 2002, 3001, 5000, 5003, 5008, 5015, 2007];

    it('lists exactly the spec codes', () => {
      expect([...passThroughCodes].sort((a, b) => a - b)).toEqual([...spec].sort((a, b) => a - b));
    });

    for (const code of spec) {
      it.each(scenes)(`${code} in %s passes through without effects`, (scene) => {
        const { outcome, calls } = handle(code, scene);
        expect(outcome).toEqual({ kind: 'passThrough' });
        expect(calls).toEqual([]);
        expect(isOutcomeHandled(outcome)).toBe(false);
      });
    }
  });

  describe('every other code: an error toast with the code', () => {
    // A sample across the catalogue, including codes near the special ones.
    const sample = [1, 2, 3, 7, 17, 197, 202, 204, 1001, 1021, 4596, 6002, 6207, 7004, 9003, -2499, -2500, -3031, -24040, -24050, 123456];
    for (const code of sample) {
      it(`${code} toasts an error`, () => {
        const { outcome, calls } = handle(code);
        expect(outcome).toEqual({ kind: 'toast' });
        expect(calls).toEqual([['toast', 'error', code]]);
        expect(isOutcomeHandled(outcome)).toBe(true);
      });
    }

    it('the STB scene does not change a toast code', () => {
      expect(handle(3, 'STB').calls).toEqual([['toast', 'error', 3]]);
    });
  });
});
