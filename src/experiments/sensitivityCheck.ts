import { generate, dataManifold, type DataManifold } from '../data';
import { frechetMean } from '../geometry/mean';
import { kngSensitivity } from '../privacy/sensitivity';
import { fitGeodesicRegression, gradient } from '../regression';
import { defineTask } from '../workers/defineTask';

/**
 * Validity of the sensitivity bounds (000 App. G, Fig. 9/10; docs/experiments.md): pairs of adjacent data
 * sets D, D' from n + 1 generated points whose covariates were rescaled once on all n + 1 (D drops the first
 * point, D' the last); Δ^exp = ‖∇E(D) − ∇E(D')‖ with both gradients at D's fit; Δ^thy from the bound with τ =
 * the largest residual over both sets (and τ_m the radius of both sets around their Fréchet mean); r =
 * Δ^thy/Δ^exp.
 */
export interface SensitivitySpec {
  manifold: DataManifold;
  ns: number[];
  /** Adjacent pairs per n (paper: 20). */
  pairs: number;
  seed: number;
  noise?: number;
  /** Kendall: landmarks per outline (default 50), as in the workspace's data. */
  landmarks?: number;
}

export interface SensitivityCell {
  n: number;
  pair: number;
  tau: number;
  tauM: number;
  deltaExpP: number;
  deltaExpV: number;
  deltaThyP: number;
  deltaThyV: number;
  ratioP: number;
  ratioV: number;
}

export function sensitivityCellCount(spec: SensitivitySpec): number {
  return spec.ns.length * spec.pairs;
}

export function sensitivityCell(spec: SensitivitySpec, index: number): SensitivityCell {
  const n = spec.ns[Math.floor(index / spec.pairs)];
  const pair = index % spec.pairs;
  const M = dataManifold(spec.manifold, 1, spec.landmarks);
  // One seed per (n, pair), from the experiment's seed.
  const all = generate(spec.manifold, {
    n: n + 1,
    seed: spec.seed * 1_000_003 + n * 1009 + pair,
    noise: spec.noise,
    landmarks: spec.landmarks,
  });
  const xsD = all.xs.subarray(1);
  const ysD = all.ys.slice(1);
  const xsD2 = all.xs.subarray(0, n);
  const ysD2 = all.ys.slice(0, n);
  const fit = fitGeodesicRegression(M, xsD, ysD);
  const g = gradient(M, xsD, ysD, fit.p, fit.v);
  const g2 = gradient(M, xsD2, ysD2, fit.p, fit.v);
  const diff = (a: Float64Array, b: Float64Array) =>
    M.norm(
      fit.p,
      a.map((x, i) => x - b[i]),
    );
  const tau = Math.max(g.maxResidual, g2.maxResidual);
  let tauM = 0;
  if (M.curvatureBounds[0] < 0) {
    const m0 = frechetMean(M, all.ys);
    for (const y of all.ys) tauM = Math.max(tauM, M.dist(m0, y));
  }
  const thy = kngSensitivity(M.curvatureBounds[0], n, tau, tauM);
  const deltaExpP = diff(g.gradP, g2.gradP);
  const deltaExpV = diff(g.gradV, g2.gradV);
  return {
    n,
    pair,
    tau,
    tauM,
    deltaExpP,
    deltaExpV,
    deltaThyP: thy.deltaP,
    deltaThyV: thy.deltaV,
    ratioP: thy.deltaP / deltaExpP,
    ratioV: thy.deltaV / deltaExpV,
  };
}

export function runSensitivityCheck(spec: SensitivitySpec): SensitivityCell[] {
  return Array.from({ length: sensitivityCellCount(spec) }, (_, i) => sensitivityCell(spec, i));
}

export const sensitivityTask = defineTask<SensitivitySpec, SensitivityCell>({
  cellCount: sensitivityCellCount,
  cell: sensitivityCell,
});
