/** `histograms`: paper 001's histograms of single KNG draws (footpoint distance, angle, error). */
import { prepareRegression, type HistogramCell, type HistogramSpec } from '../experiments';
import { kngClaimFor } from '../privacy/claims';
import { calibrateKng, type KngSettings } from '../privacy/kng';
import { privacyStatement } from '../privacy/statement';
import { kngSettingsEcho, samplerSeedField } from './config';
import { outputHead, privacyNotes, type Ctx } from './context';
import { Progress, writeOutput } from './output';
import { runTask } from './run';

function describe(xs: number[], bins = 20) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (t: number) => {
    const h = (s.length - 1) * t;
    const lo = Math.floor(h);
    return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (h - lo);
  };
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  const sd = Math.sqrt(s.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, s.length - 1));
  const min = s[0];
  const max = s[s.length - 1];
  const width = (max - min) / bins || 1;
  const counts = new Array<number>(bins).fill(0);
  for (const x of s) counts[Math.min(bins - 1, Math.floor((x - min) / width))]++;
  const edges = Array.from({ length: bins + 1 }, (_, i) => min + i * width);
  return { mean, sd, min, q05: q(0.05), median: q(0.5), q95: q(0.95), max, histogram: { edges, counts } };
}

export async function histogramsCommand(ctx: Ctx): Promise<void> {
  const { cfg } = ctx;
  const kng: KngSettings = { ...cfg.kng, m: 1, scheme: 'independent' };
  const spec: HistogramSpec = {
    manifold: cfg.manifold,
    n: cfg.ns[0],
    noise: cfg.noise,
    seed: cfg.seed,
    ...samplerSeedField(cfg.seed, cfg.samplerSeed),
    draws: cfg.draws,
    kng,
  };
  const reg = prepareRegression({
    kind: 'synthetic',
    manifold: cfg.manifold,
    n: cfg.ns[0],
    noise: cfg.noise,
    seed: cfg.seed,
  });
  const cal = calibrateKng(reg, kng);
  privacyNotes(ctx, cal.notes, cal.isPrivate);
  const progress = new Progress(ctx.stderr, 'histograms', !cfg.quiet);
  const cells: HistogramCell[] = await runTask('histograms', spec, cfg.workers, progress.update);
  progress.finish(`${cells.length} draws`);
  const settings = {
    mechanism: 'kng',
    draws: cfg.draws,
    epsP: kng.epsP,
    epsV: kng.epsV,
    ...kngSettingsEcho(kng, [cal.vRadius]),
  };
  const privacy = privacyStatement({
    // every draw: its own footpoint chain and one shooting-vector chain
    batches: [
      {
        claim: kngClaimFor([reg], kng),
        releases: cfg.draws,
        parts: [
          { count: cfg.draws, epsilon: kng.epsP, what: 'footpoint' },
          { count: cfg.draws, epsilon: kng.epsV, what: 'shooting vector' },
        ],
      },
    ],
    derived: 'its distances, angles and errors compare each draw with the non-private fit and the data',
    data: 'synthetic',
  });
  writeOutput(
    ctx.stdout,
    cfg.format,
    outputHead(ctx, undefined, settings, privacy),
    {
      calibration: {
        tau: cal.tau,
        tauM: cal.tauM,
        deltaP: cal.deltaP,
        deltaV: cal.deltaV,
        sigmaP: cal.sigmaP,
        sigmaV: cal.sigmaV,
      },
      summary: {
        footpointDistance: describe(cells.map((c) => c.footpointDistance)),
        angle: describe(cells.map((c) => c.angle)),
        mae: describe(cells.map((c) => c.mae)),
      },
      draws: cells,
    },
    () => ({
      columns: ['draw', 'footpointDistance', 'angle', 'mae'],
      rows: cells.map((c, i) => ({ draw: i + 1, ...c })),
    }),
  );
}
