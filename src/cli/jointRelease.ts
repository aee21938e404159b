/** `release --mechanism kng-joint`: one pair ε-DP for any data (docs/kng-joint.md), with its privacy statement. */
import {
  jointReleaseCell,
  jointSamplerSettings,
  lnMeanAndMedian,
  prepareJointGroups,
  prepareRegression,
  type DataSource,
  type JointReleaseSpec,
} from '../experiments';
import { jointClaim } from '../privacy/claims';
import { DEFAULT_KNG_JOINT } from '../privacy/kngJoint';
import { privacyStatement, type PrivacyStatement } from '../privacy/statement';
import type { Config } from './config';
import { spread, vectorColumns, writeOutput, type ErrorSink, type OutputHead, type Sink } from './output';

/** What `release` prints beside the releases (both mechanisms). */
export const RELEASE_ANALYST_ONLY = 'the non-private fit and each release’s MSE on the data';

export function releaseJointCommand(
  cfg: Config,
  source: DataSource,
  io: {
    stdout: Sink;
    stderr: ErrorSink;
    notes: string[];
    note: (text: string) => void;
    head: (settings: Record<string, unknown>, privacy: PrivacyStatement) => OutputHead;
    dataKind: 'synthetic' | 'imported';
  },
): void {
  const spec: JointReleaseSpec = {
    source,
    joint: {
      ...DEFAULT_KNG_JOINT,
      ...jointSamplerSettings(cfg.jointSampler),
      epsP: cfg.epsP,
      epsV: cfg.epsV,
      epsE: cfg.joint.epsE,
      m: cfg.joint.m,
      ...(cfg.joint.clip !== undefined ? { clip: cfg.joint.clip } : {}),
      ...(cfg.joint.xRange ? { xRange: cfg.joint.xRange } : {}),
    },
    // the source carries the data's seed; the chains take the samplers'
    seed: cfg.samplerSeed,
  };
  const reg = prepareRegression(source);
  const group = prepareJointGroups(reg, source, spec.joint);
  const { ctx, cov } = group;
  const settings = ctx.settings;
  const scratch = { reg, group };
  const cells = Array.from({ length: spec.joint.m }, (_, i) => jointReleaseCell(spec, i, scratch));
  const cal = ctx.calibration;
  for (const n of group.notes) io.note(n);
  if (spec.joint.m > 1)
    io.note(
      `${spec.joint.m} draws: each is one release; publishing all of them costs ${spec.joint.m} × ε = ` +
        `${(spec.joint.m * cal.epsilon).toPrecision(3)} (they are for studying the mechanism)`,
    );
  const { lnMeanMse, lnMedianMse } = lnMeanAndMedian(cells.map((c) => c.mse));
  const privacy = privacyStatement({
    batches: [
      {
        claim: jointClaim({
          epsilon: cal.epsilon,
          n: reg.ys.length,
          clip: settings.clip,
          clipGiven: cfg.joint.clip !== undefined,
          range: cov.range,
          rangeIsPublic: cov.rangeIsPublic,
        }),
        releases: spec.joint.m,
      },
    ],
    analystOnly: RELEASE_ANALYST_ONLY,
    data: io.dataKind,
  });
  const settingsOut = {
    mechanism: 'kng-joint',
    epsP: settings.epsP,
    epsV: settings.epsV,
    epsE: settings.epsE,
    clip: settings.clip,
    xRange: settings.xRange,
    vRadius: [cal.vRadius],
    pRadius: Number.isFinite(cal.pRadius) ? cal.pRadius : null,
    m: settings.m,
    replicas: settings.replicas,
    burnIn: settings.burnIn,
    frozenSteps: settings.frozenSteps,
    adaptTarget: settings.adaptTarget,
    // --sampler as in force: the mixture (with MIXTURE_SAMPLER's share of independence moves), or the walk,
    // also where the mixture does not apply (shapes above MIXTURE_MAX_DIMENSION)
    sampler: settings.proposal ?? 'walk',
    independenceWeight: settings.proposal === 'mixture' ? (settings.independenceWeight ?? null) : null,
  };
  const calibration = {
    deltaP: cal.deltaP,
    deltaV: cal.deltaV,
    deltaE: cal.deltaE,
    sigmaP: cal.sigmaP,
    sigmaV: cal.sigmaV,
    sigmaE: Number.isFinite(cal.sigmaE) ? cal.sigmaE : null,
  };
  if (cfg.format === 'csv' && !cfg.quiet) {
    io.stderr.write(
      `kng-joint: ε = ${cal.epsilon} (${privacy.statement}); ln MSE_np = ${reg.lnNonPrivateMse.toPrecision(6)}, ` +
        `ln mean MSE = ${lnMeanMse.toPrecision(6)}, ln median MSE = ${lnMedianMse.toPrecision(6)}\n`,
    );
  }
  const dim = reg.pHat.length;
  writeOutput(
    io.stdout,
    cfg.format,
    io.head(settingsOut, privacy),
    {
      nonPrivate: { p: reg.pHat, v: reg.vHat, lnMse: reg.lnNonPrivateMse, converged: reg.fitConverged },
      calibration,
      releases: cells.map((c) => ({
        pMid: c.pMid,
        vMid: c.vMid,
        p: c.p,
        v: c.v,
        mse: c.mse,
        acceptanceRate: c.acceptanceRate,
      })),
      lnMeanMse,
      lnMedianMse,
    },
    () => ({
      columns: ['draw', ...vectorColumns('p', dim), ...vectorColumns('v', dim), 'mse', 'acceptanceRate'],
      rows: cells.map((c, i) => ({
        draw: i + 1,
        ...spread('p', c.p),
        ...spread('v', c.v),
        mse: c.mse,
        acceptanceRate: c.acceptanceRate,
      })),
    }),
  );
}
