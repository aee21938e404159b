import { describe, expect, it } from 'vitest';
import { Rng } from '../sampling/rng';
import {
  det2Sym,
  dexpm,
  dlogm,
  expDivDiff,
  expm,
  invsqrtm,
  logDivDiff,
  logm,
  matMul,
  matMulNT,
  projectSPD,
  sqrtm,
  symBasis,
  symEig,
  symEig2,
  symEigJacobi,
  symFunction,
  symToVecd,
  vecdToSym,
  type SymEig,
} from './linalg';
import { GeometryError } from './types';
import { expectClose, f64, frob } from './testkit';

/** A random orthogonal k×k matrix (Gram–Schmidt of a Gaussian matrix). */
function randomOrthogonal(k: number, rng: Rng): Float64Array {
  const Q = new Float64Array(k * k);
  for (let j = 0; j < k; j++) {
    for (let i = 0; i < k; i++) Q[i * k + j] = rng.normal();
    for (let l = 0; l < j; l++) {
      let d = 0;
      for (let i = 0; i < k; i++) d += Q[i * k + j] * Q[i * k + l];
      for (let i = 0; i < k; i++) Q[i * k + j] -= d * Q[i * k + l];
    }
    let n = 0;
    for (let i = 0; i < k; i++) n += Q[i * k + j] ** 2;
    n = Math.sqrt(n);
    for (let i = 0; i < k; i++) Q[i * k + j] /= n;
  }
  return Q;
}

/** Q diag(lam) Qᵀ, exactly symmetric. */
function withEigenvalues(lam: number[], Q: Float64Array): Float64Array {
  const k = lam.length;
  const A = new Float64Array(k * k);
  for (let i = 0; i < k; i++)
    for (let j = i; j < k; j++) {
      let s = 0;
      for (let l = 0; l < k; l++) s += Q[i * k + l] * lam[l] * Q[j * k + l];
      A[i * k + j] = s;
      A[j * k + i] = s;
    }
  return A;
}

/** U diag(values) Uᵀ − A and UᵀU − I, as max abs entries. */
function eigResiduals(A: Float64Array, e: SymEig) {
  const k = e.k;
  const D = new Float64Array(k * k);
  for (let i = 0; i < k; i++) D[i * k + i] = e.values[i];
  const rec = matMulNT(matMul(e.vectors, D, k), e.vectors, k);
  const UtU = matMul(
    Float64Array.from({ length: k * k }, (_, n) => e.vectors[(n % k) * k + Math.floor(n / k)]),
    e.vectors,
    k,
  );
  let r = 0;
  let o = 0;
  for (let n = 0; n < k * k; n++) {
    r = Math.max(r, Math.abs(rec[n] - A[n]));
    o = Math.max(o, Math.abs(UtU[n] - (n % (k + 1) === 0 ? 1 : 0)));
  }
  return { r, o };
}

function testMatrices(k: number, rng: Rng): Float64Array[] {
  const out: Float64Array[] = [];
  for (let t = 0; t < 8; t++) {
    const Q = randomOrthogonal(k, rng);
    out.push(
      withEigenvalues(
        Array.from({ length: k }, () => rng.normal() * 3),
        Q,
      ),
    ); // indefinite
    out.push(
      withEigenvalues(
        Array.from({ length: k }, () => Math.exp(rng.normal())),
        Q,
      ),
    ); // SPD
    out.push(
      withEigenvalues(
        Array.from({ length: k }, (_, i) => 10 ** (-4 + (8 * i) / (k - 1))),
        Q,
      ),
    ); // cond 1e8
    out.push(
      withEigenvalues(
        Array.from({ length: k }, (_, i) => 2 * (1 + 1e-10 * i)),
        Q,
      ),
    ); // near-isotropic
  }
  const I = new Float64Array(k * k);
  for (let i = 0; i < k; i++) I[i * k + i] = 1.5;
  out.push(I, new Float64Array(k * k));
  const D = new Float64Array(k * k);
  for (let i = 0; i < k; i++) D[i * k + i] = k - i; // diagonal, descending
  out.push(D);
  return out;
}

describe('symmetric eigendecomposition', () => {
  for (const k of [2, 3, 4, 6]) {
    it(`k = ${k}: A = U diag(λ) Uᵀ, UᵀU = I, λ ascending`, () => {
      const rng = Rng.fromKey(21, k);
      for (const A of testMatrices(k, rng)) {
        const scale = Math.max(1, frob(A));
        for (const e of [symEig(A, k), symEigJacobi(A, k)]) {
          const { r, o } = eigResiduals(A, e);
          expect(r).toBeLessThan(1e-14 * scale);
          expect(o).toBeLessThan(1e-14);
          for (let i = 1; i < k; i++) expect(e.values[i]).toBeGreaterThanOrEqual(e.values[i - 1]);
        }
      }
    });
  }

  it('k = 2: the closed form and Jacobi rotations agree (eigenvalues and spectral functions)', () => {
    const rng = Rng.fromKey(22, 0);
    const mats = testMatrices(2, rng);
    mats.push(f64([1, 0, 0, -1]), f64([0, 1, 1, 0]), f64([-3, 0.2, 0.2, -5]), f64([1e-300, 0, 0, 1]));
    for (const A of mats) {
      const a = symEig2(A);
      const b = symEigJacobi(A, 2);
      // the values-only form: the same eigenvalues, the vectors left as they were
      const valuesOnly = symEig2(A, { k: 2, values: new Float64Array(2), vectors: f64([7, 7, 7, 7]) }, true);
      expect([...valuesOnly.values, ...valuesOnly.vectors]).toEqual([...a.values, 7, 7, 7, 7]);
      const scale = Math.max(1e-300, Math.abs(a.values[0]), Math.abs(a.values[1]));
      expectClose(a.values, b.values, 2e-15 * scale, 'eigenvalues');
      // eigenvectors agree up to sign (compare projectors onto each eigenvector when eigenvalues are separated)
      if (a.values[1] - a.values[0] > 1e-6 * scale)
        for (let j = 0; j < 2; j++) {
          const pa = [a.vectors[j] ** 2, a.vectors[j] * a.vectors[2 + j], a.vectors[2 + j] ** 2];
          const pb = [b.vectors[j] ** 2, b.vectors[j] * b.vectors[2 + j], b.vectors[2 + j] ** 2];
          expectClose(pa, pb, 1e-14, 'eigenprojector');
        }
      const f = (x: number) => Math.atan(x) + 0.1 * x * x;
      const fa = symFunction(A, 2, f); // closed form (k = 2)
      const D = new Float64Array(4);
      D[0] = f(b.values[0]);
      D[3] = f(b.values[1]);
      const fb = matMulNT(matMul(b.vectors, D, 2), b.vectors, 2);
      expectClose(fa, fb, 1e-13 * Math.max(1, frob(fb)), 'f(A)');
    }
  });

  it('k = 2 closed form: small eigenvalue of an ill-conditioned SPD matrix to high relative accuracy', () => {
    // [[1, 1], [1, 1 + δ]] has det δ and eigenvalues ≈ δ/2 and 2 + δ/2
    const delta = 2 ** -30;
    const e = symEig2(f64([1, 1, 1, 1 + delta]));
    const large = 1 + delta / 2 + Math.sqrt(1 + (delta * delta) / 4); // = 2 + 2⁻³¹ in float64
    const small = delta / large; // det / large; the naive m − r gives 2⁻³¹, off by 2e-10 relative
    expect(Math.abs(e.values[1] - large) / large).toBeLessThan(1e-15);
    expect(Math.abs(e.values[0] - small) / small).toBeLessThan(1e-14);
  });

  it('det2Sym forms a·c − b² without cancellation', () => {
    // 3·fl(1/3) − 1 = −2⁻⁵⁴ exactly, which the naive formula rounds to 0
    expect(3 * (1 / 3) - 1).toBe(0);
    expect(det2Sym(3, 1, 1 / 3)).toBe(-(2 ** -54));
    expect(det2Sym(2, 1, 3)).toBe(5);
  });

  it('Jacobi: eigenvalues of known spectra, including cond 1e8 (relative accuracy of the small ones)', () => {
    const rng = Rng.fromKey(23, 0);
    for (const k of [3, 5]) {
      const lam = Array.from({ length: k }, (_, i) => 10 ** (-4 + (8 * i) / (k - 1)));
      const A = withEigenvalues(lam, randomOrthogonal(k, rng));
      const e = symEig(A, k);
      // rounding A's entries perturbs λ by ~ε‖A‖ = 2e-12 absolutely: 2e-8 relative for λ = 1e-4
      for (let i = 0; i < k; i++) expect(Math.abs(e.values[i] - lam[i]) / lam[i]).toBeLessThan(1e-6);
    }
  });
});

describe('functions of SPD matrices', () => {
  const rng = Rng.fromKey(31, 0);
  const cases: [number, Float64Array][] = [];
  for (const k of [2, 3, 4]) {
    const Q = randomOrthogonal(k, rng);
    cases.push([
      k,
      withEigenvalues(
        Array.from({ length: k }, () => Math.exp(2 * rng.normal())),
        Q,
      ),
    ]);
    cases.push([
      k,
      withEigenvalues(
        Array.from({ length: k }, (_, i) => 3 * (1 + 1e-10 * i)),
        Q,
      ),
    ]);
    cases.push([
      k,
      withEigenvalues(
        Array.from({ length: k }, (_, i) => 10 ** (-3 + (6 * i) / (k - 1))),
        Q,
      ),
    ]);
  }

  it('expm(logm P) = P, logm(expm S) = S, sqrtm² = P, invsqrtm·sqrtm = I', () => {
    for (const [k, P] of cases) {
      const cond = (() => {
        const e = symEig(P, k);
        return e.values[k - 1] / e.values[0];
      })();
      expectClose(expm(logm(P, k), k), P, 1e-14 * cond * frob(P), 'expm∘logm');
      const R = sqrtm(P, k);
      expectClose(matMul(R, R, k), P, 1e-14 * frob(P), 'sqrtm²');
      const I = matMul(invsqrtm(P, k), R, k);
      for (let i = 0; i < k; i++)
        for (let j = 0; j < k; j++)
          expect(Math.abs(I[i * k + j] - (i === j ? 1 : 0))).toBeLessThan(1e-14 * cond);
      const S = logm(P, k);
      // expm(S) has condition number `cond`: its small eigenvalues carry relative error ~ε·cond
      expectClose(logm(expm(S, k), k), S, 1e-15 * cond * Math.max(1, frob(S)), 'logm∘expm');
    }
  });

  it('logm of a diagonal matrix is the entrywise log; expm of a 2×2 rotation generator is known', () => {
    expectClose(logm(f64([2, 0, 0, 5]), 2), [Math.log(2), 0, 0, Math.log(5)], 1e-16, 'logm diag');
    // S = [[0, t], [t, 0]]: expm S = [[cosh t, sinh t], [sinh t, cosh t]]
    const t = 0.7;
    expectClose(
      expm(f64([0, t, t, 0]), 2),
      [Math.cosh(t), Math.sinh(t), Math.sinh(t), Math.cosh(t)],
      1e-15,
      'expm',
    );
  });

  /** Fourth-order central difference of t ↦ f(X + tH) at t = 0. */
  const fd5 = (f: (A: Float64Array) => Float64Array, X: Float64Array, H: Float64Array, h: number) => {
    const at = (t: number) => f(X.map((x, i) => x + t * H[i]));
    const [p2, p1, m1, m2] = [at(2 * h), at(h), at(-h), at(-2 * h)];
    return p1.map((_, i) => (-p2[i] + 8 * p1[i] - 8 * m1[i] + m2[i]) / (12 * h));
  };

  it('dlogm and dexpm are mutual inverses and match finite differences of logm / expm', () => {
    for (const [k, P] of cases) {
      const H = withEigenvalues(
        Array.from({ length: k }, () => rng.normal()),
        randomOrthogonal(k, rng),
      );
      const e = symEig(P, k);
      // step well inside the spectrum (relative to the smallest eigenvalue)
      const L = dlogm(P, k, H);
      const fdL = fd5((A) => logm(A, k), P, H, 1e-3 * e.values[0]);
      expectClose(L, fdL, 1e-6 * frob(L), 'dlogm vs FD');
      const S = logm(P, k);
      // each map is applied in floating point, so errors are relative to the larger of input and output
      expectClose(dexpm(S, k, L), H, 1e-13 * frob(L), 'dexpm∘dlogm');
      const E = dexpm(S, k, H);
      expectClose(dlogm(P, k, E), H, 1e-13 * Math.max(frob(E), frob(H)), 'dlogm∘dexpm');
      const fdE = fd5((A) => expm(A, k), S, H, 1e-3);
      expectClose(E, fdE, 1e-6 * frob(E), 'dexpm vs FD');
    }
  });

  it('Fréchet derivatives at exactly repeated eigenvalues: dlog_{sI} H = H/s, dexp_{sI} H = e^s H', () => {
    const H = f64([0.3, -1.2, -1.2, 2]);
    expectClose(
      dlogm(f64([4, 0, 0, 4]), 2, H),
      H.map((x) => x / 4),
      1e-16,
      'dlog at 4I',
    );
    expectClose(
      dexpm(f64([0.5, 0, 0, 0.5]), 2, H),
      H.map((x) => x * Math.exp(0.5)),
      1e-15,
      'dexp at 0.5 I',
    );
  });

  it('non-SPD input throws a GeometryError', () => {
    const bad = f64([1, 2, 2, 1]);
    expect(() => logm(bad, 2)).toThrow(GeometryError);
    expect(() => sqrtm(bad, 2)).toThrow(/not symmetric positive definite/);
    expect(() => invsqrtm(f64([1, 0, 0, 0]), 2)).toThrow(GeometryError);
    expect(() => dlogm(f64([-1, 0, 0, 1]), 2, bad)).toThrow(GeometryError);
    expect(() => logm(f64([1, 0.5, 0, 1]), 2)).toThrow(/not symmetric/);
    expect(() => expm(f64([1, NaN, NaN, 1]), 2)).toThrow(/not a finite number/);
  });
});

describe('divided differences', () => {
  it('log: (log a − log b)/(a − b) to full relative accuracy for every gap, limit 1/a', () => {
    for (const a of [1e-6, 0.3, 1, 7, 1e5])
      for (const rel of [0, 1e-16, 1e-12, 1e-10, 1e-8, 1e-5, 1e-3, 0.1, 0.5, 0.9, 1, 3, 1e3, 1e8]) {
        const b = a * (1 + rel);
        // reference: log1p of an exactly computed relative gap (b − a is exact for b < 2a)
        const ref =
          b === a ? 1 / a : b < 2 * a ? Math.log1p((b - a) / a) / (b - a) : Math.log(b / a) / (b - a);
        const x = logDivDiff(a, b);
        expect(Math.abs(x - ref) / ref).toBeLessThan(4e-16 * (1 + (rel < 1 ? 0 : 1)) + 1e-15);
        expect(logDivDiff(b, a)).toBe(x); // symmetric
      }
    // a naive formula would return 0/0 or catastrophic cancellation here
    expect(Math.abs(logDivDiff(1, 1 + 2 ** -50) - (1 - 2 ** -51))).toBeLessThan(1e-15);
  });

  it('exp: (e^a − e^b)/(a − b) to full relative accuracy for every gap, limit e^a', () => {
    for (const a of [-30, -1, 0, 0.5, 20])
      for (const gap of [0, 1e-15, 1e-10, 1e-6, 1e-3, 0.1, 1, 5, 40]) {
        const b = a + gap;
        const ref = b === a ? Math.exp(a) : (Math.exp(a) * Math.expm1(b - a)) / (b - a);
        const x = expDivDiff(a, b);
        expect(Math.abs(x - ref) / ref).toBeLessThan(1e-14);
        expect(expDivDiff(b, a)).toBe(x);
      }
  });
});

describe('vecd and projection', () => {
  it('vecd is a Frobenius isometry with inverse vecdToSym; symBasis is orthonormal', () => {
    const A = f64([1, 2, 3, 2, 5, 6, 3, 6, 9]);
    const B = f64([0.5, -1, 0, -1, 2, 4, 0, 4, -3]);
    const a = symToVecd(A, 3);
    const b = symToVecd(B, 3);
    let fa = 0;
    for (let i = 0; i < 9; i++) fa += A[i] * B[i];
    let fv = 0;
    for (let i = 0; i < 6; i++) fv += a[i] * b[i];
    expect(Math.abs(fa - fv)).toBeLessThan(1e-13);
    expectClose(vecdToSym(a, 3), A, 1e-15, 'round trip');
    expectClose(a, [1, 5, 9, 2 * Math.SQRT2, 3 * Math.SQRT2, 6 * Math.SQRT2], 1e-14, 'order');
    const basis = symBasis(3);
    expect(basis.length).toBe(6);
    for (let i = 0; i < 6; i++)
      for (let j = 0; j < 6; j++) {
        let s = 0;
        for (let n = 0; n < 9; n++) s += basis[i][n] * basis[j][n];
        expect(Math.abs(s - (i === j ? 1 : 0))).toBeLessThan(1e-15);
      }
  });

  it('projectSPD clips negative eigenvalues to a small positive floor', () => {
    const P = projectSPD(f64([1, 2, 2, 1]), 2); // eigenvalues −1, 3
    const e = symEig(P, 2);
    expect(e.values[0]).toBeGreaterThan(0);
    expect(e.values[0]).toBeLessThanOrEqual(3e-12 * (1 + 1e-12));
    expect(Math.abs(e.values[1] - 3)).toBeLessThan(1e-14);
    expect(() => logm(P, 2)).not.toThrow();
  });
});
