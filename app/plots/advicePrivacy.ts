/**
 * The privacy statement of an advice, for its exports: the CLI's (`advicePrivacy`), on the data the advisor ran
 * on. It fits those data (paper 000's claim checks its bounds against the fit's residuals). Runs in the
 * statement's worker (adviceStatement.worker.ts), never on the page.
 */
import { advicePrivacy } from '../../src/cli/advicePrivacy';
import type { Advice, AdviseSpec } from '../../src/experiments';
import { prepareRegression, type DataSource } from '../../src/experiments/regressionSetup';
import type { PrivacyStatement } from '../../src/privacy/statement';

/** The advisor's data source (as its sweeps build it), with an imported file's covariates in their own units. */
function adviceSource(spec: AdviseSpec, xRange?: readonly [number, number]): DataSource {
  if (spec.imported)
    return { kind: 'imported', manifold: spec.manifold, ...spec.imported, ...(xRange ? { xRange } : {}) };
  return {
    kind: 'synthetic',
    manifold: spec.manifold,
    n: spec.dataset.n,
    noise: spec.dataset.noise,
    seed: spec.seed,
    ...(spec.d !== undefined ? { d: spec.d } : {}),
    ...(spec.landmarks !== undefined ? { landmarks: spec.landmarks } : {}),
  };
}

/** What `advise` would say of this advice. */
export function advicePrivacyOf(
  spec: AdviseSpec,
  advice: Advice,
  xRange?: readonly [number, number],
): PrivacyStatement {
  const source = adviceSource(spec, xRange);
  return advicePrivacy({
    mechanism: spec.mechanism ?? 'kng',
    eps: spec.eps,
    source,
    reg: prepareRegression(source),
    kng: spec.kng,
    points: advice.points,
  });
}
