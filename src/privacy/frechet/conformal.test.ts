import { describe, expect, it } from 'vitest';
import { frechetData } from '../../experiments/frechetData';
import { sphere } from '../../geometry/sphere';
import { symDim } from '../../geometry/linalg';
import { Rng } from '../../sampling/rng';
import { gammaCdf, ksOneSample } from '../../sampling/stats';
import { buildConformalField, constantConformalField, type ConformalField } from './conformal';
import { conformalFactorAt, conformalGeodesicLength, conformalSigmaAt } from './conformalDistance';
import { logEuclideanConformalGeometry, sphereConformalGeometry } from './conformalGeometry';
import { conformalLaplace, conformalLaplaceTarget, conformalRate } from './conformalLaplace';
import { sphereLaplaceAngleCdf } from './laplace';

const S2 = sphere();
const R = Math.PI / 8;

function sphereSample(n: number, heterogeneous: boolean, seed: number) {
  return frechetData(
    { manifold: 'sphere', k: 2, metric: 'affine', n, radius: R, heterogeneous },
    Rng.fromKey(seed),
  );
}

/** CDF of |x| for a density exp(−U(x)) on the tangent plane of S² (w.r.t. Lebesgue), by quadrature. */
function radialCdfFromPotential(U: (x: Float64Array) => number, rMax: number, nr = 120, npsi = 24) {
  const h = rMax / nr;
  const cum = new Float64Array(nr + 1);
  const x = new Float64Array(2);
  const marginal = (r: number) => {
    let s = 0;
    for (let j = 0; j < npsi; j++) {
      const psi = (2 * Math.PI * j) / npsi;
      x[0] = r * Math.cos(psi);
      x[1] = r * Math.sin(psi);
      const u = U(x);
      if (Number.isFinite(u)) s += Math.exp(-u);
    }
    return (s * r * 2 * Math.PI) / npsi;
  };
  let prev = marginal(0);
  for (let i = 0; i < nr; i++) {
    const mid = marginal((i + 0.5) * h);
    const next = marginal((i + 1) * h);
    cum[i + 1] = cum[i] + (h / 6) * (prev + 4 * mid + next);
    prev = next;
  }
  const Z = cum[nr];
  return (r: number) => {
    if (r <= 0) return 0;
    if (r >= rMax) return 1;
    const t = r / h;
    const i = Math.floor(t);
    return (cum[i] + (t - i) * (cum[i + 1] - cum[i])) / Z;
  };
}

describe('λ* and the conformal factor', () => {
  it('λ* = ε/(2√φ_max Δ) (003 eq. 24), with clear errors', () => {
    expect(conformalRate(0.5, 0.01, 4)).toBeCloseTo(0.5 / (2 * 2 * 0.01), 12);
    expect(conformalRate(1, 0.02, 1)).toBeCloseTo(25, 12);
    // halving Δ doubles λ*; quadrupling φ_max halves it
    expect(conformalRate(1, 0.01, 1) / conformalRate(1, 0.02, 1)).toBeCloseTo(2, 12);
    expect(conformalRate(1, 0.01, 1) / conformalRate(1, 0.01, 4)).toBeCloseTo(2, 12);
    expect(() => conformalRate(0, 0.01, 1)).toThrow(/ε must be > 0/);
    expect(() => conformalRate(1, 0.01, Infinity)).toThrow(/φ_max/);
  });

  it('homogeneous data give φ ≈ constant; a dense cluster gives φ < 1 there and φ > 1 around it (dense-contracts)', () => {
    const g = sphereConformalGeometry();
    const hom = buildConformalField(g, sphereSample(300, false, 11).points);
    expect(hom.phiMax / hom.phiMin).toBeLessThan(1.1);
    expect(hom.components).toBe(1);
    const het = sphereSample(300, true, 12);
    const f = buildConformalField(g, het.points);
    expect(f.phiMax / f.phiMin).toBeGreaterThan(1.3);
    // the first 80% of the points form the dense cluster
    const cut = Math.round(0.8 * 300);
    const mean = (xs: ArrayLike<number>) => Array.from(xs).reduce((a, b) => a + b, 0) / xs.length;
    const cluster = f.sigma.subarray(0, cut);
    const background = f.sigma.subarray(cut);
    expect(mean(f.relativeDensity.subarray(0, cut))).toBeGreaterThan(mean(f.relativeDensity.subarray(cut)));
    expect(mean(cluster)).toBeLessThan(0);
    expect(mean(background)).toBeGreaterThan(mean(cluster) + 0.1);
    // σ has zero mean (003's ∫σ = 0, discretely)
    expect(Math.abs(mean(f.sigma))).toBeLessThan(1e-9);
    // the other sign convention mirrors it
    const g2 = buildConformalField(g, het.points, { sign: 'dense-expands' });
    for (let i = 0; i < f.sigma.length; i += 17) expect(g2.sigma[i]).toBeCloseTo(-f.sigma[i], 8);
    // gain scales σ
    const g3 = buildConformalField(g, het.points, { gain: 2 });
    expect(g3.sigma[5]).toBeCloseTo(2 * f.sigma[5], 10);
  });

  it('interpolated φ stays in [φ_min, φ_max] everywhere, equals the nodes’ average near a tight cluster, and is finite far away', () => {
    const g = sphereConformalGeometry();
    const f = buildConformalField(g, sphereSample(200, true, 13).points, { gain: 3 });
    const rng = Rng.fromKey(14);
    for (let i = 0; i < 200; i++) {
      const z = S2.projectPoint(Float64Array.of(rng.normal(), rng.normal(), rng.normal()));
      const phi = conformalFactorAt(f, z);
      expect(phi).toBeGreaterThanOrEqual(f.phiMin * (1 - 1e-12));
      expect(phi).toBeLessThanOrEqual(f.phiMax * (1 + 1e-12));
    }
    // antipode of the data: every weight underflows without the log-sum-exp shift
    expect(Number.isFinite(conformalSigmaAt(f, Float64Array.of(0, 0, -1)))).toBe(true);
  });

  it('the preconditioned solve converges, and σ depends on the data only through their distances (shift invariance on LE)', () => {
    const g = logEuclideanConformalGeometry(2);
    const data = frechetData(
      { manifold: 'spd', k: 2, metric: 'logEuclidean', n: 120, radius: 0.5, heterogeneous: true },
      Rng.fromKey(15),
    );
    const nodes = data.points.map((p) => g.toCoords(p));
    const f = buildConformalField(g, nodes, { kNeighbors: 8 });
    expect(f.cgIterations).toBeGreaterThan(0);
    expect(f.cgIterations).toBeLessThan(20 * 120); // stopped on the residual, not on the cap
    const shifted = nodes.map((x) => Float64Array.from(x, (v, i) => (i < 2 ? v + 0.3 : v)));
    const f2 = buildConformalField(g, shifted, { kNeighbors: 8 });
    for (let i = 0; i < 120; i += 7) expect(f2.sigma[i]).toBeCloseTo(f.sigma[i], 8);
  });

  it('refuses bad input with a clear message', () => {
    const g = sphereConformalGeometry();
    const p = sphereSample(10, false, 16).points;
    expect(() => buildConformalField(g, p.slice(0, 2))).toThrow(/at least 3/);
    expect(() => buildConformalField(g, [...p.slice(0, 5), Float64Array.of(NaN, 0, 1)])).toThrow(/point 5/);
    expect(() => buildConformalField(g, p, { sign: 'up' as never })).toThrow(/sign/);
    expect(() => buildConformalField(g, [p[0], p[0], p[0]])).toThrow(/bandwidth/);
    expect(() => conformalLaplace(buildConformalField(g, p), p[0], -1, Rng.fromKey(1))).toThrow(/λ/);
  });
});

describe('the Conformal-DP sampler', () => {
  it('constant φ reduces to the Riemannian Laplace with σ = 2Δ/ε on S² (KS), and is not the σ = Δ/ε one', () => {
    const g = sphereConformalGeometry();
    const eta = S2.projectPoint(Float64Array.of(0.2, -0.1, 1));
    const c = 0.3; // φ ≡ e^{0.6}
    const field = constantConformalField(g, [eta], c, 100);
    const eps = 1;
    const Delta = 0.2;
    const lambda = conformalRate(eps, Delta, field.phiMax);
    // λ*·ρ* = λ* e^c ρ = ε ρ/(2Δ)
    expect(conformalGeodesicLength(field, g.chart(eta), Float64Array.of(0.3, 0.4))).toBeCloseTo(
      0.5 * Math.exp(c),
      12,
    );
    const rng = Rng.fromKey(21);
    const draws = 500;
    const theta = new Float64Array(draws);
    for (let i = 0; i < draws; i++) {
      const r = conformalLaplace(field, eta, lambda, rng, { burnIn: 300 });
      theta[i] = S2.dist(eta, r.coords);
    }
    const sigma = (2 * Delta) / eps;
    expect(ksOneSample(theta, (t) => sphereLaplaceAngleCdf(t, sigma)).pValue).toBeGreaterThan(1e-3);
    expect(ksOneSample(theta, (t) => sphereLaplaceAngleCdf(t, Delta / eps)).pValue).toBeLessThan(1e-3);
  });

  it('constant φ on log-Euclidean SPD(2): ρ_LE ~ Gamma(d, rate ε/(2Δ)) (KS)', () => {
    const k = 2;
    const d = symDim(k);
    const g = logEuclideanConformalGeometry(k);
    const eta = Float64Array.of(0.1, -0.2, 0.05);
    const field = constantConformalField(g, [eta], -0.4, 100);
    const eps = 0.5;
    const Delta = 0.01;
    const lambda = conformalRate(eps, Delta, field.phiMax);
    const rng = Rng.fromKey(22);
    const rho = new Float64Array(400);
    for (let i = 0; i < rho.length; i++)
      rho[i] = g.dist(eta, conformalLaplace(field, eta, lambda, rng, { burnIn: 300 }).coords);
    const rate = eps / (2 * Delta);
    expect(ksOneSample(rho, (r) => gammaCdf(r, d, rate)).pValue).toBeGreaterThan(1e-3);
    expect(ksOneSample(rho, (r) => gammaCdf(r, d, 1.25 * rate)).pValue).toBeLessThan(1e-3);
  });

  it('non-constant φ: the radial law of the MH releases matches numerical integration of its target (KS), with the φ^{d/2} volume', () => {
    const g = sphereConformalGeometry();
    const field = buildConformalField(g, sphereSample(30, true, 31).points, { gain: 8 });
    expect(field.phiMax / field.phiMin).toBeGreaterThan(4);
    const eta = sphereSample(60, true, 32).mean;
    const lambda = 10;
    const target = conformalLaplaceTarget(field, eta, lambda);
    // the mass beyond r = 1.2 is < e^{−λ√φ_min·1.2} ≈ 1e−4
    const rMax = 1.2;
    const F = radialCdfFromPotential((x) => target.potential(x), rMax);
    const rng = Rng.fromKey(33);
    const r = new Float64Array(300);
    for (let i = 0; i < r.length; i++) {
      const rel = conformalLaplace(field, eta, lambda, rng, { burnIn: 200 });
      r[i] = Math.hypot(rel.x[0], rel.x[1]);
      expect(S2.dist(eta, rel.coords)).toBeCloseTo(r[i], 10);
    }
    expect(ksOneSample(r, F).pValue).toBeGreaterThan(1e-3);
    // power: the same target without the conformal volume factor φ(z)^{d/2} is rejected
    const chart = g.chart(eta);
    const p = new Float64Array(3);
    const noVolume = radialCdfFromPotential(
      (x) => target.potential(x) + 2 * conformalSigmaAt(field, chart.exp(x, p)),
      rMax,
    );
    expect(ksOneSample(r, noVolume).pValue).toBeLessThan(1e-3);
  });
});

/** max over a grid of z of |log p(z|η) − log p(z|η′)| for the release of `field` (S², density w.r.t. μ*). */
function maxPrivacyLoss(field: ConformalField, eta: Float64Array, Delta: number, eps: number): number {
  const g = field.geometry;
  const lambda = conformalRate(eps, Delta, field.phiMax);
  const [e1, e2] = S2.tangentBasis(eta);
  const lengthFrom = (a: Float64Array, b: Float64Array) => {
    const v = S2.log(a, b);
    const [f1, f2] = S2.tangentBasis(a);
    const x = Float64Array.of(
      v[0] * f1[0] + v[1] * f1[1] + v[2] * f1[2],
      v[0] * f2[0] + v[1] * f2[1] + v[2] * f2[2],
    );
    return conformalGeodesicLength(field, g.chart(a), x);
  };
  const NT = 36;
  const NP = 32;
  const zs: { z: Float64Array; w: number }[] = [];
  for (let i = 0; i < NT; i++) {
    const th = ((i + 0.5) * Math.PI) / NT;
    for (let j = 0; j < NP; j++) {
      const ps = (2 * Math.PI * j) / NP;
      const v = Float64Array.from([0, 1, 2], (c) => th * (Math.cos(ps) * e1[c] + Math.sin(ps) * e2[c]));
      zs.push({ z: S2.exp(eta, v), w: (Math.sin(th) * Math.PI * 2 * Math.PI) / (NT * NP) });
    }
  }
  const logPhi = zs.map(({ z }) => 2 * conformalSigmaAt(field, z));
  const logC = (ds: number[]) =>
    Math.log(zs.reduce((a, { w }, i) => a + w * Math.exp(-lambda * ds[i] + logPhi[i]), 0));
  const d0 = zs.map(({ z }) => lengthFrom(eta, z));
  const c0 = logC(d0);
  let worst = 0;
  for (let a = 0; a < 4; a++) {
    const ang = (2 * Math.PI * a) / 4;
    const eta2 = S2.exp(
      eta,
      Float64Array.from([0, 1, 2], (c) => Delta * (Math.cos(ang) * e1[c] + Math.sin(ang) * e2[c])),
    );
    const d1 = zs.map(({ z }) => lengthFrom(eta2, z));
    const c1 = logC(d1);
    for (let i = 0; i < zs.length; i++) worst = Math.max(worst, Math.abs(lambda * (d1[i] - d0[i]) + c1 - c0));
  }
  return worst;
}

describe('privacy loss (why conformal releases are labelled not private)', () => {
  it('constant φ: the loss stays within ε (it is the σ = 2Δ/ε Laplace)', () => {
    const g = sphereConformalGeometry();
    const eta = sphereSample(50, false, 41).mean;
    const field = constantConformalField(g, [eta], 0.2, 100);
    const loss = maxPrivacyLoss(field, eta, 0.05, 1);
    expect(loss).toBeLessThanOrEqual(1 + 1e-6);
    expect(loss).toBeGreaterThan(0.5); // the bound is nearly attained (along the line through η, η′)
  });

  it('a public, non-constant φ: the g*-length of g-geodesics exceeds the ε bound (far outputs), so it is not ε-DP', () => {
    const g = sphereConformalGeometry();
    const field = buildConformalField(g, sphereSample(60, true, 42).points);
    const eta = sphereSample(50, true, 43).mean;
    expect(maxPrivacyLoss(field, eta, 0.05, 1)).toBeGreaterThan(1.5);
  });
});
