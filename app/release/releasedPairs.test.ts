import { describe, expect, it } from 'vitest';
import type { ReleaseCell } from '../../src/experiments';
import type { JobView } from '../store';
import {
  lnMeanMse,
  nonPrivateFit,
  releasedFootpoints,
  releasedPairs,
  releaseStatusLine,
} from './releasedPairs';

const chain = {
  acceptanceRate: 0.3,
  burnInAcceptanceRate: 0.3,
  step: 1,
  effectiveSampleSize: 10,
  trace: new Float64Array(0),
};
/** A cell with footpoints of `dim` coordinates, `perFootpoint` shooting vectors each, MSE i·10 + j + 1. */
function cell(
  dim: number,
  footpoints: number,
  perFootpoint: number,
  extra: Partial<ReleaseCell> = {},
): ReleaseCell {
  const fp = Array.from({ length: footpoints }, (_, i) => Float64Array.from({ length: dim }, () => i));
  return {
    pHat: new Float64Array(dim),
    vHat: new Float64Array(dim),
    lnNonPrivateMse: -6,
    footpoints: fp,
    shootingVectors: fp.map(() => Array.from({ length: perFootpoint }, () => new Float64Array(dim))),
    mse: fp.map((_, i) => Array.from({ length: perFootpoint }, (_, j) => i * 10 + j + 1)),
    footpointChains: [chain],
    shootingChains: [chain],
    escapedShootingChains: 0,
    isPrivate: false,
    privacyLabel: 'not private',
    notes: ['τ from the data'],
    ...extra,
  } as unknown as ReleaseCell;
}
const job = (status: JobView<ReleaseCell>['status'], done = 0, total = 0, error?: string) =>
  ({ status, done, total, error, cells: [] }) as unknown as JobView<ReleaseCell>;
const budget = { epsP: 0.5, epsV: 0.5 };

describe('releasedPairs', () => {
  it('numbers the pairs from 1 over all cells, keeps their footpoint index, skips cells of another dimension', () => {
    const cells = [cell(3, 2, 2), cell(4, 5, 5), cell(3, 1, 3)];
    const pairs = releasedPairs(cells, 3);
    expect(pairs.map((p) => p.index)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pairs.map((p) => p.footpoint)).toEqual([0, 0, 1, 1, 2, 2, 2]);
    expect(pairs.map((p) => p.mse)).toEqual([1, 2, 11, 12, 1, 2, 3]);
    expect(releasedFootpoints(cells, 3)).toHaveLength(3);
    expect(releasedFootpoints(cells, 4)).toHaveLength(5);
    expect(nonPrivateFit(cells, 4)?.pHat).toHaveLength(4);
    expect(nonPrivateFit(cells, 2)).toBeNull();
  });

  it('takes ln of the mean MSE over the cells of one dimension', () => {
    const cells = [cell(3, 1, 2), cell(4, 1, 1, { mse: [[100]] } as Partial<ReleaseCell>)];
    expect(lnMeanMse(cells, 3)).toBeCloseTo(Math.log(1.5));
    expect(lnMeanMse(cells, 4)).toBeCloseTo(Math.log(100));
    expect(lnMeanMse(cells, 5)).toBeNull();
  });
});

describe('releaseStatusLine', () => {
  it('says what is computing, with the progress and the pairs so far', () => {
    const line = releaseStatusLine(job('running', 1, 4), [cell(3, 1, 2)], budget, 3);
    expect(line.state).toBe('running');
    expect(line.text).toBe(
      'Computing the private release at ε_p = 0.50, ε_v = 0.50… 1 of 4 chain groups, 2 pairs so far',
    );
    // the settings moved on: the previous release's cells are still there, but none of the new one yet
    const stale = releaseStatusLine(job('running', 0, 0), [cell(3, 1, 2)], budget, 3);
    expect(stale.text).toBe('Computing the private release at ε_p = 0.50, ε_v = 0.50…');
  });

  it('gives the pairs, the ln mean MSE against the non-private one, and the escaped chains when done', () => {
    const line = releaseStatusLine(
      job('done'),
      [cell(3, 2, 1, { escapedShootingChains: 1 } as Partial<ReleaseCell>)],
      budget,
      3,
    );
    expect(line.state).toBe('done');
    expect(line.text).toBe(
      `Private release done: 2 pairs (p̃, ṽ) at ε_p = 0.50, ε_v = 0.50; ln mean MSE ${Math.log(6).toFixed(2)} (median ${Math.log(6).toFixed(2)}) vs −6.00 non-private; 1 shooting-vector chain(s) escaped the ball.`,
    );
    expect(line.privacyLabel).toBe('not private');
    expect(line.privateForAnyData).toBe(false);
    expect(line.notes).toEqual(['τ from the data']);
    // negative logarithms with a true minus sign, as everywhere in the lab
    const small = cell(3, 1, 2, { mse: [[0.25, 0.5]] } as Partial<ReleaseCell>);
    expect(releaseStatusLine(job('done'), [small], budget, 3).text).toContain(
      `ln mean MSE −${(-Math.log(0.375)).toFixed(2)} (median −${(-Math.log(0.375)).toFixed(2)}) vs −6.00 non-private`,
    );
  });

  it('the joint release: draws, each one release, at its total ε, the median beside the mean, a private badge', () => {
    const joint = (i: number) =>
      cell(3, 1, 1, {
        mechanism: 'kng-joint',
        isPrivate: true,
        privacyLabel: 'private for any data (ε = 1.00)',
        mse: [[[1, 1, 100][i]]],
      } as Partial<ReleaseCell>);
    const line = releaseStatusLine(job('done'), [joint(0), joint(1), joint(2)], budget, 3);
    expect(line.text).toBe(
      `Private release done: 3 draws (p̃, ṽ), each one release, at ε = 1.0 (split 0.50); ln mean MSE ${Math.log(34).toFixed(2)} (median 0.00) vs −6.00 non-private.`,
    );
    expect(line.privateForAnyData).toBe(true);
    expect(line.privacyLabel).toBe('private for any data (ε = 1.00)');
  });

  it('names the failure, and has no badge before any cell of its dimension arrived', () => {
    const line = releaseStatusLine(job('error', 0, 0, 'worker crashed'), [cell(4, 1, 1)], budget, 3);
    expect(line.state).toBe('error');
    expect(line.text).toBe('The private release failed: worker crashed');
    expect(line.privacyLabel).toBeNull();
    expect(line.notes).toEqual([]);
  });
});
