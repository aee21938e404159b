import { describe, expect, it } from 'vitest';
import type { Manifold } from '../geometry/types';
import {
  chiSquared,
  exponential,
  gamma,
  kNormLaplace,
  normalVector,
  uniformDirection,
  uniformInBall,
  uniformInTangentBall,
} from './distributions';
import { Rng } from './rng';
import { chiSquaredCdf, gammaCdf, ksOneSample, mean, normalCdf, variance } from './stats';

const sample = (n: number, f: () => number): Float64Array => {
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) x[i] = f();
  return x;
};
const uniformCdf = (a: number, b: number) => (x: number) => Math.min(1, Math.max(0, (x - a) / (b - a)));
const norm = (v: ArrayLike<number>) => Math.hypot(...Array.from(v));
const dot = (u: ArrayLike<number>, w: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < u.length; i++) s += u[i] * w[i];
  return s;
};

/** Accept a correct law: the p-value must exceed this. */
const ACCEPT = 1e-3;
/** Power demonstrations: a wrong law must fall below this. */
const REJECT = 1e-6;

describe('gamma', () => {
  const n = 20000;
  for (const shape of [0.1, 0.5, 1, 2, 3, 10]) {
    for (const rate of [0.5, 1, 4]) {
      it(`Gamma(${shape}, rate ${rate}) passes KS and has mean shape/rate, variance shape/rate²`, () => {
        const rng = Rng.fromKey(1000, Math.round(shape * 10), rate * 2);
        const x = sample(n, () => gamma(rng, shape, rate));
        expect(x.every((v) => v >= 0 && Number.isFinite(v))).toBe(true);
        expect(ksOneSample(x, (t) => gammaCdf(t, shape, rate)).pValue).toBeGreaterThan(ACCEPT);
        const sd = Math.sqrt(shape) / rate;
        expect(Math.abs(mean(x) - shape / rate)).toBeLessThan((5 * sd) / Math.sqrt(n));
        // Var(X²) for Gamma is finite; a loose 15% check on the variance suffices next to the KS test.
        expect(variance(x) / (sd * sd)).toBeGreaterThan(0.85);
        expect(variance(x) / (sd * sd)).toBeLessThan(1.15);
      });
    }
  }

  it('KS detects a wrong shape (3 vs 3.15) and a wrong rate (2 vs 2.1)', () => {
    const rng = Rng.fromKey(1001);
    const x = sample(n, () => gamma(rng, 3, 2));
    expect(ksOneSample(x, (t) => gammaCdf(t, 3.15, 2)).pValue).toBeLessThan(REJECT);
    expect(ksOneSample(x, (t) => gammaCdf(t, 3, 2.1)).pValue).toBeLessThan(REJECT);
  });

  it('handles tiny shapes without NaN and rejects invalid parameters', () => {
    const rng = Rng.fromKey(1002);
    const x = sample(1000, () => gamma(rng, 0.01));
    expect(x.every((v) => v >= 0 && Number.isFinite(v))).toBe(true);
    expect(ksOneSample(x, (t) => gammaCdf(t, 0.01)).pValue).toBeGreaterThan(ACCEPT);
    expect(() => gamma(rng, 0, 1)).toThrow(RangeError);
    expect(() => gamma(rng, 1, -1)).toThrow(RangeError);
    expect(() => gamma(rng, NaN, 1)).toThrow(RangeError);
  });
});

describe('exponential and chi-squared', () => {
  it('Exponential(rate) passes KS against 1 − e^{−rate·x}', () => {
    const rng = Rng.fromKey(1100);
    for (const rate of [0.2, 1, 7]) {
      const x = sample(20000, () => exponential(rng, rate));
      expect(ksOneSample(x, (t) => (t <= 0 ? 0 : -Math.expm1(-rate * t))).pValue).toBeGreaterThan(ACCEPT);
      expect(ksOneSample(x, (t) => (t <= 0 ? 0 : -Math.expm1(-1.1 * rate * t))).pValue).toBeLessThan(REJECT);
    }
  });

  it('chiSquared(k) passes KS against the chi-squared CDF', () => {
    const rng = Rng.fromKey(1101);
    for (const k of [1, 2.5, 7, 30]) {
      const x = sample(20000, () => chiSquared(rng, k));
      expect(ksOneSample(x, (t) => chiSquaredCdf(t, k)).pValue).toBeGreaterThan(ACCEPT);
      expect(Math.abs(mean(x) - k)).toBeLessThan(5 * Math.sqrt((2 * k) / 20000));
    }
  });
});

describe('normalVector', () => {
  it('fills d independent standard normals (pooled KS, zero cross-correlation), into out if given', () => {
    const rng = Rng.fromKey(1200);
    const d = 5;
    const out = new Float64Array(d);
    const pooled = new Float64Array(5000 * d);
    let cross = 0;
    for (let i = 0; i < 5000; i++) {
      expect(normalVector(rng, d, out)).toBe(out);
      pooled.set(out, i * d);
      cross += out[0] * out[1];
    }
    expect(ksOneSample(pooled, normalCdf).pValue).toBeGreaterThan(ACCEPT);
    expect(Math.abs(cross / 5000)).toBeLessThan(5 / Math.sqrt(5000));
    expect(normalVector(rng, 3)).toHaveLength(3);
    expect(() => normalVector(rng, 0)).toThrow(RangeError);
    expect(() => normalVector(rng, 4, new Float64Array(3))).toThrow(RangeError);
  });
});

describe('uniformDirection', () => {
  it('returns unit vectors; for d = 3 each coordinate is uniform on [−1, 1] (Archimedes)', () => {
    const rng = Rng.fromKey(1300);
    const n = 20000;
    const coords = [new Float64Array(n), new Float64Array(n), new Float64Array(n)];
    const out = new Float64Array(3);
    let normError = 0;
    for (let i = 0; i < n; i++) {
      uniformDirection(rng, 3, out);
      normError = Math.max(normError, Math.abs(norm(out) - 1));
      for (let k = 0; k < 3; k++) coords[k][i] = out[k];
    }
    expect(normError).toBeLessThan(1e-14);
    for (const c of coords) expect(ksOneSample(c, uniformCdf(-1, 1)).pValue).toBeGreaterThan(ACCEPT);
  });

  it('the coordinate test has power: normalised cube points are rejected', () => {
    const rng = Rng.fromKey(1301);
    const x = sample(20000, () => {
      const v = [2 * rng.uniform() - 1, 2 * rng.uniform() - 1, 2 * rng.uniform() - 1];
      return v[0] / norm(v);
    });
    expect(ksOneSample(x, uniformCdf(-1, 1)).pValue).toBeLessThan(REJECT);
  });

  for (const d of [2, 4, 7]) {
    it(`E[x xᵀ] = I/d for d = ${d}`, () => {
      const rng = Rng.fromKey(1302, d);
      const n = 40000;
      const m = new Float64Array(d * d);
      const out = new Float64Array(d);
      for (let i = 0; i < n; i++) {
        uniformDirection(rng, d, out);
        for (let a = 0; a < d; a++) for (let b = 0; b < d; b++) m[a * d + b] += out[a] * out[b];
      }
      // Var(x_a²) = 3/(d(d+2)) − 1/d², Var(x_a x_b) = 1/(d(d+2)).
      const seDiag = Math.sqrt((3 / (d * (d + 2)) - 1 / (d * d)) / n);
      const seOff = Math.sqrt(1 / (d * (d + 2)) / n);
      for (let a = 0; a < d; a++) {
        for (let b = 0; b < d; b++) {
          const v = m[a * d + b] / n;
          if (a === b) expect(Math.abs(v - 1 / d)).toBeLessThan(5 * seDiag);
          else expect(Math.abs(v)).toBeLessThan(5 * seOff);
        }
      }
    });
  }

  it('for d = 2 the angle is uniform; for d = 1 the signs are balanced', () => {
    const rng = Rng.fromKey(1303);
    const angles = sample(20000, () => {
      const v = uniformDirection(rng, 2);
      return Math.atan2(v[1], v[0]);
    });
    expect(ksOneSample(angles, uniformCdf(-Math.PI, Math.PI)).pValue).toBeGreaterThan(ACCEPT);
    let plus = 0;
    let notUnit = 0;
    for (let i = 0; i < 10000; i++) {
      const v = uniformDirection(rng, 1)[0];
      if (Math.abs(v) !== 1) notUnit++;
      if (v > 0) plus++;
    }
    expect(notUnit).toBe(0);
    expect(Math.abs(plus - 5000)).toBeLessThan(5 * 50);
  });
});

describe('uniformInBall', () => {
  for (const d of [1, 2, 3, 5]) {
    it(`d = ${d}: inside the ball and (|x|/R)^d ~ U(0, 1)`, () => {
      const rng = Rng.fromKey(1400, d);
      const R = 2.5;
      const out = new Float64Array(d);
      const t = sample(20000, () => (norm(uniformInBall(rng, d, R, out)) / R) ** d);
      expect(Math.max(...t)).toBeLessThanOrEqual(1 + 1e-14);
      expect(ksOneSample(t, uniformCdf(0, 1)).pValue).toBeGreaterThan(ACCEPT);
    });
  }

  it('the direction is uniform (d = 3 coordinate law) and a wrong radial law is rejected', () => {
    const rng = Rng.fromKey(1401);
    const c = new Float64Array(20000);
    const wrong = new Float64Array(20000);
    for (let i = 0; i < c.length; i++) {
      const x = uniformInBall(rng, 3, 1);
      c[i] = x[2] / norm(x);
      wrong[i] = rng.uniform() ** 3; // radius U instead of U^{1/3}, then cubed
    }
    expect(ksOneSample(c, uniformCdf(-1, 1)).pValue).toBeGreaterThan(ACCEPT);
    expect(ksOneSample(wrong, uniformCdf(0, 1)).pValue).toBeLessThan(REJECT);
  });
});

describe('kNormLaplace', () => {
  for (const d of [1, 2, 5]) {
    for (const sigma of [0.5, 2]) {
      it(`d = ${d}, σ = ${sigma}: the radius ~ Gamma(d, rate 1/σ)`, () => {
        const rng = Rng.fromKey(1500, d, sigma * 2);
        const out = new Float64Array(d);
        const r = sample(20000, () => norm(kNormLaplace(rng, d, sigma, out)));
        expect(ksOneSample(r, (t) => gammaCdf(t, d, 1 / sigma)).pValue).toBeGreaterThan(ACCEPT);
        expect(ksOneSample(r, (t) => gammaCdf(t, d, 1 / (1.1 * sigma))).pValue).toBeLessThan(REJECT);
      });
    }
  }

  it('d = 1 is the Laplace law and d = 3 has a uniform direction', () => {
    const rng = Rng.fromKey(1501);
    const sigma = 1.5;
    const x = sample(20000, () => kNormLaplace(rng, 1, sigma)[0]);
    const laplaceCdf = (t: number) => (t < 0 ? 0.5 * Math.exp(t / sigma) : 1 - 0.5 * Math.exp(-t / sigma));
    expect(ksOneSample(x, laplaceCdf).pValue).toBeGreaterThan(ACCEPT);
    const c = sample(20000, () => {
      const v = kNormLaplace(rng, 3, sigma);
      return v[0] / norm(v);
    });
    expect(ksOneSample(c, uniformCdf(-1, 1)).pValue).toBeGreaterThan(ACCEPT);
  });
});

describe('uniformInTangentBall', () => {
  /** A Manifold stub: only dim, ambientDim and tangentBasis are meaningful; counts basis computations. */
  function stub(opts: {
    dim: number;
    ambientDim: number;
    basis: (p: Float64Array) => Float64Array[];
    inner?: (p: Float64Array, u: Float64Array, w: Float64Array) => number;
  }): Manifold & { basisCalls: number } {
    const unused = (): never => {
      throw new Error('not used by uniformInTangentBall');
    };
    const inner = opts.inner ?? ((_p: Float64Array, u: Float64Array, w: Float64Array) => dot(u, w));
    const M = {
      name: 'stub',
      dim: opts.dim,
      ambientDim: opts.ambientDim,
      curvatureBounds: [0, 0] as const,
      volumeGrowthRate: 0,
      injectivityRadius: Infinity,
      exp: unused,
      log: unused,
      dist: unused,
      inner,
      norm: (p: Float64Array, v: Float64Array) => Math.sqrt(inner(p, v, v)),
      transport: unused,
      dExpAdjointP: unused,
      dExpAdjointV: unused,
      projectPoint: unused,
      projectTangent: unused,
      basePoint: unused,
      randomTangent: unused,
      basisCalls: 0,
      tangentBasis: (p: Float64Array) => {
        M.basisCalls++;
        return opts.basis(p);
      },
    };
    return M;
  }

  it('R³ with the identity basis: uniform in the 3-ball', () => {
    const M = stub({
      dim: 3,
      ambientDim: 3,
      basis: () => [Float64Array.of(1, 0, 0), Float64Array.of(0, 1, 0), Float64Array.of(0, 0, 1)],
    });
    const rng = Rng.fromKey(1600);
    const p = new Float64Array(3);
    const R = 0.7;
    const t = sample(20000, () => (norm(uniformInTangentBall(M, p, R, rng)) / R) ** 3);
    expect(Math.max(...t)).toBeLessThanOrEqual(1 + 1e-14);
    expect(ksOneSample(t, uniformCdf(0, 1)).pValue).toBeGreaterThan(ACCEPT);
    expect(M.basisCalls).toBe(20000);
  });

  it('the plane tangent to S² at (1,1,1)/√3: tangent, inside the disc, uniform in area and angle', () => {
    const s3 = 1 / Math.sqrt(3);
    const p = Float64Array.of(s3, s3, s3);
    const e1 = Float64Array.of(1 / Math.SQRT2, -1 / Math.SQRT2, 0);
    const e2 = Float64Array.of(1 / Math.sqrt(6), 1 / Math.sqrt(6), -2 / Math.sqrt(6));
    const M = stub({ dim: 2, ambientDim: 3, basis: () => [e1, e2] });
    const basis = M.tangentBasis(p);
    M.basisCalls = 0;
    const rng = Rng.fromKey(1601);
    const R = 1.3;
    const out = new Float64Array(3);
    const n = 20000;
    const area = new Float64Array(n);
    const angle = new Float64Array(n);
    let normal = 0;
    for (let i = 0; i < n; i++) {
      if (uniformInTangentBall(M, p, R, rng, out, basis) !== out) throw new Error('out not used');
      normal = Math.max(normal, Math.abs(dot(out, p)));
      const c1 = dot(out, e1);
      const c2 = dot(out, e2);
      area[i] = (c1 * c1 + c2 * c2) / (R * R);
      angle[i] = Math.atan2(c2, c1);
    }
    expect(normal).toBeLessThan(1e-14); // tangency
    expect(M.basisCalls).toBe(0); // the precomputed basis was used
    expect(Math.max(...area)).toBeLessThanOrEqual(1 + 1e-14);
    expect(ksOneSample(area, uniformCdf(0, 1)).pValue).toBeGreaterThan(ACCEPT);
    expect(ksOneSample(angle, uniformCdf(-Math.PI, Math.PI)).pValue).toBeGreaterThan(ACCEPT);
  });

  it('uses the metric at p: with ⟨u, w⟩_p = λ²u·w the ball has Euclidean radius R/λ', () => {
    const lambda = 3;
    const M = stub({
      dim: 2,
      ambientDim: 2,
      basis: () => [Float64Array.of(1 / lambda, 0), Float64Array.of(0, 1 / lambda)],
      inner: (_p, u, w) => lambda * lambda * dot(u, w),
    });
    const p = new Float64Array(2);
    const rng = Rng.fromKey(1602);
    const R = 0.9;
    const t = sample(20000, () => {
      const v = uniformInTangentBall(M, p, R, rng);
      return M.norm(p, v) / R;
    });
    expect(Math.max(...t)).toBeLessThanOrEqual(1 + 1e-14);
    expect(Math.max(...t)).toBeGreaterThan(0.99);
    expect(
      ksOneSample(
        t.map((r) => r * r),
        uniformCdf(0, 1),
      ).pValue,
    ).toBeGreaterThan(ACCEPT);
  });

  it('rejects a basis of the wrong size and a negative radius', () => {
    const M = stub({ dim: 2, ambientDim: 3, basis: () => [Float64Array.of(1, 0, 0)] });
    const rng = Rng.fromKey(1603);
    expect(() => uniformInTangentBall(M, new Float64Array(3), 1, rng)).toThrow(RangeError);
    const N = stub({ dim: 1, ambientDim: 1, basis: () => [Float64Array.of(1)] });
    expect(() => uniformInTangentBall(N, new Float64Array(1), -1, rng)).toThrow(RangeError);
  });
});
