import { describe, expect, it } from 'vitest';
import { Rng } from '../sampling/rng';
import { alignTo, kendall, rotateShape } from './kendall';
import { GeometryError, type Manifold } from './types';
import { expectClose, f64, frob, randomPoint, randomTangent } from './testkit';

/** Real inner products with p and ip, and the centroid: all zero for a horizontal vector at p. */
function verticalParts(p: Float64Array, v: Float64Array) {
  let re = 0;
  let im = 0;
  let mx = 0;
  let my = 0;
  for (let j = 0; j < p.length; j += 2) {
    re += v[j] * p[j] + v[j + 1] * p[j + 1];
    im += v[j + 1] * p[j] - v[j] * p[j + 1];
    mx += v[j];
    my += v[j + 1];
  }
  return Math.max(Math.abs(re), Math.abs(im), Math.abs(mx), Math.abs(my));
}

/** A shape orthogonal to p (⟨p,q⟩_C = 0): remove the complex component along p from a random shape. */
function orthogonalShape(M: Manifold, p: Float64Array, rng: Rng): Float64Array {
  const q = randomPoint(M, rng, 1);
  let re = 0;
  let im = 0;
  for (let j = 0; j < p.length; j += 2) {
    re += q[j] * p[j] + q[j + 1] * p[j + 1];
    im += q[j + 1] * p[j] - q[j] * p[j + 1];
  }
  // q − ⟨q,p⟩_C p, with ⟨q,p⟩_C = re + i im
  const z = q.map((x, i) =>
    i % 2 === 0 ? x - (re * p[i] - im * p[i + 1]) : x - (re * p[i] + im * p[i - 1]),
  );
  return M.projectPoint(z);
}

describe('kendall edge cases', () => {
  const M = kendall(5);
  const rng = Rng.fromKey(7, 1);
  const p = randomPoint(M, rng);

  it('q a rotation of p: distance 0, log 0, transport is the rotation, no NaN', () => {
    for (const phi of [0, 0.3, -2, Math.PI]) {
      const q = rotateShape(p, phi);
      expect(M.dist(p, q)).toBeLessThanOrEqual(1e-15);
      const l = M.log(p, q);
      for (const x of l) expect(Number.isFinite(x)).toBe(true);
      expect(frob(l)).toBeLessThanOrEqual(1e-15);
      const w = randomTangent(M, p, rng);
      expectClose(M.transport(p, q, w), rotateShape(w, phi), 1e-14, 'transport to a rotation of p');
      expectClose(alignTo(p, q), p, 1e-15, 'alignTo undoes the rotation');
    }
  });

  it('orthogonal shapes: log and transport throw at the cut locus, dist = π/2', () => {
    const q = orthogonalShape(M, p, rng);
    expect(Math.abs(M.dist(p, q) - Math.PI / 2)).toBeLessThanOrEqual(1e-15);
    expect(() => M.log(p, q)).toThrow(GeometryError);
    expect(() => M.log(p, q)).toThrow(/cut locus/);
    expect(() => M.transport(p, q, randomTangent(M, p, rng))).toThrow(GeometryError);
    expect(() => M.transport(p, q, randomTangent(M, p, rng))).toThrow(/cut locus/);
    // an exactly orthogonal pair
    const K4 = kendall(4);
    const s = Math.SQRT1_2;
    const a = f64([s, 0, -s, 0, 0, 0, 0, 0]);
    const b = f64([0, 0, 0, 0, 0, s, 0, -s]);
    expect(K4.dist(a, b)).toBe(Math.PI / 2);
    expect(() => K4.log(a, b)).toThrow(/cut locus/);
    expect(alignTo(a, b)).toEqual(b);
  });

  it('near the cut locus log still works', () => {
    const q = orthogonalShape(M, p, rng);
    const t = Math.PI / 2 - 1e-6;
    const r = M.projectPoint(p.map((x, i) => Math.cos(t) * x + Math.sin(t) * q[i]));
    const l = M.log(p, r);
    expect(Math.abs(M.norm(p, l) - t)).toBeLessThanOrEqual(1e-9);
    expect(Math.abs(M.dist(p, r) - t)).toBeLessThanOrEqual(1e-12);
  });

  it('degenerate shapes throw a clear GeometryError', () => {
    const same = f64([1, 2, 1, 2, 1, 2, 1, 2, 1, 2]);
    expect(() => M.projectPoint(same)).toThrow(GeometryError);
    expect(() => M.projectPoint(same)).toThrow(/degenerate/);
    expect(() => M.projectPoint(new Float64Array(10))).toThrow(/degenerate/);
    expect(() => M.projectPoint(f64([NaN, 0, 1, 0, 0, 1, 0, 0, 1, 1]))).toThrow(GeometryError);
    expect(() => M.projectPoint(f64([Infinity, 0, 1, 0, 0, 1, 0, 0, 1, 1]))).toThrow(GeometryError);
    expect(() => M.projectPoint(new Float64Array(8))).toThrow(/expected 10/);
    const zero = new Float64Array(10);
    const nan = p.map((x, i) => (i === 3 ? NaN : x));
    for (const bad of [zero, nan]) {
      expect(() => M.dist(p, bad)).toThrow(/degenerate/);
      expect(() => M.dist(bad, p)).toThrow(/degenerate/);
      expect(() => M.log(p, bad)).toThrow(/degenerate/);
      expect(() => M.transport(bad, p, zero)).toThrow(/degenerate/);
      expect(() => M.exp(bad, zero)).toThrow(/degenerate/);
      expect(() => alignTo(p, bad)).toThrow(/degenerate/);
    }
    expect(() => M.exp(p, nan)).toThrow(GeometryError);
  });

  it('dist and log are invariant under rotations of q; transport follows the rotation', () => {
    for (let c = 0; c < 5; c++) {
      const q = M.exp(p, randomTangent(M, p, rng, 0.3 + 0.25 * c));
      const phi = 2 * Math.PI * rng.uniform();
      const qr = rotateShape(q, phi);
      expect(Math.abs(M.dist(p, qr) - M.dist(p, q))).toBeLessThanOrEqual(1e-14);
      expect(Math.abs(M.dist(rotateShape(p, -1.1), qr) - M.dist(p, q))).toBeLessThanOrEqual(1e-14);
      expectClose(M.log(p, qr), M.log(p, q), 1e-14, 'log invariance');
      const w = randomTangent(M, p, rng);
      expectClose(
        M.transport(p, qr, w),
        rotateShape(M.transport(p, q, w), phi),
        1e-14,
        'transport covariance',
      );
      expectClose(alignTo(p, qr), alignTo(p, q), 1e-14, 'alignTo invariance');
    }
  });

  it('dist differs from the preshape (sphere) distance for a rotated copy', () => {
    const q = rotateShape(M.exp(p, randomTangent(M, p, rng, 0.5)), 1.0);
    let c = 0;
    for (let i = 0; i < 10; i++) c += p[i] * q[i];
    expect(Math.acos(c)).toBeGreaterThan(0.6);
    expect(Math.abs(M.dist(p, q) - 0.5)).toBeLessThanOrEqual(1e-14);
  });

  it('log output is horizontal, also for a rotated q', () => {
    for (let c = 0; c < 5; c++) {
      const q = rotateShape(randomPoint(M, rng), 6 * rng.uniform());
      const l = M.log(p, q);
      expect(verticalParts(p, l)).toBeLessThanOrEqual(1e-15);
      expect(frob(l)).toBeGreaterThan(1e-3);
    }
  });

  it('resolves a distance of 1e-8 (arccos cannot)', () => {
    for (const K of [kendall(5), kendall(50)]) {
      const r = Rng.fromKey(7, 2);
      const a = randomPoint(K, r);
      const t = 1e-8;
      const v = randomTangent(K, a, r, t);
      const b = rotateShape(K.exp(a, v), 0.7);
      expect(Math.abs(K.dist(a, b) - t) / t).toBeLessThan(1e-7);
      expectClose(K.log(a, b), v, 1e-15, 'tiny log');
    }
  });

  it('horizontal geodesics close up after length π (a half turn of the preshape)', () => {
    const u = randomTangent(M, p, rng, 1);
    for (const L of [0.4, 1.2, 2.0, 2.9]) {
      const q = M.exp(
        p,
        u.map((x) => L * x),
      );
      expect(Math.abs(M.dist(p, q) - Math.min(L, Math.PI - L))).toBeLessThanOrEqual(1e-14);
    }
    const q = M.exp(
      p,
      u.map((x) => Math.PI * x),
    );
    expect(M.dist(p, q)).toBeLessThanOrEqual(1e-14);
    expectClose(
      q,
      p.map((x) => -x),
      1e-14,
      'Exp(p, π u) = −p',
    );
  });

  it('sectional curvature: Jacobi fields along iû shrink with K = 4, the others with K = 1', () => {
    // d_v Exp(p, v)[u] has horizontal norm |sin(√K L)/(√K L)|·|u| for u ⊥ v in the K-eigenspace.
    const v = randomTangent(M, p, rng, 1);
    const iv = new Float64Array(10);
    for (let j = 0; j < 10; j += 2) {
      iv[j] = -v[j + 1];
      iv[j + 1] = v[j];
    }
    let perp = randomTangent(M, p, rng, 1);
    const dv = M.inner(p, perp, v);
    const div = M.inner(p, perp, iv);
    perp = perp.map((x, i) => x - dv * v[i] - div * iv[i]);
    const nperp = frob(perp);
    perp = perp.map((x) => x / nperp);
    for (const L of [0.5, 1.3, 2.4]) {
      const vL = v.map((x) => L * x);
      const q = M.exp(p, vL);
      const jac = (u: Float64Array) => {
        const h = 1e-6;
        const a = M.exp(
          p,
          vL.map((x, i) => x + h * u[i]),
        );
        const b = M.exp(
          p,
          vL.map((x, i) => x - h * u[i]),
        );
        return M.projectTangent(
          q,
          a.map((x, i) => (x - b[i]) / (2 * h)),
        );
      };
      expect(Math.abs(frob(jac(iv)) - Math.abs(Math.sin(2 * L) / (2 * L)))).toBeLessThan(1e-8);
      expect(Math.abs(frob(jac(perp)) - Math.abs(Math.sin(L) / L))).toBeLessThan(1e-8);
      // and the adjoint reproduces the same factors
      const gv = M.dExpAdjointV(p, vL, jac(iv));
      expect(Math.abs(M.inner(p, gv, iv) - (Math.sin(2 * L) / (2 * L)) ** 2)).toBeLessThan(1e-8);
    }
  });
});

describe('kendall projections, base point and tangent basis', () => {
  for (const k of [3, 5, 50]) {
    const M = kendall(k);
    it(`kendall(${k}): basePoint is a centred unit regular ${k}-gon`, () => {
      const o = M.basePoint();
      expect(o.length).toBe(2 * k);
      expect(Math.abs(frob(o) - 1)).toBeLessThanOrEqual(1e-15);
      let mx = 0;
      let my = 0;
      for (let j = 0; j < 2 * k; j += 2) {
        mx += o[j];
        my += o[j + 1];
        expect(Math.abs(Math.hypot(o[j], o[j + 1]) - 1 / Math.sqrt(k))).toBeLessThanOrEqual(1e-15);
      }
      expect(Math.abs(mx) + Math.abs(my)).toBeLessThanOrEqual(1e-15);
    });

    it(`kendall(${k}): tangentBasis is an orthonormal basis of the horizontal space`, () => {
      const rng = Rng.fromKey(3, k);
      const p = randomPoint(M, rng);
      const B = M.tangentBasis(p);
      expect(B.length).toBe(2 * k - 4);
      for (let i = 0; i < B.length; i++) {
        expect(verticalParts(p, B[i])).toBeLessThanOrEqual(1e-14);
        for (let j = 0; j <= i; j++) {
          expect(Math.abs(M.inner(p, B[i], B[j]) - (i === j ? 1 : 0))).toBeLessThanOrEqual(1e-13);
        }
      }
      // it spans: projecting a random horizontal vector onto span(B) gives it back
      const z = M.projectTangent(
        p,
        Float64Array.from({ length: 2 * k }, () => rng.normal()),
      );
      const back = new Float64Array(2 * k);
      for (const b of B) {
        const c = M.inner(p, z, b);
        for (let t = 0; t < 2 * k; t++) back[t] += c * b[t];
      }
      expectClose(back, z, 1e-13, 'span');
    });

    it(`kendall(${k}): projectTangent is the orthogonal projection onto the horizontal space`, () => {
      const rng = Rng.fromKey(4, k);
      const p = randomPoint(M, rng);
      const z = Float64Array.from({ length: 2 * k }, () => rng.normal());
      const h = M.projectTangent(p, z);
      expect(verticalParts(p, h)).toBeLessThanOrEqual(1e-14);
      expectClose(M.projectTangent(p, h), h, 1e-15, 'idempotent');
      // z − h is orthogonal to the horizontal space
      for (const b of M.tangentBasis(p))
        expect(
          Math.abs(
            M.inner(
              p,
              b,
              z.map((x, i) => x - h[i]),
            ),
          ),
        ).toBeLessThan(1e-13);
      // translations, p and ip are killed
      const trans = Float64Array.from({ length: 2 * k }, (_, i) => (i % 2 === 0 ? 3 : -1));
      const ip = Float64Array.from(p, (_, i) => (i % 2 === 0 ? -p[i + 1] : p[i - 1]));
      for (const vert of [trans, p, ip]) expect(frob(M.projectTangent(p, vert))).toBeLessThanOrEqual(1e-14);
      // out may alias the input
      const zz = Float64Array.from(z);
      expectClose(M.projectTangent(p, zz, zz), h, 1e-15, 'aliased');
    });

    it(`kendall(${k}): randomTangent is horizontal with E|ξ|² = 2k − 4`, () => {
      const rng = Rng.fromKey(6, k);
      const p = randomPoint(M, rng);
      const N = 2000;
      let ms = 0;
      for (let s = 0; s < N; s++) {
        const xi = M.randomTangent(p, rng);
        expect(verticalParts(p, xi)).toBeLessThanOrEqual(1e-13);
        ms += M.inner(p, xi, xi) / N;
      }
      // sampling sd of the mean of a χ²(dim) / N is √(2 dim / N)
      expect(Math.abs(ms - (2 * k - 4))).toBeLessThan(5 * Math.sqrt((2 * (2 * k - 4)) / N));
    });

    it(`kendall(${k}): projectPoint centres and normalises, invariant to translation and scale`, () => {
      const rng = Rng.fromKey(5, k);
      const z = Float64Array.from({ length: 2 * k }, () => rng.normal());
      const p = M.projectPoint(z);
      expect(Math.abs(frob(p) - 1)).toBeLessThanOrEqual(1e-15);
      expect(
        verticalParts(
          p,
          Float64Array.from({ length: 2 * k }, () => 0),
        ),
      ).toBe(0);
      let mx = 0;
      let my = 0;
      for (let j = 0; j < 2 * k; j += 2) {
        mx += p[j];
        my += p[j + 1];
      }
      expect(Math.abs(mx) + Math.abs(my)).toBeLessThanOrEqual(1e-14);
      const moved = z.map((x, i) => 7.5 * x + (i % 2 === 0 ? 2 : -5));
      expectClose(M.projectPoint(moved), p, 1e-14, 'similarity invariance');
      expectClose(M.projectPoint(p), p, 1e-15, 'idempotent');
    });
  }
});
