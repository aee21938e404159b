/** `sensitivity`: paper 000's check of the sensitivity bound against the gradients of adjacent data sets. */
import type { SensitivityCell, SensitivitySpec } from '../experiments';
import { privacyStatement } from '../privacy/statement';
import { note, outputHead, type Ctx } from './context';
import { Progress, writeOutput } from './output';
import { runTask } from './run';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const k = s.length >> 1;
  return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2;
};

export async function sensitivityCommand(ctx: Ctx): Promise<void> {
  const { cfg } = ctx;
  const spec: SensitivitySpec = {
    manifold: cfg.manifold,
    ns: cfg.ns,
    pairs: cfg.pairs,
    seed: cfg.seed,
    noise: cfg.noise,
  };
  const progress = new Progress(ctx.stderr, 'sensitivity', !cfg.quiet);
  const cells: SensitivityCell[] = await runTask('sensitivity', spec, cfg.workers, progress.update);
  progress.finish(`${cells.length} pairs`);
  note(
    ctx,
    'τ (and τ_m) are the largest residual (radius) over both data sets of each pair, as in the paper’s check',
  );
  const summary = cfg.ns.map((n) => {
    const mine = cells.filter((c) => c.n === n);
    const rp = mine.map((c) => c.ratioP);
    const rv = mine.map((c) => c.ratioV);
    return {
      n,
      pairs: mine.length,
      minRatioP: Math.min(...rp),
      minRatioV: Math.min(...rv),
      medianRatioP: median(rp),
      medianRatioV: median(rv),
      ratiosBelowOne: [...rp, ...rv].filter((r) => !(r >= 1)).length,
    };
  });
  const below = summary.reduce((a, s) => a + s.ratiosBelowOne, 0);
  if (below > 0) note(ctx, `${below} ratio${below === 1 ? ' is' : 's are'} below 1: the bound fails there`);
  const privacy = privacyStatement({
    batches: [],
    derived: 'it compares the sensitivity bound with the gradients of adjacent data sets',
    data: 'synthetic',
  });
  writeOutput(
    ctx.stdout,
    cfg.format,
    outputHead(ctx, undefined, { pairs: cfg.pairs }, privacy),
    { cells, summary },
    () => ({
      columns: [
        'n',
        'pair',
        'tau',
        'tauM',
        'deltaExpP',
        'deltaExpV',
        'deltaThyP',
        'deltaThyV',
        'ratioP',
        'ratioV',
      ],
      rows: cells as unknown as Record<string, unknown>[],
    }),
  );
  if (!cfg.quiet && cfg.format === 'csv') {
    for (const s of summary)
      ctx.stderr.write(
        `n = ${s.n}: min r_p = ${s.minRatioP.toPrecision(4)}, min r_v = ${s.minRatioV.toPrecision(4)} ` +
          `(median ${s.medianRatioP.toPrecision(4)}, ${s.medianRatioV.toPrecision(4)}) over ${s.pairs} pairs\n`,
      );
  }
}
