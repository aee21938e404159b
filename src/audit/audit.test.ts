import { describe, expect, it } from 'vitest';
import type { MechanismSettings } from '../experiments/mechanisms';
import { DEFAULT_KNG_SETTINGS } from '../privacy/kng';
import { DEFAULT_LINREG_SETTINGS } from '../privacy/linreg';
import {
  auditCell,
  auditCellCount,
  auditInfo,
  auditNeighbours,
  auditResult,
  auditSetup,
  runAudit,
  type AuditCell,
  type AuditSpec,
} from './audit';
import { frechetMean } from '../geometry/mean';
import { privacyBoundary } from './bounds';

/** Public bounds everywhere, σ = 2Δ/ε. Radius 0.05 on S²: the curvature factor of 004's Δ is ≈ 1 there. */
export const STRICT: MechanismSettings = {
  eps: 1,
  kng: { ...DEFAULT_KNG_SETTINGS, tau: Math.PI, sigmaRule: 'strict' },
  frechet: {
    metric: 'logEuclidean',
    radius: 0.05,
    delta: 1e-6,
    calibration: 'analytic',
    sigmaRule: 'strict',
  },
  linreg: DEFAULT_LINREG_SETTINGS,
};

const exactSpec = (
  mechanism: 'euclidean-knorm' | 'riemannian-laplace',
  seed: number,
  releases: number,
  settings = STRICT,
): AuditSpec => ({
  mechanism,
  data: {
    kind: 'points',
    space: mechanism === 'euclidean-knorm' ? 'euclidean' : 'sphere',
    n: 20,
    k: 1,
    seed: 1,
  },
  settings,
  neighbour: { kind: 'largest-residual' },
  releases,
  seed,
});

describe('the audit on exactly private mechanisms (σ = 2Δ/ε, public bounds, worst-case neighbour)', () => {
  for (const mechanism of ['euclidean-knorm', 'riemannian-laplace'] as const) {
    it(`${mechanism}: ε_lb ≤ ε and ≤ the exact loss of the pair on ≥ 18 of 20 seeds (N = 2000)`, () => {
      let belowEps = 0;
      let belowExact = 0;
      for (let seed = 0; seed < 20; seed++) {
        const r = runAudit(exactSpec(mechanism, seed, 2000));
        expect(r.statistic).toBe('log-likelihood ratio');
        if (r.epsilonLower <= r.claimedEpsilon) belowEps++;
        if (r.epsilonLower <= r.exactEpsilon!) belowExact++;
      }
      expect(belowEps).toBeGreaterThanOrEqual(18);
      expect(belowExact).toBeGreaterThanOrEqual(18);
    });
  }

  it('the exact loss of the worst-case pair is close to ε/2 (σ = 2Δ/ε leaves a factor 2; S²: 004’s curvature factor)', () => {
    expect(auditInfo(exactSpec('euclidean-knorm', 0, 4)).exactEpsilon).toBeCloseTo(0.476, 3);
    // (the points are replicate 0 of the Fréchet experiment, as the lab's view draws them)
    expect(auditInfo(exactSpec('riemannian-laplace', 0, 4)).exactEpsilon).toBeCloseTo(0.4865, 3);
  });

  it('is reasonably tight at ε = 1, N = 10⁴: K-norm (R¹) ε_lb ≥ 0.4ε; S² Laplace ε_lb ≥ 0.6 × its exact loss', () => {
    const k = runAudit(exactSpec('euclidean-knorm', 0, 10000));
    expect(k.epsilonLower).toBeGreaterThanOrEqual(0.4);
    expect(k.epsilonLower).toBeLessThanOrEqual(k.exactEpsilon!);
    const s = runAudit(exactSpec('riemannian-laplace', 0, 10000));
    expect(s.epsilonLower).toBeGreaterThanOrEqual(0.6 * s.exactEpsilon!);
    expect(s.epsilonLower).toBeLessThanOrEqual(s.exactEpsilon!);
    expect(s.verdict).toMatch(/^consistent with ε = 1 \(measured: at least 0\.\d+\)$/);
  });

  it('S² Laplace with σ = Δ/ε (its exact loss ≈ 0.97ε): ε_lb ≥ 0.4ε at N = 10⁴, and ≤ ε', () => {
    const paper = { ...STRICT, frechet: { ...STRICT.frechet, sigmaRule: 'paper' as const } };
    const r = runAudit(exactSpec('riemannian-laplace', 0, 10000, paper));
    expect(r.exactEpsilon).toBeGreaterThan(0.95);
    expect(r.epsilonLower).toBeGreaterThanOrEqual(0.4);
    expect(r.epsilonLower).toBeLessThanOrEqual(1);
  });

  it('catches a broken copy: σ = Δ/(2ε) while claiming ε = 1 (half the smallest valid σ) gives ε_lb > ε', () => {
    // σ = Δ/ε′ with ε′ = 2 is the broken σ for a claim of ε = 1
    const broken = { ...STRICT, eps: 2, frechet: { ...STRICT.frechet, sigmaRule: 'paper' as const } };
    for (const mechanism of ['euclidean-knorm', 'riemannian-laplace'] as const)
      expect(runAudit(exactSpec(mechanism, 0, 10000, broken)).epsilonLower).toBeGreaterThan(1);
    // halving the strict σ = 2Δ/ε only removes its slack: still ε-DP, and the audit agrees
    const halved = { ...STRICT, frechet: { ...STRICT.frechet, sigmaRule: 'paper' as const } };
    expect(runAudit(exactSpec('euclidean-knorm', 0, 10000, halved)).epsilonLower).toBeLessThanOrEqual(1);
  });
});

describe('the audit of the non-private fit', () => {
  it('is trivially distinguishable: ε_lb ≥ ln N − 2, statistic the distance along the line, verdict "not private"', () => {
    const N = 10000;
    const r = runAudit({
      mechanism: 'nonprivate',
      data: { kind: 'regression', source: { kind: 'synthetic', manifold: 'sphere', n: 30, seed: 2 } },
      settings: STRICT,
      neighbour: { kind: 'largest-residual' },
      releases: N,
      seed: 1,
    });
    expect(r.claimedEpsilon).toBe(Infinity);
    expect(r.isPrivate).toBe(false);
    expect(r.statistic).toBe('distance along the line between the non-private outputs');
    expect(r.epsilonLower).toBeGreaterThanOrEqual(Math.log(N) - 2);
    expect(r.verdict).toMatch(/^not private: an attacker tells D from D′ with ε ≥ 7\.\d/);
    expect(r.leaks).toBe(false);
  });
});

describe('cells and neighbours', () => {
  const spec = exactSpec('riemannian-laplace', 3, 1000);

  it('a release’s score does not depend on the cell size; partial results use the cells that arrived', () => {
    const a = runAudit({ ...spec, cellReleases: 200 });
    const setup = auditSetup(spec);
    const small = { ...spec, cellReleases: 100 };
    const cells = Array.from({ length: auditCellCount(small) }, (_, i) => auditCell(small, i, setup));
    const b = auditResult(auditInfo(small), cells);
    expect(b.epsilonLower).toBe(a.epsilonLower);
    expect(b.histogram).toEqual(a.histogram);
    const partial = auditResult(auditInfo(small), [cells[0], undefined, cells[2]], 1000);
    expect(partial.releases).toBe(200);
    expect(partial.requested).toBe(1000);
  });

  it('default neighbour: the record farthest from the centre moves to the opposite edge of the public ball', () => {
    const info = auditInfo(spec);
    const M = auditSetup(spec).neighbours.D.M;
    const north = Float64Array.of(0, 0, 1);
    expect(M.dist(north, Float64Array.from(info.neighbour.after))).toBeCloseTo(0.05, 12);
    const before = Float64Array.from(info.neighbour.before);
    expect(M.dist(before, Float64Array.from(info.neighbour.after))).toBeCloseTo(
      0.05 + M.dist(north, before),
      9,
    );
    const chosen = auditInfo({ ...spec, neighbour: { kind: 'index', index: 4 } });
    expect(chosen.neighbour.index).toBe(4);
    expect(() => auditInfo({ ...spec, neighbour: { kind: 'index', index: 20 } })).toThrow(
      /record 21 does not exist: the data have 20 records/,
    );
  });

  it('auditNeighbours gives the pair the audit attacks, for the default and for a chosen record', () => {
    for (const neighbour of [{ kind: 'largest-residual' as const }, { kind: 'index' as const, index: 7 }]) {
      const reg: AuditSpec = {
        mechanism: 'kng',
        data: { kind: 'regression', source: { kind: 'synthetic', manifold: 'sphere', n: 20, seed: 2 } },
        settings: STRICT,
        neighbour,
        releases: 4,
        seed: 1,
      };
      const nb = auditNeighbours(reg);
      const info = auditInfo(reg);
      expect(nb.index).toBe(info.neighbour.index);
      expect(Array.from(nb.before)).toEqual(info.neighbour.before);
      expect(Array.from(nb.after)).toEqual(info.neighbour.after);
      expect(nb.D2.ys.filter((y, i) => y !== nb.D.ys[i])).toHaveLength(1);
      if (neighbour.kind === 'index') expect(nb.index).toBe(7);
      // with D passed in (the lab's views): the same pair
      const given = auditNeighbours(reg, auditSetup(reg).neighbours.D);
      expect(Array.from(given.after)).toEqual(Array.from(nb.after));
    }
  });

  it('regression neighbour with public τ: the largest residual is reflected to residual τ', () => {
    const s = auditSetup({
      mechanism: 'kng',
      data: { kind: 'regression', source: { kind: 'synthetic', manifold: 'euclidean', n: 20, seed: 2 } },
      settings: { ...STRICT, kng: { ...STRICT.kng, tau: 2 } },
      neighbour: { kind: 'largest-residual' },
      releases: 4,
      seed: 1,
    });
    const { D, D2, index } = s.neighbours;
    expect(D2.ys[index][0]).not.toBe(D.ys[index][0]);
    expect(s.neighbours.description).toMatch(/largest residual.*residual 2 \(the public τ\)/);
    expect(s.statistic).toBe('unnormalised log-likelihood ratio');
  });

  it('SPD regression neighbour with public τ and τ_m: the new response stays within τ_m of the data’s mean (and reaches τ where that allows)', () => {
    const spd = (tauM: number | 'data') =>
      auditSetup({
        mechanism: 'kng',
        data: { kind: 'regression', source: { kind: 'synthetic', manifold: 'spd', n: 20, seed: 2 } },
        settings: { ...STRICT, kng: { ...STRICT.kng, tau: 2, tauM } },
        neighbour: { kind: 'largest-residual' },
        releases: 4,
        seed: 1,
      }).neighbours;
    const free = spd('data');
    const { M, ys } = free.D;
    const centre = frechetMean(M, ys);
    const radius = Math.max(...ys.map((y) => M.dist(centre, y)));
    const tauM = 1.2 * radius;
    // without a public τ_m the reflected record (residual τ = 2) leaves that ball: the test below can fail
    expect(M.dist(centre, free.after)).toBeGreaterThan(tauM);
    const held = spd(tauM);
    expect(held.index).toBe(free.index);
    for (const y of held.D2.ys) expect(M.dist(centre, y)).toBeLessThanOrEqual(tauM + 1e-9);
    expect(M.dist(centre, held.after)).toBeCloseTo(tauM, 6); // as far as the ball allows, not nearer
    expect(held.description).toMatch(/held within the public τ_m = [\d.]+ of the data's mean/);
    // a τ_m large enough changes nothing: the residual is τ again
    const roomy = spd(1e3);
    expect(Array.from(roomy.after)).toEqual(Array.from(free.after));
    expect(roomy.description).toMatch(/the public τ\)/);
  });

  it('refuses a spec whose data do not suit the mechanism, naming what is wrong', () => {
    expect(() => auditInfo({ ...spec, mechanism: 'kng' })).toThrow(/takes regression data/);
    expect(() => auditInfo({ ...spec, mechanism: 'tangent-gaussian' })).toThrow();
    expect(() => auditInfo({ ...spec, releases: 2 })).toThrow(/integer ≥ 4/);
    expect(() => auditInfo({ ...spec, mechanism: 'nope' })).toThrow(/unknown mechanism "nope"/);
  });
});

describe('the exact trade-off curve (S² Laplace, quadrature)', () => {
  it('reaches the closed-form ε of the pair, lies on the right side of its boundary, and the empirical curve follows it', () => {
    const spec = exactSpec('riemannian-laplace', 0, 10000);
    const r = runAudit(spec);
    const exact = r.exactTradeOff!;
    const eps = r.exactEpsilon!;
    let implied = 0;
    for (let i = 0; i < exact.alpha.length; i++) {
      const [a, b] = [exact.alpha[i], exact.beta[i]];
      expect(b).toBeGreaterThanOrEqual(privacyBoundary(a, eps, 0) - 1e-3); // quadrature error
      if (a > 1e-3 && b < 1) implied = Math.max(implied, Math.log((1 - b) / a));
    }
    expect(implied).toBeGreaterThan(0.9 * eps);
    expect(implied).toBeLessThanOrEqual(eps + 1e-3); // quadrature error
    // the empirical curve (N = 10⁴) against the exact one at the same α: 4 standard errors
    const at = (alpha: number[], beta: number[], x: number) => {
      let i = 0;
      while (i < alpha.length - 1 && alpha[i + 1] > x) i++;
      const [a0, a1, b0, b1] = [alpha[i], alpha[i + 1] ?? 0, beta[i], beta[i + 1] ?? 1];
      return a0 === a1 ? b0 : b0 + ((x - a0) / (a1 - a0)) * (b1 - b0);
    };
    for (const x of [0.1, 0.3, 0.5, 0.7, 0.9])
      expect(
        Math.abs(at(r.tradeOff.alpha, r.tradeOff.beta, x) - at(exact.alpha, exact.beta, x)),
      ).toBeLessThan(4 * Math.sqrt(0.25 / 10000) + 0.01);
  });
});

describe('the verdict in words', () => {
  it('says "no leak found" when the two sides cannot be told apart (not "measured: at least 0")', () => {
    const scores = Float64Array.from({ length: 400 }, (_, i) => Math.sin(i * 12.9898) * 0.5);
    const info = { claimedEpsilon: 1, delta: 0 } as AuditCell['info'];
    const cell = { info, first: 0, scoresD: scores, scoresD2: scores } as unknown as AuditCell;
    const r = auditResult(info, [cell]);
    expect(r.epsilonLower).toBe(0);
    expect(r.verdict).toBe(
      'consistent with ε = 1: no leak found (the releases of D and D′ could not be told apart)',
    );
  });
});
