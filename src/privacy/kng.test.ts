import { describe, expect, it } from 'vitest';
import { sphereData } from '../data/sphereData';
import { mse, prepareRegression } from '../experiments/regressionSetup';
import { euclidean, sphere } from '../geometry';
import { fitGeodesicRegression } from '../regression';
import { runChain } from '../sampling/mh';
import { Rng } from '../sampling/rng';
import { ksOneSample, ksTwoSample } from '../sampling/stats';
import { exactFootpoint, exactShootingVector } from './euclideanKng';
import { gradientNormKernel } from './kernels';
import {
  calibrateKng,
  FOOTPOINT_LEAK_LABEL,
  FOOTPOINT_LEAK_NOTE,
  DEFAULT_KNG_SETTINGS,
  footpointTarget,
  prepareKng,
  releaseKng,
  shootingTarget,
  type RegressionInput,
} from './kng';

function euclideanInput(seed: number): RegressionInput {
  const M = euclidean(2);
  const rng = Rng.fromKey(seed);
  const n = 20;
  const xs = Float64Array.from({ length: n }, (_, i) => i / (n - 1));
  const ys = Array.from(xs, (x) =>
    Float64Array.of(1 + 2 * x + 0.3 * rng.normal(), -1 + x + 0.3 * rng.normal()),
  );
  const fit = fitGeodesicRegression(M, xs, ys);
  return { M, xs, ys, pHat: fit.p, vHat: fit.v, maxResidual: fit.maxResidual };
}

const radius = (a: Float64Array, b: Float64Array) => Math.hypot(a[0] - b[0], a[1] - b[1]);
const angle = (a: Float64Array, b: Float64Array) => Math.atan2(a[1] - b[1], a[0] - b[0]);

/** Final states of `chains` independent MH chains. */
function mhDraws(
  target: Parameters<typeof runChain>[0],
  start: Float64Array,
  chains: number,
  burnIn: number,
  step: number,
  seed: number,
) {
  return Array.from(
    { length: chains },
    (_, i) => runChain(target, start, Rng.fromKey(seed, i), { burnIn, draws: 1, step }).draws[0],
  );
}

describe('KNG by Metropolis–Hastings matches the exact Euclidean K-norm sampler', () => {
  const input = euclideanInput(11);
  const kernel = gradientNormKernel(input.M, input.xs, input.ys, input.pHat, input.vHat);
  const sigma = 0.1;

  it('footpoint: radius and direction laws agree (two-sample KS), and a wrong σ is detected', () => {
    const mh = mhDraws(footpointTarget(input.M, kernel, sigma), input.pHat, 600, 200, 3 * sigma, 1);
    const rng = Rng.fromKey(2);
    const exact = Array.from({ length: 4000 }, () => exactFootpoint(input.pHat, sigma, rng));
    const r = (d: Float64Array[]) => d.map((p) => radius(p, input.pHat));
    const a = (d: Float64Array[]) => d.map((p) => angle(p, input.pHat));
    expect(ksTwoSample(r(mh), r(exact)).pValue).toBeGreaterThan(0.01);
    expect(ksTwoSample(a(mh), a(exact)).pValue).toBeGreaterThan(0.01);
    // power: an acceptance ratio off by a factor 2 in the exponent (σ → 2σ) is rejected
    const wrong = mhDraws(footpointTarget(input.M, kernel, 2 * sigma), input.pHat, 600, 200, 6 * sigma, 3);
    expect(ksTwoSample(r(wrong), r(exact)).pValue).toBeLessThan(1e-4);
  });

  it('shooting vector given the footpoint: MH agrees with the exact conditional law', () => {
    const pTilde = input.pHat;
    const target = shootingTarget(input.M, kernel, pTilde, sigma, Infinity);
    const mh = mhDraws(target, input.vHat, 600, 200, 8 * sigma, 4);
    const rng = Rng.fromKey(5);
    const exact = Array.from({ length: 4000 }, () =>
      exactShootingVector(input.xs, input.ys, pTilde, sigma, rng),
    );
    const center = input.vHat; // β*(p̂) = v̂ at the least-squares fit
    const r = (d: Float64Array[]) => d.map((v) => radius(v, center));
    expect(ksTwoSample(r(mh), r(exact)).pValue).toBeGreaterThan(0.01);
    const wrongRng = Rng.fromKey(6);
    const wrong = Array.from({ length: 4000 }, () =>
      exactShootingVector(input.xs, input.ys, pTilde, 1.3 * sigma, wrongRng),
    );
    expect(ksTwoSample(r(mh), r(wrong)).pValue).toBeLessThan(1e-4);
  });
});

describe('KNG footpoint on S²: the MH stationary law is the KNG density', () => {
  const M = sphere();
  const data = sphereData({ n: 20, noiseVariance: 0.01, seed: 7 });
  const fit = fitGeodesicRegression(M, data.xs, data.ys);
  const kernel = gradientNormKernel(M, data.xs, data.ys, fit.p, fit.v);
  const sigma = 0.05;

  /** CDF of d(p̂, p̃) under exp(−‖∇_pE‖/σ) by quadrature in geodesic polar coordinates around p̂. */
  function distanceCdf(sig: number): (r: number) => number {
    const [e1, e2] = M.tangentBasis(fit.p);
    const nr = 1500;
    const nphi = 96;
    const rMax = Math.PI * 0.999;
    const h = rMax / nr;
    const dens = new Float64Array(nr + 1);
    for (let i = 0; i <= nr; i++) {
      const rho = i * h;
      let s = 0;
      for (let k = 0; k < nphi; k++) {
        const phi = (2 * Math.PI * k) / nphi;
        const u = e1.map((x, j) => rho * (Math.cos(phi) * x + Math.sin(phi) * e2[j]));
        s += Math.exp(-kernel.footpointGradNorm(M.exp(fit.p, u)) / sig);
      }
      dens[i] = (Math.sin(rho) * s) / nphi;
    }
    const cum = new Float64Array(nr + 1);
    for (let i = 1; i <= nr; i++) cum[i] = cum[i - 1] + (h * (dens[i] + dens[i - 1])) / 2;
    const Z = cum[nr];
    return (r) => {
      if (r >= rMax) return 1;
      const t = r / h;
      const i = Math.floor(t);
      return (cum[i] + (t - i) * (cum[i + 1] - cum[i])) / Z;
    };
  }

  it('one-sample KS of the MH distances against the numerically integrated law', () => {
    const target = footpointTarget(M, kernel, sigma);
    const chain = runChain(target, fit.p, Rng.fromKey(8), { burnIn: 2000, draws: 150_000, step: 5 * sigma });
    expect(chain.acceptanceRate).toBeGreaterThan(0.15);
    const thinned = chain.draws.filter((_, i) => i % 50 === 0).map((p) => M.dist(fit.p, p));
    expect(ksOneSample(thinned, distanceCdf(sigma)).pValue).toBeGreaterThan(1e-3);
    // power: the law for a 30% larger σ is rejected
    expect(ksOneSample(thinned, distanceCdf(1.3 * sigma)).pValue).toBeLessThan(1e-4);
  });
});

describe('KNG release', () => {
  const M = sphere();
  const data = sphereData({ n: 20, noiseVariance: 0.01, seed: 3 });
  const fit = fitGeodesicRegression(M, data.xs, data.ys);
  const input: RegressionInput = {
    M,
    xs: data.xs,
    ys: data.ys,
    pHat: fit.p,
    vHat: fit.v,
    maxResidual: fit.maxResidual,
  };

  it('data-driven τ is flagged as not private; public bounds are private', () => {
    const dataDriven = calibrateKng(input, DEFAULT_KNG_SETTINGS);
    expect(dataDriven.isPrivate).toBe(false);
    expect(dataDriven.tau).toBeCloseTo(fit.maxResidual, 15);
    expect(dataDriven.notes.join(' ')).toMatch(/not private/);
    const pub = calibrateKng(input, { ...DEFAULT_KNG_SETTINGS, tau: Math.PI, sigmaRule: 'strict' });
    expect(pub.isPrivate).toBe(true);
    expect(pub.deltaP).toBeCloseTo((2 * Math.PI) / 20, 15);
    expect(pub.sigmaP).toBeCloseTo((2 * pub.deltaP) / DEFAULT_KNG_SETTINGS.epsP, 15);
    expect(pub.vRadius).toBe(Math.PI);
  });

  it('labels what was measured: data-driven τ "not private"; public bounds "private shooting vector; footpoint … leak beyond ε_p"', () => {
    const dataDriven = calibrateKng(input, DEFAULT_KNG_SETTINGS);
    expect(dataDriven.privacyLabel).toBe('not private');
    expect(dataDriven.notes.join(' ')).not.toMatch(/footpoint release loses/);
    for (const sigmaRule of ['strict', 'paper'] as const) {
      const pub = calibrateKng(input, { ...DEFAULT_KNG_SETTINGS, tau: Math.PI, sigmaRule });
      expect(pub.privacyLabel).toBe(FOOTPOINT_LEAK_LABEL);
      expect(pub.privacyLabel).toMatch(
        /^private shooting vector; footpoint release measured to leak beyond ε_p$/,
      );
      expect(pub.notes).toContain(FOOTPOINT_LEAK_NOTE);
      expect(FOOTPOINT_LEAK_NOTE).toMatch(/1\.18 ε_p/);
    }
  });

  it('is reproducible for a seed and has m×m draws of the right shape', () => {
    const s = { ...DEFAULT_KNG_SETTINGS, m: 3, burnIn: 200 };
    const a = releaseKng(input, s, Rng.fromKey(5));
    const b = releaseKng(input, s, Rng.fromKey(5));
    expect(a.footpoints).toHaveLength(3);
    expect(a.shootingVectors.map((r) => r.length)).toEqual([3, 3, 3]);
    expect(a.footpoints.map((p) => Array.from(p))).toEqual(b.footpoints.map((p) => Array.from(p)));
    for (const [i, p] of a.footpoints.entries()) {
      expect(Math.abs(Math.hypot(...p) - 1)).toBeLessThan(1e-12);
      for (const v of a.shootingVectors[i]) expect(Math.abs(M.inner(p, p, v))).toBeLessThan(1e-12);
    }
    const consecutive = releaseKng(input, { ...s, scheme: 'consecutive' }, Rng.fromKey(5));
    expect(consecutive.footpoints).toHaveLength(3);
    expect(consecutive.footpointChains).toHaveLength(1);
  });

  it('the plane domain drifts away at ε_v = 0.02 and is reported; the default ball does not', () => {
    const s = { ...DEFAULT_KNG_SETTINGS, epsP: 2, epsV: 0.02, m: 4, burnIn: 1000 };
    const plane = releaseKng(input, { ...s, vDomain: 'plane' }, Rng.fromKey(9));
    const planeNorms = plane.shootingVectors.flat().map((v) => Math.hypot(...v));
    planeNorms.sort((x, y) => x - y);
    expect(planeNorms[planeNorms.length >> 1]).toBeGreaterThan(10);
    expect(plane.escapedShootingChains).toBeGreaterThan(8);
    const ball = releaseKng(input, s, Rng.fromKey(9));
    expect(Math.max(...ball.shootingVectors.flat().map((v) => Math.hypot(...v)))).toBeLessThanOrEqual(
      Math.PI,
    );
    expect(ball.escapedShootingChains).toBe(0);
  });
});

describe('stuck chains are reported', () => {
  it('a step far too large for the target never accepts: the release counts those chains', () => {
    const input = euclideanInput(21);
    const s = { ...DEFAULT_KNG_SETTINGS, m: 2, burnIn: 50, stepScaleP: 1e9, stepScaleV: 1e9 };
    const r = releaseKng(input, s, Rng.fromKey(1));
    expect(r.stuckChains).toBe(2 + 4); // every footpoint and shooting chain
    expect(releaseKng(input, { ...s, stepScaleP: 3, stepScaleV: 8 }, Rng.fromKey(1)).stuckChains).toBe(0);
  });
});

describe('KNG footpoint on affine SPD(2), where the untruncated target would not normalise', () => {
  // public τ = 1 with n = 20: Δ_p = (2/20)·cosh(√2(τ_m + 1)) ≈ 0.37, so σ_p = Δ_p/ε_p ≥ √2 below ε_p ≈ 0.26
  const input = prepareRegression({ kind: 'synthetic', manifold: 'spd', n: 20, seed: 1 });
  const settings = { ...DEFAULT_KNG_SETTINGS, tau: 1, m: 3, burnIn: 400 };

  it('calibration says where: σ_p·h ≥ 1 exactly below the smallest ε_p it names', () => {
    const low = calibrateKng(input, { ...settings, epsP: 0.05, epsV: 1 });
    const h = input.M.volumeGrowthRate;
    expect(low.sigmaP * h).toBeGreaterThan(1);
    const minEpsP = low.footpointImproper!.minEpsP;
    const at = (epsP: number) => calibrateKng(input, { ...settings, epsP, epsV: 1 });
    expect(at(minEpsP * 0.999).footpointImproper).not.toBeNull();
    expect(at(minEpsP * 1.001).footpointImproper).toBeNull();
    expect(at(minEpsP * 1.001).sigmaP * h).toBeLessThan(1);
    expect(low.notes.join(' ')).toMatch(
      /would not normalise on spd\(2, affine\).*condition number ≤ 1e10.*raise ε_p above 0\.2/,
    );
  });

  it('a release at ε_p = 0.05 keeps its footpoints well-conditioned and its MSE finite (it threw before)', () => {
    const r = releaseKng(input, { ...settings, epsP: 0.05, epsV: 0.05 }, Rng.fromKey(3));
    for (const p of r.footpoints) expect(input.M.wellConditioned!(p)).toBe(true);
    for (const [i, p] of r.footpoints.entries())
      for (const v of r.shootingVectors[i]) expect(Number.isFinite(mse(input, p, v))).toBe(true);
    // far from the data: the draws sit out towards the domain's edge, not near p̂
    const far = r.footpoints.map((p) => input.M.dist(input.pHat, p));
    expect(Math.min(...far)).toBeGreaterThan(3);
  });

  it('the footpoint target refuses ill-conditioned points and nothing else', () => {
    const kernel = gradientNormKernel(input.M, input.xs, input.ys, input.pHat, input.vHat);
    const target = footpointTarget(input.M, kernel, 1);
    expect(Number.isFinite(target.potential(input.pHat))).toBe(true);
    const c = 1e11; // diag(√c, 1/√c): condition number 1e11
    expect(target.potential(Float64Array.of(Math.sqrt(c), 0, 0, 1 / Math.sqrt(c)))).toBe(Infinity);
  });
});

describe('the gradient-norm kernel made once per data set', () => {
  it('every budget on the same data and fit shares one kernel; other data get their own', () => {
    const input = prepareRegression({ kind: 'synthetic', manifold: 'sphere', n: 30, seed: 2 });
    const at = (epsP: number) => prepareKng(input, { ...DEFAULT_KNG_SETTINGS, epsP, epsV: 1 }).kernel;
    expect(at(0.3)).toBe(at(2));
    const copy = { ...input, ys: input.ys.map((y) => Float64Array.from(y)) };
    const own = prepareKng(copy, { ...DEFAULT_KNG_SETTINGS, epsP: 2, epsV: 1 }).kernel;
    expect(own).not.toBe(at(2));
    const { pHat: p, vHat: v } = input;
    expect(own.footpointGradNorm(p)).toBe(at(2).footpointGradNorm(p));
    expect(own.shootingGradNorm(p, v)).toBe(at(2).shootingGradNorm(p, v));
  });
});
