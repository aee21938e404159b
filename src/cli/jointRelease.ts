/** `release --mechanism kng-joint`: one pair ε-DP for any data (docs/kng-joint.md), with its privacy statement. */
import {
  jointAssumptions,
  jointReleaseCell,
  lnMeanAndMedian,
  prepareJointGroups,
  prepareRegression,
  type DataSource,
  type JointReleaseSpec,
} from '../experiments';
import { DEFAULT_KNG_JOINT } from '../privacy/kngJoint';
import type { Config } from './config';
import { spread, toCsv, toJson, vectorColumns, type ErrorSink, type Sink } from './output';

export function releaseJointCommand(
  cfg: Config,
  source: DataSource,
  io: { stdout: Sink; stderr: ErrorSink; notes: string[]; note: (text: string) => void; settings: object },
): void {
  const spec: JointReleaseSpec = {
    source,
    joint: {
      ...DEFAULT_KNG_JOINT,
      epsP: cfg.epsP,
      epsV: cfg.epsV,
      epsE: cfg.joint.epsE,
      m: cfg.joint.m,
      ...(cfg.joint.clip !== undefined ? { clip: cfg.joint.clip } : {}),
      ...(cfg.joint.xRange ? { xRange: cfg.joint.xRange } : {}),
    },
    seed: cfg.seed,
  };
  const reg = prepareRegression(source);
  const group = prepareJointGroups(reg, source, spec.joint);
  const { ctx, cov } = group;
  const settings = ctx.settings;
  if (settings.epsE !== spec.joint.epsE) io.note('the energy term needs a bounded space: ε_E = 0 on SPD');
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
  const isPrivate = group.isPrivate;
  const privacy = {
    private: isPrivate,
    epsilon: cal.epsilon,
    delta: null,
    statement: isPrivate
      ? `each pair is ${cal.epsilon}-DP for the exact target (ε_E + ε_p + ε_v); the sampler's δ is not certified`
      : 'not private: the covariate range was taken from the data',
    assumptions: jointAssumptions(cov, ctx),
    releases: spec.joint.m,
    totalEpsilon: spec.joint.m * cal.epsilon,
  };
  const settingsOut = {
    ...io.settings,
    mechanism: 'kng-joint',
    epsP: settings.epsP,
    epsV: settings.epsV,
    epsE: settings.epsE,
    clip: settings.clip,
    xRange: settings.xRange,
    vRadius: cal.vRadius,
    ...(Number.isFinite(cal.pRadius) ? { pRadius: cal.pRadius } : {}),
    m: settings.m,
    annealSteps: settings.annealSteps,
    burnIn: settings.burnIn,
    frozenSteps: settings.frozenSteps,
    adaptTarget: settings.adaptTarget,
  };
  const calibration = {
    deltaP: cal.deltaP,
    deltaV: cal.deltaV,
    deltaE: cal.deltaE,
    sigmaP: cal.sigmaP,
    sigmaV: cal.sigmaV,
    sigmaE: Number.isFinite(cal.sigmaE) ? cal.sigmaE : null,
  };
  if (cfg.format === 'json') {
    io.stdout.write(
      `${toJson({
        command: cfg.command,
        settings: settingsOut,
        notes: io.notes,
        nonPrivate: { p: reg.pHat, v: reg.vHat, lnMse: reg.lnNonPrivateMse, converged: reg.fitConverged },
        calibration,
        privacy,
        isPrivate,
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
      })}\n`,
    );
    return;
  }
  if (!cfg.quiet) {
    io.stderr.write(
      `kng-joint: ε = ${cal.epsilon} (${privacy.statement}); ln MSE_np = ${reg.lnNonPrivateMse.toPrecision(6)}, ` +
        `ln mean MSE = ${lnMeanMse.toPrecision(6)}, ln median MSE = ${lnMedianMse.toPrecision(6)}\n`,
    );
  }
  const dim = reg.pHat.length;
  io.stdout.write(
    toCsv(
      ['draw', ...vectorColumns('p', dim), ...vectorColumns('v', dim), 'mse', 'acceptanceRate'],
      cells.map((c, i) => ({
        draw: i + 1,
        ...spread('p', c.p),
        ...spread('v', c.v),
        mse: c.mse,
        acceptanceRate: c.acceptanceRate,
      })),
    ),
  );
}
