/**
 * `release`: one release of paper 000's KNG (`--mechanism kng-joint`: jointRelease.ts), with its privacy
 * statement.
 */
import { mse, prepareRegression, releaseCell, type ReleaseCell } from '../experiments';
import { kngClaimFor } from '../privacy/claims';
import { calibrateKng, kngGroupCount, type KngSettings } from '../privacy/kng';
import { kngPairsBatch, privacyStatement } from '../privacy/statement';
import { kngSettingsEcho } from './config';
import { loadUserData, note, outputHead, privacyNotes, sourceOf, type Ctx } from './context';
import { RELEASE_ANALYST_ONLY, releaseJointCommand } from './jointRelease';
import { spread, vectorColumns, writeOutput } from './output';

export function releaseCommand(ctx: Ctx): void {
  const { cfg } = ctx;
  const d = loadUserData(ctx);
  const source = sourceOf(cfg, d);
  if (cfg.mechanism === 'kng-joint') {
    releaseJointCommand(cfg, source, {
      ...ctx,
      note: (text) => note(ctx, text),
      head: (settings, privacy) => outputHead(ctx, d, settings, privacy),
      dataKind: d ? 'imported' : 'synthetic',
    });
    return;
  }
  const reg = prepareRegression(source);
  const kng: KngSettings = { ...cfg.kng };
  const cal = calibrateKng(reg, kng);
  privacyNotes(ctx, cal.notes, cal.isPrivate);
  const m = kng.m;
  if (m > 1)
    note(
      ctx,
      `m = ${m}: ${m} footpoints, each with ${m} shooting vectors (${m * m} pairs); publishing all of them costs ` +
        `${m} × ε_p + ${m * m} × ε_v = ${+(m * kng.epsP + m * m * kng.epsV).toPrecision(6)} (they are for studying the mechanism)`,
    );
  const scratch = { reg };
  const groups: ReleaseCell[] = Array.from({ length: kngGroupCount(kng) }, (_, g) =>
    releaseCell({ source, kng, seed: cfg.samplerSeed }, g, scratch),
  );
  const independent = kng.scheme === 'independent';
  const footpoints = groups.flatMap((g) => g.footpoints);
  const shootingVectors = groups.flatMap((g) => g.shootingVectors);
  const footpointAcceptance = groups.flatMap((g) => g.footpointChains.map((c) => c.acceptanceRate));
  const shootingAcceptance = groups.flatMap((g) =>
    independent
      ? [g.shootingChains.map((c) => c.acceptanceRate)]
      : g.shootingChains.map((c) => [c.acceptanceRate]),
  );
  const escaped = groups.reduce((a, g) => a + g.escapedShootingChains, 0);
  if (escaped > 0)
    note(
      ctx,
      `${escaped} shooting-vector chain${escaped === 1 ? '' : 's'} escaped (improper target on the plane domain)`,
    );
  const mses = footpoints.map((p, i) => shootingVectors[i].map((v) => mse(reg, p, v)));
  const all = mses.flat();
  const lnMeanMse = Math.log(all.reduce((a, b) => a + b, 0) / all.length);
  const settings = {
    mechanism: 'kng',
    epsP: kng.epsP,
    epsV: kng.epsV,
    ...kngSettingsEcho(kng, [cal.vRadius]),
    adaptTarget: kng.adaptTarget ?? null,
  };
  const calibration = {
    tau: cal.tau,
    tauM: cal.tauM,
    deltaP: cal.deltaP,
    deltaV: cal.deltaV,
    sigmaP: cal.sigmaP,
    sigmaV: cal.sigmaV,
    vRadius: cal.vRadius,
    notes: cal.notes,
  };
  const privacy = privacyStatement({
    batches: [kngPairsBatch(kngClaimFor([reg], kng), m, m * m, kng.epsP, kng.epsV)],
    analystOnly: RELEASE_ANALYST_ONLY,
    data: d ? 'imported' : 'synthetic',
  });
  if (cfg.format === 'csv' && !cfg.quiet) {
    const f = (x: number) => (Number.isFinite(x) ? x.toPrecision(6) : String(x));
    ctx.stderr.write(
      `calibration: τ = ${f(cal.tau)}, τ_m = ${f(cal.tauM)}, Δ_p = ${f(cal.deltaP)}, Δ_v = ${f(cal.deltaV)}, ` +
        `σ_p = ${f(cal.sigmaP)}, σ_v = ${f(cal.sigmaV)}, v radius = ${f(cal.vRadius)}; ` +
        `ln MSE_np = ${f(reg.lnNonPrivateMse)}, ln mean MSE = ${f(lnMeanMse)}\n`,
    );
  }
  const dim = reg.pHat.length;
  writeOutput(
    ctx.stdout,
    cfg.format,
    outputHead(ctx, d, settings, privacy),
    {
      nonPrivate: { p: reg.pHat, v: reg.vHat, lnMse: reg.lnNonPrivateMse, converged: reg.fitConverged },
      calibration,
      footpoints,
      shootingVectors,
      mse: mses,
      lnMeanMse,
      acceptance: { footpointChains: footpointAcceptance, shootingChains: shootingAcceptance },
      escapedShootingChains: escaped,
    },
    () => ({
      columns: [
        'footpoint',
        'vector',
        ...vectorColumns('p', dim),
        ...vectorColumns('v', dim),
        'mse',
        'footpointAcceptance',
        'shootingAcceptance',
      ],
      rows: footpoints.flatMap((p, i) =>
        shootingVectors[i].map((v, j) => ({
          footpoint: i + 1,
          vector: j + 1,
          ...spread('p', p),
          ...spread('v', v),
          mse: mses[i][j],
          footpointAcceptance: independent ? footpointAcceptance[i] : footpointAcceptance[0],
          shootingAcceptance: independent ? shootingAcceptance[i][j] : shootingAcceptance[i][0],
        })),
      ),
    }),
  );
}
