/**
 * How often the split plot's shape decision is wrong, over seeded random curves drawn the way the sweep draws
 * them: each point is ln of the mean of k chains' group means (right-skewed, lognormal with log-sd s here), with
 * its delta-method standard error from the same k values — honest, but itself estimated from few chains.
 */
import { describe, expect, it } from 'vitest';
import type { SweepRow } from '../../src/experiments';
import { Rng } from '../../src/sampling/rng';
import { lnMeanInterval } from '../../src/sampling/stats';
import { mseModel } from './mseModel';
import { splitVerdict } from './curveShape';

const POINTS = 10;
const TRIALS = 1000;

/** One random curve around the ln levels `mu`, with or without the sweep's standard errors on its rows. */
function drawCurve(rng: Rng, mu: readonly number[], k: number, s: number, withErrors: boolean) {
  const rows = mu.map((m, i) => {
    const groups = Array.from({ length: k }, () => Math.exp(m + s * rng.normal()));
    const { lnMean, se } = lnMeanInterval(groups);
    return {
      n: 100,
      noise: 0.001,
      split: 'unequal',
      epsP: 0.05 + 0.1 * i,
      epsV: 0.95 - 0.1 * i,
      eps: 1,
      lnMeanMse: lnMean,
      lnMeanMseSe: withErrors ? se : undefined,
      lnMedianMse: lnMean,
      lnNonPrivateMse: -6,
    } as SweepRow;
  });
  return splitVerdict(mseModel(rows, 'unequal', [100]), POINTS).shape;
}

/** Shares of verdicts over TRIALS seeded curves of each kind, for k chains of log-sd s. */
function rates(k: number, s: number, withErrors: boolean) {
  const rng = Rng.fromKey(2024, k, Math.round(10 * s), withErrors ? 1 : 0);
  // the standard error of one point, for lifts that are "so many errors" high
  const se = Math.sqrt(Math.expm1(s * s) / k);
  const floor = -6;
  const flat = Array<number>(POINTS).fill(floor);
  // six points at the floor, ends 6 errors above it (a third of that one point in)
  const a = 6 * se;
  const flatBottomU = [a, a / 3, 0, 0, 0, 0, 0, 0, a / 3, a].map((d) => floor + d);
  // falling by 8 errors to the floor at the seventh point, flat after it (one raised end, not two)
  const falling = flat.map((y, i) => y + 8 * se * Math.max(0, 1 - i / 6));
  const share = (mu: number[], ok: (shape: string) => boolean) => {
    let hits = 0;
    for (let t = 0; t < TRIALS; t++) if (ok(drawCurve(rng, mu, k, s, withErrors))) hits++;
    return hits / TRIALS;
  };
  return {
    flatMoving: share(flat, (v) => v !== 'flat'),
    flatU: share(flat, (v) => v === 'u'),
    uHit: share(flatBottomU, (v) => v === 'u'),
    fallingHit: share(falling, (v) => v === 'right'),
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

describe('split shape decision over seeded random curves', () => {
  it.each([
    [10, 0.5],
    [10, 1],
    [5, 0.7],
  ])(
    'k = %i chains, log-sd %f: flat noise stays flat, flat-bottomed Us and falling curves are seen',
    (k, s) => {
      const r = rates(k, s, true);
      const wiggle = rates(k, s, false);
      console.info(
        `k = ${k}, s = ${s}: with the sweep's errors (without: the curve's wiggle) — flat called moving ` +
          `${pct(r.flatMoving)} (${pct(wiggle.flatMoving)}), flat called a U ${pct(r.flatU)} (${pct(wiggle.flatU)}), ` +
          `flat-bottomed U seen ${pct(r.uHit)} (${pct(wiggle.uHit)}), falling curve seen ${pct(r.fallingHit)} ` +
          `(${pct(wiggle.fallingHit)})`,
      );
      expect(r.flatU).toBeLessThanOrEqual(0.05);
      expect(r.flatMoving).toBeLessThanOrEqual(0.05);
      expect(r.uHit).toBeGreaterThanOrEqual(0.9);
      expect(r.fallingHit).toBeGreaterThanOrEqual(0.9);
      // the curve's own wiggle misses flat-bottomed Us that the errors see
      expect(r.uHit).toBeGreaterThan(wiggle.uHit);
    },
  );
});
