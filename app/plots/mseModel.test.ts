import { describe, expect, it } from 'vitest';
import type { SweepRow } from '../../src/experiments';
import { epsWhereErrorMoves, lowest, mseModel, paddedExtent, releaseSummary } from './mseModel';
import type { ReleaseCell } from '../../src/experiments';

const row = (n: number, split: 'unequal' | 'equal', epsP: number, epsV: number, ln: number): SweepRow => ({
  n,
  noise: 0.001,
  split,
  epsP,
  epsV,
  eps: epsP + epsV,
  lnMeanMse: ln,
  lnMedianMse: ln,
  lnNonPrivateMse: -6,
  excess: ln + 6,
  pairs: 100,
  acceptanceP: 0.3,
  acceptanceV: 0.3,
  escapedShootingChains: 0,
  stuckChains: 0,
  isPrivate: false,
});

describe('mseModel', () => {
  it('groups rows per n, sorts by x, keeps styles stable and skips non-finite values', () => {
    const rows = [
      row(50, 'unequal', 0.5, 0.5, -5),
      row(20, 'unequal', 0.9, 0.1, -4),
      row(20, 'unequal', 0.1, 0.9, -4.5),
      row(20, 'unequal', 0.5, 0.5, NaN),
      row(20, 'equal', 0.5, 0.5, -3),
    ];
    const m = mseModel(rows, 'unequal', [20, 50, 100]);
    expect(m.count).toBe(4);
    expect(m.skipped).toBe(1);
    expect(m.series.map((s) => [s.n, s.style, s.label])).toEqual([
      [20, 0, 'n = 20'],
      [50, 1, 'n = 50'],
    ]);
    expect(m.series[0].points.map((p) => p.x)).toEqual([0.1, 0.9]);
    expect(m.series[0].lnNonPrivate).toBe(-6);
    expect(lowest(m.series[0])!.y).toBe(-4.5);
    const eq = mseModel(rows, 'equal', [20, 50, 100]);
    expect(eq.series[0].points[0].x).toBe(1);
  });

  it('pads extents and ignores non-finite values', () => {
    expect(paddedExtent([1, NaN, 3, null, Infinity])).toEqual([0.84, 3.16]);
    expect(paddedExtent([2])).toEqual([1.5, 2.5]);
    expect(paddedExtent([NaN])).toBeNull();
  });
});

describe('releaseSummary', () => {
  it('takes ln of the mean MSE over all finite pairs', () => {
    const chain = (a: number) => ({
      acceptanceRate: a,
      burnInAcceptanceRate: a,
      step: 1,
      effectiveSampleSize: 10,
      trace: new Float64Array(0),
    });
    const cell = (mse: number[][], esc = 0) =>
      ({
        mse,
        footpointChains: [chain(0.2)],
        shootingChains: [chain(0.4), chain(0.6)],
        escapedShootingChains: esc,
        isPrivate: false,
        lnNonPrivateMse: -7,
      }) as unknown as ReleaseCell;
    const s = releaseSummary([cell([[1, 3]]), cell([[2, Infinity]], 1)]);
    expect(s.pairs).toBe(3);
    expect(s.nonFinite).toBe(1);
    expect(s.lnMeanMse).toBeCloseTo(Math.log(2));
    expect(s.acceptanceP).toBeCloseTo(0.2);
    expect(s.acceptanceV).toBeCloseTo(0.5);
    expect(s.escaped).toBe(1);
    expect(s.lnNonPrivateMse).toBe(-7);
    expect(releaseSummary([]).lnMeanMse).toBeNull();
  });
});

describe('mseModel with several noise levels (Fig. 6)', () => {
  it('draws one curve per δ at one n, labelled and styled by δ', () => {
    const at = (noise: number, eps: number, ln: number) => ({
      ...row(50, 'equal', eps / 2, eps / 2, ln),
      noise,
    });
    const m = mseModel(
      [at(0.1, 1, -2), at(0.001, 1, -5), at(0.01, 1, -4), at(0.001, 2, -5.5)],
      'equal',
      [50],
    );
    expect(m.series.map((s) => [s.key, s.label, s.style, s.points.length])).toEqual([
      ['50|0.001', 'δ = 0.001', 0, 2],
      ['50|0.01', 'δ = 0.01', 1, 1],
      ['50|0.1', 'δ = 0.1', 2, 1],
    ]);
  });
});

describe('epsWhereErrorMoves', () => {
  const eps = [0.01, 0.1, 1, 10, 100, 1000];
  const curve = (n: number, ys: number[]) => ys.map((y, i) => row(n, 'equal', eps[i] / 2, eps[i] / 2, y));
  it('finds where the error starts to fall and from where every curve stays at its non-private line', () => {
    // non-private −6: n = 20 is flat to ε = 1, falls at 10, near the line from 1000; n = 100 falls at 1
    const rows = [...curve(20, [1, 1.1, 0.9, -2, -5, -5.8]), ...curve(100, [1, 1, -3, -5.6, -5.9, -6])];
    const m = mseModel(rows, 'equal', [20, 100]);
    expect(epsWhereErrorMoves(m)).toEqual({ falls: 1, reaches: 100 * 10, range: [0.01, 1000] });
  });
  it('says null when the curves never fall or never reach the non-private line', () => {
    const flat = mseModel(curve(20, [1, 1.2, 0.9, 1.1, 1, 0.95]), 'equal', [20]);
    expect(epsWhereErrorMoves(flat)).toEqual({ falls: null, reaches: null, range: [0.01, 1000] });
    // near the line from the left end: falls null, reaches the first ε
    const easy = mseModel(curve(20, [-5.7, -5.8, -5.9, -6, -6, -6]), 'equal', [20]);
    expect(epsWhereErrorMoves(easy)).toEqual({ falls: null, reaches: 0.01, range: [0.01, 1000] });
  });
});
