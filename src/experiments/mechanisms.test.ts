import { describe, expect, it } from 'vitest';
import { dataManifold, generate } from '../data';
import { euclidean } from '../geometry/euclidean';
import { sphere } from '../geometry/sphere';
import { spd } from '../geometry/spd';
import { DEFAULT_KNG_SETTINGS } from '../privacy/kng';
import { DEFAULT_LINREG_SETTINGS } from '../privacy/linreg';
import type { MechanismData } from '../privacy/mechanism';
import { Rng } from '../sampling/rng';
import { FRECHET_MECHANISMS } from './frechetSpec';
import { frechetData } from './frechetData';
import { MECHANISMS, type MechanismSettings } from './mechanisms';
import { MECHANISM_INFO, mechanismInfoById } from './mechanismInfo';

const SETTINGS: MechanismSettings = {
  eps: 1,
  kng: { ...DEFAULT_KNG_SETTINGS, tau: Math.PI, sigmaRule: 'strict', burnIn: 50 },
  frechet: {
    metric: 'logEuclidean',
    radius: 0.25,
    delta: 1e-6,
    calibration: 'analytic',
    sigmaRule: 'strict',
    burnIn: 50,
  },
  linreg: DEFAULT_LINREG_SETTINGS,
};

function regressionData(kind: 'sphere' | 'spd' | 'kendall' | 'euclidean', n = 12): MechanismData {
  const g = generate(kind, { n, seed: 3 });
  return { M: dataManifold(kind), xs: g.xs, ys: g.ys };
}

function pointData(kind: 'sphere' | 'spd' | 'euclidean', n = 12): MechanismData {
  if (kind === 'euclidean') {
    const rng = Rng.fromKey(5);
    return {
      M: euclidean(2),
      xs: null,
      ys: Array.from({ length: n }, () => Float64Array.of(rng.uniform() * 0.1, 0.1)),
    };
  }
  const d = frechetData({ manifold: kind, k: 2, metric: 'logEuclidean', n, radius: 0.25 }, Rng.fromKey(4));
  return { M: kind === 'sphere' ? sphere() : spd(2, 'logEuclidean'), xs: null, ys: d.points };
}

describe('the mechanism table', () => {
  it('has unique ids and lists every Fréchet mechanism of the experiment', () => {
    const ids = MECHANISMS.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const f of FRECHET_MECHANISMS) expect(ids).toContain(f);
    for (const id of ['kng', 'kng-footpoint', 'nonprivate', 'dpgr', 'ssp', 'dpsgd'])
      expect(ids).toContain(id);
  });

  it('is MECHANISM_INFO in its order, each entry with a prepare of its own (the page lists the info alone)', () => {
    expect(MECHANISMS.map(({ prepare: _, ...info }) => info)).toEqual(MECHANISM_INFO);
    for (const m of MECHANISMS) expect(typeof m.prepare, m.id).toBe('function');
    expect(mechanismInfoById('kng').label).toBe(MECHANISMS[0].label);
    expect(() => mechanismInfoById('nope')).toThrow(/unknown mechanism "nope"; the mechanisms are kng, /);
  });

  it('every entry releases a finite vector of its non-private output’s size on each of its spaces, reproducibly', () => {
    for (const m of MECHANISMS) {
      for (const space of m.spaces) {
        const data =
          m.family === 'frechet' ? pointData(space as 'sphere' | 'spd' | 'euclidean') : regressionData(space);
        const prepared = m.prepare(data, SETTINGS);
        const a = prepared.release(Rng.fromKey(9, 1));
        const b = prepared.release(Rng.fromKey(9, 1));
        expect(a.length, `${m.id} on ${space}`).toBe(prepared.nonPrivate.length);
        expect(Array.from(a)).toEqual(Array.from(b));
        expect(a.every(Number.isFinite), `${m.id} on ${space}`).toBe(true);
        const c = prepared.calibration;
        expect(c.epsilon > 0).toBe(true);
        expect(c.isPrivate === (c.reason === null), `${m.id}: a reason exactly when not private`).toBe(true);
        if (prepared.logDensity)
          expect(Number.isFinite(prepared.logDensity(a)), `${m.id} density`).toBe(true);
      }
    }
  });

  it('labels the data-driven and non-private releases as not private, with ε = ∞ for the fit', () => {
    const data = regressionData('sphere');
    const kng = MECHANISMS.find((m) => m.id === 'kng')!;
    const cal = kng.prepare(data, { ...SETTINGS, kng: { ...SETTINGS.kng, tau: 'data' } }).calibration;
    expect(cal.isPrivate).toBe(false);
    expect(cal.reason).toMatch(/not private/);
    const np = MECHANISMS.find((m) => m.id === 'nonprivate')!.prepare(data, SETTINGS);
    expect(np.calibration.epsilon).toBe(Infinity);
    expect(Array.from(np.release(Rng.fromKey(1)))).toEqual(Array.from(np.nonPrivate));
    expect(MECHANISMS.find((m) => m.id === 'kng')!.prepare(data, SETTINGS).calibration.epsilon).toBe(2);
  });

  it('DPGR’s log-density is the exact normalised K-norm density up to one data-independent constant (R¹, quadrature)', () => {
    const dpgr = MECHANISMS.find((m) => m.id === 'dpgr')!;
    const s = { ...SETTINGS, linreg: { ...SETTINGS.linreg, dpgr: { tau: 1, sigmaRule: 'strict' as const } } };
    const masses = [1, 2].map((seed) => {
      const g = generate('euclidean', { n: 10, seed, noise: 0.3 });
      const xs = seed === 2 ? g.xs.map((x) => x * 0.7) : g.xs; // another m₂: the slope normaliser changes
      const p = dpgr.prepare({ M: euclidean(1), xs, ys: g.ys }, s);
      const [p0, v0] = p.nonPrivate;
      const m2 = xs.reduce((a, x) => a + x * x, 0) / xs.length;
      // σ_v = σ_p here (ε_p = ε_v, Δ_p = Δ_v); grids over ±20 scales, 10 nodes per scale (midpoint rule)
      const [sp, sv] = [p.calibration.sigma, p.calibration.sigma / m2];
      let mass = 0;
      for (let i = -200; i < 200; i++)
        for (let j = -200; j < 200; j++)
          mass += Math.exp(
            p.logDensity!(Float64Array.of(p0 + ((i + 0.5) * sp) / 10, v0 + ((j + 0.5) * sv) / 10)),
          );
      return (mass * sp * sv) / 100;
    });
    // ∫∫ (1/2σ_p) e^{−|p−p̂|/σ_p} (m₂/2σ_v) e^{−m₂|v−β*|/σ_v} = 1, and the log-density drops the two ln 2.
    expect(masses[0]).toBeCloseTo(4, 2);
    expect(masses[1]).toBeCloseTo(4, 2);
  });
});
