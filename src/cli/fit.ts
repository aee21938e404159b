/** `fit`: the non-private geodesic regression of the data. */
import { dataManifold, generate, manifoldOfResponses } from '../data';
import type { Manifold } from '../geometry/types';
import { nonPrivateClaim } from '../privacy/claims';
import { privacyStatement } from '../privacy/statement';
import { fitGeodesicRegression } from '../regression';
import { landmarksOf, loadUserData, note, outputHead, type Ctx } from './context';
import { spread, vectorColumns, writeOutput } from './output';

export function fitCommand(ctx: Ctx): void {
  const { cfg } = ctx;
  const d = loadUserData(ctx);
  let M: Manifold;
  let xs: Float64Array;
  let ys: Float64Array[];
  let truth: { p: Float64Array; v: Float64Array } | undefined;
  let xLabel: string;
  let xRange: readonly [number, number];
  if (d) {
    M = manifoldOfResponses(cfg.manifold, d.ys);
    ({ xs, ys } = d);
    xLabel = d.parsed.xLabel;
    xRange = d.xRange;
  } else {
    const g = generate(cfg.manifold, { n: cfg.ns[0], seed: cfg.seed, noise: cfg.noise, ...landmarksOf(cfg) });
    M = dataManifold(cfg.manifold, undefined, landmarksOf(cfg).landmarks);
    ({ xs, ys, truth, xLabel, xRange } = g);
  }
  const fit = fitGeodesicRegression(M, xs, ys);
  if (!fit.converged)
    note(ctx, `the fit did not converge within ${fit.iterations} iterations (gradient norm ${fit.gradNorm})`);
  const result = {
    n: ys.length,
    space: M.name,
    p: fit.p,
    v: fit.v,
    energy: fit.energy,
    lnNonPrivateMse: Math.log(2 * fit.energy),
    iterations: fit.iterations,
    converged: fit.converged,
    gradNorm: fit.gradNorm,
    maxResidual: fit.maxResidual,
    xLabel,
    xRange,
  };
  const privacy = privacyStatement({
    batches: [{ claim: nonPrivateClaim('fit (p̂, v̂)', 'the non-private fit'), releases: 1 }],
    data: d ? 'imported' : 'synthetic',
  });
  const dim = fit.p.length;
  const columns = ['n', 'energy', 'lnNonPrivateMse', 'iterations', 'converged', 'gradNorm', 'maxResidual'];
  writeOutput(
    ctx.stdout,
    cfg.format,
    outputHead(ctx, d, {}, privacy),
    { fit: result, truth: truth ?? null },
    () => ({
      columns: [...columns, ...vectorColumns('p', dim), ...vectorColumns('v', dim)],
      rows: [{ ...result, ...spread('p', fit.p), ...spread('v', fit.v) }],
    }),
  );
}
