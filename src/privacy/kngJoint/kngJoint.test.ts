import { describe, expect, it } from 'vitest';
import { sphereData } from '../../data/sphereData';
import { kendall } from '../../geometry/kendall';
import { spd } from '../../geometry/spd';
import { sphere } from '../../geometry/sphere';
import type { Manifold } from '../../geometry/types';
import { accumulateGradient, fitGeodesicRegression, RegressionWorkspace } from '../../regression';
import { Rng } from '../../sampling/rng';
import { ksTwoSample } from '../../sampling/stats';
import {
  calibrateKngJoint,
  centredCovariates,
  DEFAULT_DOMAIN,
  genericJointKernel,
  huber,
  jointPotential,
  prepareKngJoint,
  rejectionDraws,
  reparametrise,
  responsesInBall,
  runJointChain,
  publicStart,
  sphereJointKernel,
  WALK_SAMPLER,
} from '.';
import { testSettings } from './testSettings';

const settings = testSettings;

/** A random point of the domain: uniform-ish p (near I on SPD), v of length up to R_v. */
function randomState(M: Manifold, rng: Rng, vRadius: number, pRadius: number) {
  let p: Float64Array;
  if (M.family?.kind === 'spd') {
    const u = M.randomTangent(M.basePoint(), rng);
    const k = (pRadius * rng.uniform()) / M.norm(M.basePoint(), u);
    p = M.exp(
      M.basePoint(),
      u.map((x) => x * k),
    );
  } else p = M.projectPoint(Float64Array.from({ length: M.ambientDim }, () => rng.normal()));
  const v = M.randomTangent(p, rng);
  const k = (vRadius * rng.uniform()) / M.norm(p, v);
  return { p, v: v.map((x) => x * k) };
}

/** A random response; on SPD at a distance from I up to `farther` times the public response radius. */
function randomResponse(M: Manifold, rng: Rng, farther = 1): Float64Array {
  if (M.family?.kind === 'spd') {
    const I = M.basePoint();
    const u = M.randomTangent(I, rng);
    const k = (farther * DEFAULT_DOMAIN.spd.yRadius! * rng.uniform()) / M.norm(I, u);
    return M.exp(
      I,
      u.map((x) => k * x),
    );
    return M.exp(M.basePoint(), u);
  }
  return M.projectPoint(Float64Array.from({ length: M.ambientDim }, () => rng.normal()));
}

/** The clipped gradients and energy of data (ts, ys) at (p, v). */
function clipped(
  M: Manifold,
  ts: Float64Array,
  ys: Float64Array[],
  p: Float64Array,
  v: Float64Array,
  c: number,
) {
  const gp = new Float64Array(M.ambientDim);
  const gv = new Float64Array(M.ambientDim);
  const [e] = accumulateGradient(M, ts, ys, p, v, new RegressionWorkspace(M.ambientDim), gp, gv, c);
  return { e, gp, gv };
}

const diffNorm = (M: Manifold, p: Float64Array, a: Float64Array, b: Float64Array) =>
  M.norm(
    p,
    a.map((x, i) => x - b[i]),
  );

describe('kng-joint: one record moves the clipped energy and gradients by at most the sensitivities', () => {
  const spaces: [string, Manifold][] = [
    ['sphere', sphere()],
    ['kendall(6)', kendall(6)],
    ['spd(2)', spd(2)],
  ];
  for (const [name, M] of spaces) {
    it(`${name}: at random (p, v) of the domain, for random and far neighbours`, () => {
      const rng = Rng.fromKey(41, name.length);
      const n = 12;
      const s = settings({ clip: 0.3, epsE: 0.5 });
      const cal = calibrateKngJoint(M, n, s);
      const inBall = (ys: Float64Array[]) => responsesInBall(M, ys, cal.yRadius).ys as Float64Array[];
      let worstP = 0;
      let worstV = 0;
      let worstE = 0;
      for (let trial = 0; trial < 150; trial++) {
        const { p, v } = randomState(M, rng, cal.vRadius, Math.min(cal.pRadius, 3));
        const ts = Float64Array.from({ length: n }, () => rng.uniform() - 0.5);
        const ys = inBall(Array.from({ length: n }, () => randomResponse(M, rng)));
        const i = rng.int(n);
        const ts2 = Float64Array.from(ts);
        const ys2 = ys.slice();
        ts2[i] = trial % 2 ? 0.5 : -0.5;
        ys2[i] = inBall([randomResponse(M, rng, 3)])[0];
        const a = clipped(M, ts, ys, p, v, s.clip);
        const b = clipped(M, ts2, ys2, p, v, s.clip);
        worstP = Math.max(worstP, diffNorm(M, p, a.gp, b.gp) / cal.deltaP);
        worstV = Math.max(worstV, diffNorm(M, p, a.gv, b.gv) / cal.deltaV);
        worstE = Math.max(worstE, Math.abs(a.e - b.e) / cal.deltaE);
      }
      expect(worstP).toBeLessThanOrEqual(1 + 1e-9);
      expect(worstV).toBeLessThanOrEqual(1 + 1e-9);
      expect(worstE).toBeLessThanOrEqual(1 + 1e-9);
      // the bounds are nearly attained: they are not loose by construction
      expect(worstP).toBeGreaterThan(0.4);
      expect(worstV).toBeGreaterThan(0.3);
    });
  }

  it('the bound fails when covariates leave the public range (negative control)', () => {
    const M = sphere();
    const rng = Rng.fromKey(5);
    const n = 12;
    const cal = calibrateKngJoint(M, n, settings({ clip: 0.3 }));
    let worstV = 0;
    for (let trial = 0; trial < 100; trial++) {
      const { p, v } = randomState(M, rng, 0.5, Infinity);
      const ts = Float64Array.from({ length: n }, () => rng.uniform() - 0.5);
      const ys = Array.from({ length: n }, () => randomResponse(M, rng));
      const ts2 = Float64Array.from(ts);
      const ys2 = ys.slice();
      ts2[0] = 2; // an unclamped covariate four times the range's half-width
      ys2[0] = randomResponse(M, rng);
      const a = clipped(M, ts, ys, p, v, 0.3);
      const b = clipped(M, ts2, ys2, p, v, 0.3);
      worstV = Math.max(worstV, diffNorm(M, p, a.gv, b.gv) / cal.deltaV);
    }
    expect(worstV).toBeGreaterThan(1.5);
  });

  it('clamps covariates into the public range and centres them', () => {
    const { ts, clamped } = centredCovariates([1990, 2000, 2010, 2030], [1990, 2020]);
    expect(Array.from(ts)).toEqual([-0.5, -1 / 6, 1 / 6, 0.5]);
    expect(clamped).toBe(1);
  });

  it('SPD: responses are pulled onto the public ball, without which the energy bound fails (negative control)', () => {
    const M = spd(2);
    const rng = Rng.fromKey(6);
    const n = 12;
    const cal = calibrateKngJoint(M, n, settings({ clip: 0.3, epsE: 0.5 }));
    const far = randomResponse(M, rng, 0); // I itself
    const I = M.basePoint();
    const out = M.exp(I, Float64Array.of(4 * cal.yRadius, 0, 0, 0).subarray(0, M.ambientDim));
    const pulled = responsesInBall(M, [far, out], cal.yRadius);
    expect(pulled.clamped).toBe(1);
    expect(M.dist(I, pulled.ys[1])).toBeCloseTo(cal.yRadius, 9);
    expect(pulled.ys[0]).toBe(far);
    let worstE = 0;
    for (let trial = 0; trial < 50; trial++) {
      const { p, v } = randomState(M, rng, cal.vRadius, cal.pRadius);
      const ts = Float64Array.from({ length: n }, () => rng.uniform() - 0.5);
      const ys = Array.from({ length: n }, () => randomResponse(M, rng));
      const ys2 = ys.slice();
      ys2[0] = randomResponse(M, rng, 6); // left outside the ball
      const a = clipped(M, ts, ys, p, v, 0.3);
      const b = clipped(M, ts, ys2, p, v, 0.3);
      worstE = Math.max(worstE, Math.abs(a.e - b.e) / cal.deltaE);
    }
    expect(worstE).toBeGreaterThan(1.2);
    expect(() => calibrateKngJoint(sphere(), 10, settings({ xRange: [1, 1] }))).toThrow(/lo < hi/);
  });
});

describe('kng-joint: the fused sphere kernel is the generic one', () => {
  it('agrees at random states, at v = 0 and with a response at the cut locus', () => {
    const M = sphere();
    const rng = Rng.fromKey(9);
    const n = 15;
    const ts = Float64Array.from({ length: n }, () => rng.uniform() - 0.5);
    const ys = Array.from({ length: n }, () => randomResponse(M, rng));
    const fused = sphereJointKernel(ts, ys, 0.2);
    const javaScript = sphereJointKernel(ts, ys, 0.2, { wasm: false });
    expect(fused.implementation).toBe('WebAssembly SIMD (sphere)');
    const generic = genericJointKernel(M, ts, ys, 0.2);
    const a = new Float64Array(3);
    const b = new Float64Array(3);
    const c = new Float64Array(3);
    // |v| up to 3: the WebAssembly loop (|t|·|v| ≤ π/2); up to 6: the JavaScript loop beyond it
    for (let trial = 0; trial < 80; trial++) {
      const { p, v } = randomState(M, rng, trial === 0 ? 0 : trial < 60 ? 3 : 6, Infinity);
      fused.evaluate(p, v, a);
      generic.evaluate(p, v, b);
      javaScript.evaluate(p, v, c);
      for (let k = 0; k < 3; k++) {
        expect(a[k]).toBeCloseTo(b[k], 9);
        expect(c[k]).toBeCloseTo(b[k], 9);
      }
    }
    // a response antipodal to its prediction pulls with a vector of norm ≤ c: both stay finite and bounded
    const p = Float64Array.of(0, 0, 1);
    const v = new Float64Array(3);
    fused.evaluate(p, v, a);
    const ys2 = ys.slice();
    ys2[0] = Float64Array.of(0, 0, -1);
    sphereJointKernel(ts, ys2, 0.2).evaluate(p, v, b);
    sphereJointKernel(ts, ys2, 0.2, { wasm: false }).evaluate(p, v, c);
    for (let k = 0; k < 3; k++) expect(c[k]).toBeCloseTo(b[k], 12);
    expect(Number.isFinite(b[1])).toBe(true);
    expect(Math.abs(b[1] - a[1])).toBeLessThanOrEqual((2 * 0.2) / n + 1e-12);
    expect(b[0]).toBeCloseTo(a[0] + (huber(Math.PI, 0.2) - huber(M.dist(p, ys[0]), 0.2)) / n, 12);
  });
});

describe('kng-joint: the Metropolis sampler draws the exact law', () => {
  it('on S² at n = 12: MH chains from the public start agree with exact rejection draws (two-sample KS)', () => {
    const M = sphere();
    const data = sphereData({ n: 12, noiseVariance: 0.01, seed: 4 });
    const s = settings({
      ...WALK_SAMPLER,
      clip: 0.3,
      epsP: 0.6,
      epsV: 0.6,
      epsE: 0.3,
      replicas: 3,
      burnIn: 400,
      frozenSteps: 300,
    });
    const ctx = prepareKngJoint(M, data.xs, data.ys, s);
    const fit = fitGeodesicRegression(M, data.xs, data.ys);
    const mid = reparametrise(M, fit.p, fit.v, 0.5, 1);
    const exact = rejectionDraws(ctx, 400, Rng.fromKey(8), 2e6);
    expect(exact).not.toBeNull();
    const mh = Array.from({ length: 400 }, (_, i) => {
      const r = Rng.fromKey(9, i);
      const c = runJointChain(ctx, (k) => publicStart(M, r.split(0, k)), r.split(1));
      const z = new Float64Array(6);
      z.set(c.p);
      z.set(c.v, 3);
      return z;
    });
    const stat = {
      'distance of p to the fit': (z: Float64Array) => M.dist(z.subarray(0, 3), mid.p),
      '‖v‖': (z: Float64Array) => M.norm(z.subarray(0, 3), z.subarray(3)),
      U: (z: Float64Array) => jointPotential(ctx, z.subarray(0, 3), z.subarray(3)),
    };
    for (const [name, f] of Object.entries(stat)) {
      const test = ksTwoSample(exact!.map(f), mh.map(f));
      expect(test.pValue, name).toBeGreaterThan(0.001);
    }
  });
});

describe('kng-joint: calibration', () => {
  it('S² and Kendall: Δ_p = 2c/n, Δ_v = c/n; SPD(2) affine: cosh and sinh factors at half the v radius', () => {
    const s = settings({ clip: 0.2 });
    const sph = calibrateKngJoint(sphere(), 50, s);
    expect(sph.deltaP).toBeCloseTo(0.008, 15);
    expect(sph.deltaV).toBeCloseTo(0.004, 15);
    expect(sph.sigmaP).toBeCloseTo((2 * 0.008) / s.epsP, 15);
    expect(sph.epsilon).toBeCloseTo(s.epsP + s.epsV + s.epsE, 15);
    expect(calibrateKngJoint(kendall(5), 50, s).deltaP).toBeCloseTo(0.008, 15);
    const x = (0.5 * DEFAULT_DOMAIN.spd.vRadius) / Math.SQRT2;
    const p = calibrateKngJoint(spd(2), 50, { ...s, epsE: 0 });
    expect(p.deltaP).toBeCloseTo(0.008 * Math.cosh(x), 12);
    expect(p.deltaV).toBeCloseTo(0.004 * (Math.sinh(x) / x), 12);
    expect(p.sigmaE).toBe(Infinity);
  });
});
