/**
 * `audit`: the privacy audit of one mechanism of the table (`src/audit/`, `src/experiments/mechanisms/`) on
 * the command line; its options are resolved in `auditConfig.ts`, and the work runs as the `audit` task.
 */
import {
  AUDIT_CONFIDENCE,
  auditInfo,
  auditResult,
  epsilonCeiling,
  type AuditInfo,
  type AuditPair,
} from '../audit';
import { MANIFOLDS } from '../data';
import type { PreparedRegression } from '../experiments/regressionSetup';
import { upperTriangle, upperTriangleNames } from '../io';
import {
  frechetClaim,
  jointClaim,
  kngClaimFor,
  linregClaim,
  nonPrivateClaim,
  tableClaim,
} from '../privacy/claims';
import { DEFAULT_DOMAIN } from '../privacy/kngJoint';
import { maxResidualNorm, olsFit } from '../privacy/linreg';
import { privacyStatement, type ReleaseClaim } from '../privacy/statement';
import { resolveAuditConfig, type AuditConfig } from './auditConfig';
import { CliError, type RawOptions } from './options';
import { Progress, writeOutput, type ErrorSink, type Sink } from './output';
import { provenance } from './provenance';
import { runTask } from './run';

/** Columns of `--format csv` (one row). */
export const AUDIT_COLUMNS = [
  'mechanism',
  'claimedEpsilon',
  'delta',
  'releases',
  'confidence',
  'epsilonLower',
  'epsilonEstimate',
  'ceiling',
  'exactEpsilon',
  'statistic',
  'leaks',
  'verdict',
] as const;

export async function auditCommand(
  values: RawOptions,
  io: { stdout: Sink; stderr: ErrorSink; argv?: readonly string[] },
): Promise<void> {
  const cfg = resolveAuditConfig(values);
  let info;
  try {
    info = auditInfo(cfg.spec);
  } catch (e) {
    if (e instanceof RangeError) throw new CliError(e.message);
    throw e;
  }
  const notes = [...cfg.notes, ...info.notes, info.neighbour.description];
  if (!info.isPrivate && info.reason && !notes.includes(info.reason))
    notes.unshift(`not private: ${info.reason}`);
  if (!cfg.quiet) for (const n of notes) io.stderr.write(`note: ${n}\n`);
  const progress = new Progress(io.stderr, 'audit', !cfg.quiet);
  const cells = await runTask('audit', cfg.spec, cfg.workers, progress.update);
  progress.finish(`${cells.length} cells on ${cfg.workers} worker${cfg.workers === 1 ? '' : 's'}`);
  const { isPrivate: _, ...result } = auditResult(info, cells, cfg.spec.releases);
  const { reg } = cfg;
  const privacy = privacyStatement({
    batches: [{ claim: auditClaim(cfg, info, reg), releases: 2 * result.releases }],
    derived:
      'it prints the record that differs between D and D′, the non-private outputs on both and scores that ' +
      'compare every release with them',
    data: cfg.loaded ? 'imported' : 'synthetic',
  });
  const body = {
    ...result,
    confidence: AUDIT_CONFIDENCE,
    ceiling: epsilonCeiling(result.releases, info.delta),
    neighbour: { ...result.neighbour, inDataUnits: inDataUnits(cfg, result.neighbour, reg) },
  };
  const head = {
    command: 'audit' as const,
    settings: cfg.settingsEcho,
    notes,
    privacy,
    provenance: provenance(
      io.argv ?? [],
      { data: cfg.loaded ? null : cfg.dataSeed, samplers: cfg.spec.seed },
      cfg.loaded ? cfg.loaded.file : null,
    ),
  };
  writeOutput(io.stdout, cfg.format, head, body, () => ({
    columns: AUDIT_COLUMNS,
    rows: [body as unknown as Record<string, unknown>],
  }));
}

/** What one release of the audited mechanism claims (its own claim where the lab has one, else its calibration). */
function auditClaim(cfg: AuditConfig, info: AuditInfo, reg: PreparedRegression | null): ReleaseClaim {
  const { spec } = cfg;
  const s = spec.settings;
  const id = spec.mechanism;
  const n = info.neighbour.records;
  if (reg && (id === 'kng' || id === 'kng-footpoint'))
    return kngClaimFor([reg], s.kng, id === 'kng' ? 'pair' : 'footpoint');
  if (reg && id === 'kng-joint')
    // the table's joint release takes the lab's covariates, rescaled to [0, 1] by their own range
    return jointClaim({
      epsilon: info.claimedEpsilon,
      n,
      clip: (DEFAULT_DOMAIN[reg.M.family?.kind ?? 'sphere'] ?? DEFAULT_DOMAIN.sphere).clip,
      clipGiven: false,
      range: [0, 1],
      rangeIsPublic: false,
    });
  if (id === 'nonprivate') return nonPrivateClaim('fit (p̂, v̂)', 'the non-private fit');
  if (reg && (id === 'dpgr' || id === 'ssp' || id === 'dpsgd')) {
    const data = { xs: Float64Array.from(reg.xs), ys: reg.ys };
    const maxResidual = maxResidualNorm(data, olsFit(data));
    return linregClaim({
      method: id,
      eps: s.eps,
      n,
      tau: s.linreg.dpgr.tau,
      tauInForce: s.linreg.dpgr.tau === 'data' ? maxResidual : s.linreg.dpgr.tau,
      sigmaRule: s.linreg.dpgr.sigmaRule,
      maxResidual,
      yBounds: s.linreg.ssp.yBounds,
      delta: s.linreg.dpsgd.delta,
      clip: s.linreg.dpsgd.clip,
      noise: true,
    });
  }
  const mcmc =
    id === 'conformal' ||
    (id === 'riemannian-laplace' &&
      cfg.manifold === 'spd' &&
      (s.frechet.metric === 'affine' || s.frechet.rlSampler === 'mcmc'));
  if (id === 'euclidean-knorm') return tableClaim({ ...info, epsilon: info.claimedEpsilon }, 'mean', false);
  return frechetClaim({
    mechanism: id,
    eps: s.eps,
    n,
    applicable: true,
    isPrivate: info.isPrivate,
    notes: info.notes,
    gaussianDelta: id === 'tangent-gaussian' || id === 'extrinsic-gaussian' ? s.frechet.delta : null,
    mcmc,
    radius: s.frechet.radius,
    radiusSource: 'synthetic',
  });
}

/**
 * The changed record as the data give it: its number (from 1), the covariate in its own units (a year, an age:
 * the imported range or the generator's), and the response in the file's columns (latitude and longitude in
 * degrees where the file had them). Kendall shapes are given as preshape coordinates (the file's scale and
 * position are gone).
 */
function inDataUnits(cfg: AuditConfig, pair: AuditPair, reg: PreparedRegression | null) {
  const d = cfg.loaded;
  let x: number | null = null;
  if (pair.x !== null) {
    if (d) x = d.xRange[0] + pair.x * (d.xRange[1] - d.xRange[0]);
    else if (reg && 'covariates' in reg.data && reg.data.covariates) x = reg.data.covariates.raw[pair.index];
    else x = pair.x;
  }
  const toRow = (y: number[]): number[] => {
    if (cfg.manifold === 'sphere' && d?.parsed.yLabels.length === 2) {
      const deg = 180 / Math.PI;
      return [Math.asin(Math.max(-1, Math.min(1, y[2]))) * deg, Math.atan2(y[1], y[0]) * deg];
    }
    if (pair.x === null && cfg.manifold === 'spd') return upperTriangle(y, Math.round(Math.sqrt(y.length)));
    return pair.x === null ? y : MANIFOLDS[cfg.manifold].rows.exportRow(Float64Array.from(y));
  };
  const width = toRow(pair.before).length;
  const columns =
    cfg.manifold === 'sphere' && d?.parsed.yLabels.length === 2
      ? d.parsed.yLabels
      : pair.x === null
        ? cfg.manifold === 'spd'
          ? upperTriangleNames(Math.round(Math.sqrt(pair.before.length)))
          : cfg.manifold === 'sphere'
            ? ['x', 'y', 'z']
            : Array.from({ length: width }, (_, j) => `y${j + 1}`)
        : MANIFOLDS[cfg.manifold].rows.exportNames(width, d?.parsed.yLabels);
  return {
    record: pair.index + 1,
    x,
    xLabel: pair.x === null ? null : (d?.parsed.xLabel ?? 'x'),
    columns,
    before: toRow(pair.before),
    after: toRow(pair.after),
  };
}
