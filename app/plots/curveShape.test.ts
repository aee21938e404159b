import { describe, expect, it } from 'vitest';
import type { SweepRow } from '../../src/experiments';
import { mseModel } from './mseModel';
import { VERDICT_GROUPS, panelShape, refiningOf, splitVerdict, timesInWords } from './curveShape';

const row = (n: number, epsP: number, ln: number): SweepRow =>
  ({
    n,
    noise: 0.001,
    split: 'unequal',
    epsP,
    epsV: 1 - epsP,
    eps: 1,
    lnMeanMse: ln,
    lnMedianMse: ln,
    lnNonPrivateMse: -6,
  }) as SweepRow;

/** One curve per list of ln MSEs, at ε_p = 0.1, 0.2, … (n = 20, 50, 100). */
const curves = (ys: number[][]) =>
  mseModel(
    ys.flatMap((y, k) => y.map((v, i) => row([20, 50, 100][k], 0.1 + 0.1 * i, v))),
    'unequal',
    [20, 50, 100],
  );

describe('panelShape (captions that describe the curves shown)', () => {
  const series = curves;
  it('a U is "moves", flat curves (a truly private release at small ε) are "flat", partial ones "pending"', () => {
    expect(panelShape(series([[-2, -4, -5, -4, -2]]), 5)).toBe('moves');
    expect(
      panelShape(
        series([
          [0.5, 0.45, 0.52, 0.48, 0.5],
          [0.4, 0.42, 0.39, 0.41, 0.4],
        ]),
        5,
      ),
    ).toBe('flat');
    // one curve moving is enough
    expect(
      panelShape(
        series([
          [0.5, 0.45, 0.52, 0.48, 0.5],
          [-1, -3, -4, -3, -1],
        ]),
        5,
      ),
    ).toBe('moves');
    expect(panelShape(series([[-2, -4, -5]]), 5)).toBe('pending');
    // noisy but flat (seeded lab numbers: public τ = π, strict σ, ε = 0.2, 3 × 3 pairs): its jumps are noise
    const noisy = [
      [1.21, 1.14, 0.67, 1.17, 0.68, 1.05, 0.86, 1.24, 1.02, 1.12],
      [0.94, 1.05, 0.86, 1.15, 0.9, 0.29, 1.35, 0.94, 1.54, 0.63],
    ];
    expect(panelShape(series(noisy), 10)).toBe('flat');
    // a smooth swell of 1 in ln MSE at 6–7 above the non-private −6 (public τ = π, strict σ, ε = 1): flat
    const swamped = [[1.25, 1.15, 0.9, 0.75, 0.6, 0.65, 0.45, 0.3, 0.95, 0.85]];
    expect(panelShape(series(swamped), 10)).toBe('flat');
    // the same swell near the non-private line is a shape
    expect(panelShape(series(swamped.map((c) => c.map((y) => y - 5.5))), 10)).toBe('moves');
    // the paper's U with a little noise still moves
    expect(panelShape(series([[-1.2, -3.5, -4.6, -5.1, -5.3, -5.2, -4.9, -4.3, -3.1, -0.6]]), 10)).toBe(
      'moves',
    );
  });
});

describe('splitVerdict: the split plot’s caption decided from its plotted numbers', () => {
  it('says nothing about the shape until every curve is complete, and counts the points', () => {
    const v = splitVerdict(curves([[-2, -4, -5], [-1]]), 5);
    expect(v.shape).toBe('pending');
    expect([v.done, v.total]).toEqual([4, 10]);
    // a curve that has not arrived yet counts too
    const first = splitVerdict(curves([[-2, -4, -5, -4, -2]]), 5, 3);
    expect([first.shape, first.done, first.total]).toEqual(['pending', 5, 15]);
    expect(v.curves.every((c) => c.shape === 'flat')).toBe(true);
  });

  it('tells a U from a curve lowest at one end, within the curve’s noise', () => {
    expect(splitVerdict(curves([[-2, -4, -5, -4, -2]]), 5).shape).toBe('u');
    // falling all the way: lowest at the right end (an end within noise of the minimum counts as lowest)
    expect(splitVerdict(curves([[-1, -2, -3, -4, -4.8, -5]]), 6).shape).toBe('right');
    expect(splitVerdict(curves([[-5, -4.9, -4, -3, -2, -1]]), 6).shape).toBe('left');
    // two curves that disagree
    const mixed = splitVerdict(
      curves([
        [-2, -4, -5, -4, -2],
        [-5, -4, -3, -2, -1],
      ]),
      5,
    );
    expect(mixed.shape).toBe('mixed');
    expect(mixed.curves.map((c) => c.shape)).toEqual(['u', 'left']);
  });

  it('a flat curve beside a moving one keeps its own verdict; the panel follows the moving one', () => {
    const v = splitVerdict(
      curves([
        [0.5, 0.45, 0.52, 0.48, 0.5],
        [-1, -3, -4, -3, -1],
      ]),
      5,
    );
    expect(v.shape).toBe('u');
    expect(v.curves.map((c) => c.shape)).toEqual(['flat', 'u']);
  });

  it('shapes: seeded lab numbers (000’s setting on shapes at ε = 1) are swamped, ≈ 120× the non-private error', () => {
    // the lab's split sweep on Kendall shapes, default settings (n = 20, 50, 100; non-private ≈ −5.8)
    const shapes = mseModel(
      [
        [20, [0.62, 0.83, 0.5, 0.44, 0.44, 0.4, 0.31, 0.22, 0.07, 0.04], -5.94],
        [50, [0.38, 0.13, -0.16, -0.29, -0.22, -0.1, -0.02, 0.01, -0.03, -0.1], -5.78],
        [100, [0.58, -0.11, -0.72, -1, -0.81, -0.52, -0.3, -0.25, -0.22, -0.25], -5.79],
      ].flatMap(([n, ys, np]) =>
        (ys as number[]).map((y, i) => ({
          ...row(n as number, 0.01 + 0.109 * i, y),
          lnNonPrivateMse: np as number,
        })),
      ),
      'unequal',
      [20, 50, 100],
    );
    const v = splitVerdict(shapes, 10);
    expect(v.swamped).toBe(true);
    const n100 = v.curves.find((c) => c.label === 'n = 100')!;
    expect(n100.timesNonPrivate).toBeGreaterThan(100);
    expect(timesInWords(n100.timesNonPrivate!)).toBe('about 120×');
    // n = 20 and 50 are flat at this distance from the non-private line
    expect(v.curves.map((c) => c.shape)).toEqual(['flat', 'flat', 'u']);
  });

  it('uses the sweep’s standard errors: a U with a flat bottom is a U, noise within its errors is flat', () => {
    // each point with its standard error of ln mean MSE, as the sweep's rows carry them
    const withErrors = (ys: number[], se: number[]) =>
      mseModel(
        ys.map((y, i) => ({ ...row(100, 0.05 + 0.1 * i, y), lnMeanMseSe: se[i] })),
        'unequal',
        [100],
      );
    // six points at the non-private floor (−6) within their errors, both ends 2 above it (8 errors): its
    // wiggle, kinks and all, is as large as the ends' rise, so the wiggle alone would read it as noise
    const flatBottom = [-4.0, -5.2, -5.75, -6.25, -5.7, -6.3, -5.8, -6.2, -5.1, -4.1];
    expect(splitVerdict(withErrors(flatBottom, Array(10).fill(0.25)), 10).shape).toBe('u');
    // pure noise around a constant, each jump within about two of its honest errors: flat
    const noise = [-3.1, -3.5, -2.8, -3.3, -2.9, -3.6, -3.0, -3.2, -2.7, -3.4];
    expect(splitVerdict(withErrors(noise, Array<number>(10).fill(0.25)), 10).shape).toBe('flat');
    // the same numbers with tiny errors are a shape: the errors decide, not the wiggle
    expect(splitVerdict(withErrors(noise, Array(10).fill(0.02)), 10).shape).not.toBe('flat');
    // one point whose error came out too small does not make a flat curve move (errors floored at the median)
    const lucky = Array.from({ length: 10 }, (_, i) => (i === 5 ? 0.01 : 0.25));
    expect(splitVerdict(withErrors(noise, lucky), 10).shape).toBe('flat');
    // falling all the way, levelling off at the right: lowest at the right end
    const falling = [-1, -2.4, -3.5, -4.3, -4.9, -5.3, -5.6, -5.7, -5.8, -5.75];
    expect(splitVerdict(withErrors(falling, Array(10).fill(0.2)), 10).shape).toBe('right');
    expect(splitVerdict(withErrors([...falling].reverse(), Array(10).fill(0.2)), 10).shape).toBe('left');
    // rows without errors (one chain: the consecutive scheme) fall back to the curve's wiggle
    expect(splitVerdict(withErrors(noise, Array(10).fill(NaN)), 10).shape).toBe('flat');
  });

  it('while the sweep refines, says the shape only once every point rests on enough chain groups', () => {
    // the paper's U, every point drawn, each from `groups` of 10 groups of 10 pairs, with honest small errors
    const u = [-1.2, -3.5, -4.6, -5.1, -5.3, -5.2, -4.9, -4.3, -3.1, -0.6];
    const refining = (groups: number, se: number) =>
      mseModel(
        u.map((y, i) => ({
          ...row(100, 0.05 + 0.1 * i, y),
          lnMeanMseSe: se,
          pairs: 10 * groups,
          groups,
          groupsTotal: 10,
        })),
        'unequal',
        [100],
      );
    // one group: no errors yet (the curve's wiggle would call it a U: not said from a coarse pass)
    const first = splitVerdict(refining(1, NaN), 10);
    expect(first.shape).toBe('pending');
    expect([first.done, first.total]).toEqual([10, 10]);
    expect(first.refining).toEqual({ groups: 1, groupsTotal: 10, pairs: 10, pairsTotal: 100 });
    expect(panelShape(refining(1, NaN), 10)).toBe('pending');
    // too few groups for the errors to be trusted, however small they came out
    expect(splitVerdict(refining(VERDICT_GROUPS - 1, 0.05), 10).shape).toBe('pending');
    // enough: the shape, said as how far the refinement has got
    const soFar = splitVerdict(refining(VERDICT_GROUPS, 0.05), 10);
    expect(soFar.shape).toBe('u');
    expect(soFar.refining).toMatchObject({ groups: VERDICT_GROUPS, pairs: 10 * VERDICT_GROUPS });
    expect(panelShape(refining(VERDICT_GROUPS, 0.05), 10)).toBe('moves');
    // complete: no refinement left to report
    const done = splitVerdict(refining(10, 0.05), 10);
    expect(done.shape).toBe('u');
    expect(done.refining).toBeUndefined();
    expect(refiningOf(refining(10, 0.05))).toBeNull();
    // a sweep of fewer groups than VERDICT_GROUPS is decided when it is complete
    const small = mseModel(
      u.map((y, i) => ({
        ...row(100, 0.05 + 0.1 * i, y),
        lnMeanMseSe: 0.05,
        pairs: 9,
        groups: 3,
        groupsTotal: 3,
      })),
      'unequal',
      [100],
    );
    expect(splitVerdict(small, 10).shape).toBe('u');
  });

  it('puts ratios of errors in words', () => {
    expect(timesInWords(133.4)).toBe('about 130×');
    expect(timesInWords(1.52)).toBe('about 1.5×');
    expect(timesInWords(1.02)).toBe('about the same as');
    expect(timesInWords(2150)).toBe('about 2,200×');
  });
});
