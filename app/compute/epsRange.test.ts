import { describe, expect, it } from 'vitest';
import { budgetPairs } from '../../src/experiments';
import { DEFAULT_SETTINGS as DEFAULTS } from '../state/settings';

/** Paper 000's KNG (the presets' mechanism), whose noise scale these ranges follow. */
const DEFAULT_SETTINGS = { ...DEFAULTS, mechanism: 'kng' as const };
import { equalEpsRange, grid125, niceCeil, niceFloor, scaledEpsRange } from './epsRange';

describe('equalEpsRange', () => {
  it('keeps the paper’s settings on 0.01 … 10 and moves right with a public τ and the strict rule', () => {
    expect(equalEpsRange({ ...DEFAULT_SETTINGS, tauMode: 'data' })).toEqual([0.01, 10]);
    expect(equalEpsRange({ ...DEFAULT_SETTINGS, tauMode: 'data', sigmaRule: 'strict' })).toEqual([0.01, 20]);
    // curves that move far to the right: sphere, public τ = π, strict σ rule — up to ε ≈ 300 (measured)
    expect(
      equalEpsRange({ ...DEFAULT_SETTINGS, tauMode: 'public', tau: Math.PI, sigmaRule: 'strict' }),
    ).toEqual([0.01, 1000]);
    expect(equalEpsRange({ ...DEFAULT_SETTINGS, tauMode: 'public', tau: Math.PI / 2 })).toEqual([
      0.01,
      20 * 10,
    ]);
  });
  it('the joint release (σ = 2·2c/n/ε, c = 0.1) moves like the strict rule at the typical data τ', () => {
    expect(equalEpsRange({ ...DEFAULTS, mechanism: 'kng-joint', tauMode: 'public', tau: Math.PI })).toEqual([
      0.01, 20,
    ]);
    expect(equalEpsRange({ ...DEFAULTS, workspace: 'spd', mechanism: 'kng-joint', tauMode: 'data' })).toEqual(
      [0.01, 20],
    );
    // on R^d the lab runs the paper's KNG, whatever the setting
    expect(
      equalEpsRange({ ...DEFAULTS, workspace: 'euclidean', mechanism: 'kng-joint', tauMode: 'data' }),
    ).toEqual([0.01, 10]);
  });
  it('always includes the current total ε', () => {
    expect(equalEpsRange({ ...DEFAULT_SETTINGS, tauMode: 'data', eps: 50 })).toEqual([0.01, 50]);
    expect(equalEpsRange({ ...DEFAULT_SETTINGS, tauMode: 'data', eps: 0.005 })).toEqual([0.005, 10]);
  });
  it('rounds up on the 1-2-5 sequence', () => {
    expect([0.7, 1, 1.5, 3, 7, 10.5, 628].map(niceCeil)).toEqual([1, 1, 2, 5, 10, 20, 1000]);
  });
  it('log-spaces the total-ε panel over the range', () => {
    const eps = budgetPairs('equal', { points: 6, equalRange: [0.01, 1000], equalScale: 'log' }).map(
      (b) => b.epsP + b.epsV,
    );
    eps.forEach((e, i) => expect(e).toBeCloseTo([0.01, 0.1, 1, 10, 100, 1000][i], 9));
  });
});

describe('scaledEpsRange (shared by the regression total-ε axis and the Fréchet error-vs-ε plot)', () => {
  it('moves both ends with the noise factor, or only the upper one for the regression', () => {
    expect(scaledEpsRange(1, 1)).toEqual([0.01, 10]);
    expect(scaledEpsRange(2.5, 1)).toEqual([0.02, 50]);
    expect(scaledEpsRange(0.1, 0.5)).toEqual([0.001, 1]);
    expect(scaledEpsRange(2.5, 1, true)).toEqual([0.01, 50]);
    expect(scaledEpsRange(NaN, 1)).toEqual([0.01, 10]);
  });
  it('rounds down on the 1-2-5 sequence and lists the 1-2-5 grid with both ends', () => {
    expect([0.7, 1, 1.5, 3, 7, 0.025].map(niceFloor)).toEqual([0.5, 1, 1, 2, 5, 0.02]);
    expect(grid125(0.02, 1)).toEqual([0.02, 0.05, 0.1, 0.2, 0.5, 1]);
    expect(grid125(0.003, 0.03)).toEqual([0.003, 0.005, 0.01, 0.02, 0.03]);
  });
});
