import { describe, expect, it } from 'vitest';
import { Rng } from '../sampling/rng';
import { expLogJacobian, logBallVolume, logGammaHalfInteger } from './expJacobian';
import { kendall } from './kendall';
import { spd } from './spd';
import { sphere } from './sphere';
import type { Manifold } from './types';

/** |det| of a square matrix (rows), by Gaussian elimination with partial pivoting. */
function absDet(rows: number[][]): number {
  const a = rows.map((r) => [...r]);
  const n = a.length;
  let det = 1;
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r][c]) > Math.abs(a[piv][c])) piv = r;
    [a[c], a[piv]] = [a[piv], a[c]];
    det *= a[c][c];
    for (let r = c + 1; r < n; r++) {
      const f = a[r][c] / a[c][c];
      for (let k = c; k < n; k++) a[r][k] -= f * a[c][k];
    }
  }
  return Math.abs(det);
}

/** J_p(a) by central differences of Exp_p in orthonormal bases of T_p and T_{Exp_p(a)}. */
function finiteDifferenceJacobian(M: Manifold, p: Float64Array, a: Float64Array, h = 1e-6): number {
  const E = M.tangentBasis(p);
  const q = M.exp(p, a);
  const F = M.tangentBasis(q);
  const columns = E.map((e) => {
    const plus = M.exp(
      p,
      a.map((x, i) => x + h * e[i]),
    );
    const minus = M.exp(
      p,
      a.map((x, i) => x - h * e[i]),
    );
    const diff = plus.map((x, i) => (x - minus[i]) / (2 * h));
    return F.map((f) => M.inner(q, M.projectTangent(q, diff), f));
  });
  return absDet(columns[0].map((_, i) => columns.map((col) => col[i])));
}

/** A random point: the base point moved by a random tangent vector of length up to `spread`. */
function randomPoint(M: Manifold, rng: Rng, spread: number): Float64Array {
  const o = M.basePoint();
  const u = M.randomTangent(o, rng);
  const k = (spread * rng.uniform()) / M.norm(o, u);
  return M.exp(
    o,
    u.map((x) => k * x),
  );
}

describe('the Jacobian of Exp: closed forms against finite differences', () => {
  const cases: [string, Manifold, number, number][] = [
    // name, space, largest |a| tried, spread of the footpoints
    ['S²', sphere(), 0.97 * Math.PI, 1],
    ['Kendall, 4 landmarks (CP²)', kendall(4), 0.97 * (Math.PI / 2), 1],
    ['Kendall, 8 landmarks (CP⁶)', kendall(8), 0.97 * (Math.PI / 2), 1],
    ['SPD(2), affine', spd(2), 4, 2],
  ];
  for (const [name, M, maxR, spread] of cases) {
    it(`${name}: at random footpoints and tangent vectors up to |a| = ${maxR.toFixed(2)}`, () => {
      const logJ = expLogJacobian(M)!;
      const rng = Rng.fromKey(31, M.dim);
      let farthest = 0;
      for (let trial = 0; trial < 12; trial++) {
        const p = randomPoint(M, rng, spread);
        const u = M.randomTangent(p, rng);
        const r = trial === 0 ? 1e-3 : maxR * Math.sqrt(rng.uniform());
        const a = u.map((x) => (x * r) / M.norm(p, u));
        const fd = finiteDifferenceJacobian(M, p, a);
        farthest = Math.max(farthest, Math.abs(Math.log(fd)));
        expect(Math.exp(logJ(p, a))).toBeCloseTo(fd, 5);
      }
      // the factors matter: far from 1 somewhere in the sample
      expect(farthest).toBeGreaterThan(0.1);
    });
  }

  it('the SPD(2) gap term is what makes it differ from 1: a wrong curvature scale is caught', () => {
    const M = spd(2);
    const p = M.exp(M.basePoint(), Float64Array.from([0.3, 0.2, 0.2, -0.1]));
    const a = Float64Array.from([1.5, 0.4, 0.4, -1.2]);
    const fd = finiteDifferenceJacobian(M, p, a);
    expect(Math.exp(expLogJacobian(M)!(p, a))).toBeCloseTo(fd, 6);
    // sinh(δ)/δ (curvature −δ²/r² instead of −δ²/4r²) is off by far more than the tolerance
    const det = p[0] * p[3] - p[1] * p[2];
    const trace = (p[3] * a[0] - p[1] * a[2] - p[2] * a[1] + p[0] * a[3]) / det;
    const delta = Math.sqrt(2 * M.inner(p, a, a) - trace * trace);
    expect(Math.abs(Math.sinh(delta) / delta - fd)).toBeGreaterThan(0.1);
  });

  it('ball volumes and half-integer Γ', () => {
    expect(Math.exp(logBallVolume(2, 3))).toBeCloseTo(9 * Math.PI, 12);
    expect(Math.exp(logBallVolume(3, 2))).toBeCloseTo((32 * Math.PI) / 3, 12);
    expect(Math.exp(logGammaHalfInteger(3.5))).toBeCloseTo(((15 / 8) * Math.sqrt(Math.PI)) as number, 12);
    expect(Math.exp(logGammaHalfInteger(5))).toBeCloseTo(24, 10);
  });
});
