/**
 * --sampler-seed: the data's seed and the samplers' apart. One data set released with two sampler seeds keeps
 * its data and non-private fit and changes its draws; without the option, and with it equal to --seed, every
 * output is the one printed before it existed.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_SEEDS, seedList } from './options';
import { SchemaSet, validate } from './schema';
import { cli, csvParts, json } from './testing';

const schemas = new SchemaSet(fileURLToPath(new URL('../../docs/schema/', import.meta.url)));
const valid = (command: string, out: unknown) =>
  validate(out, schemas.file(`${command}.schema.json`), schemas, `${command}.schema.json`);

/** An output without its command line (the one field that differs when the option is spelt out). */
const withoutArgv = (stdout: string) => {
  const out = JSON.parse(stdout);
  delete out.provenance.argv;
  return out;
};

// small runs: every command that runs samplers, as cheap as it goes
const RUNS: Record<string, string[]> = {
  release: ['release', '--n', '30', '--m', '2'],
  'release kng': ['release', '--mechanism', 'kng', '--n', '20', '--m', '2', '--burn-in', '20'],
  sweep: ['sweep', '--mechanism', 'kng', '--n', '20', '--m', '2', '--burn-in', '20', '--points', '2'],
  advise: [
    ...['advise', '--mechanism', 'kng', '--n', '20', '--m', '2', '--fine-m', '2', '--burn-in', '20'],
    ...['--points', '3'],
  ],
  histograms: ['histograms', '--draws', '4', '--burn-in', '20'],
  audit: ['audit', '--n', '20', '--releases', '8'],
};
const run = (args: string[], ...more: string[]) => [
  ...args,
  ...more,
  ...(args[0] === 'release' ? [] : ['--workers', '1']),
  '--quiet',
];

describe('--sampler-seed', () => {
  it.each(Object.entries(RUNS))(
    '%s: absent, the output is the one with --sampler-seed equal to --seed',
    async (_name, args) => {
      const absent = await cli(...run(args, '--seed', '3'));
      const same = await cli(...run(args, '--seed', '3', '--sampler-seed', '3'));
      expect(absent.code).toBe(0);
      expect(same.code).toBe(0);
      expect(withoutArgv(same.stdout)).toEqual(withoutArgv(absent.stdout));
      const out = JSON.parse(absent.stdout);
      expect(out.provenance.seeds).toEqual({ data: 3, samplers: 3 });
      expect(out.settings).not.toHaveProperty('samplerSeed');
    },
  );

  it('release: one data set with two sampler seeds — the same non-private fit, other draws', async () => {
    const a = await json(...run(RUNS.release, '--seed', '1', '--sampler-seed', '1'));
    const b = await json(...run(RUNS.release, '--seed', '1', '--sampler-seed', '2'));
    expect(b.nonPrivate).toEqual(a.nonPrivate);
    expect(b.releases[0].p).not.toEqual(a.releases[0].p);
    expect(b.releases[0].v).not.toEqual(a.releases[0].v);
    expect(b.provenance.seeds).toEqual({ data: 1, samplers: 2 });
    expect(b.settings).toMatchObject({ seed: 1, samplerSeed: 2 });
    expect(valid('release', b)).toEqual([]);
    // and the other way round: another data set, the same sampler seed
    const c = await json(...run(RUNS.release, '--seed', '2', '--sampler-seed', '1'));
    expect(c.nonPrivate.p).not.toEqual(a.nonPrivate.p);
    expect(c.provenance.seeds).toEqual({ data: 2, samplers: 1 });
  });

  it('paper 000’s release: the same footpoint fit, other chains', async () => {
    const a = await json(...run(RUNS['release kng']));
    const b = await json(...run(RUNS['release kng'], '--sampler-seed', '9'));
    expect(b.nonPrivate).toEqual(a.nonPrivate);
    expect(b.calibration).toEqual(a.calibration);
    expect(b.footpoints).not.toEqual(a.footpoints);
  });

  it('sweep and advise: the same non-private error, other private ones', async () => {
    const a = await json(...run(RUNS.sweep));
    const b = await json(...run(RUNS.sweep, '--sampler-seed', '5'));
    expect(b.rows.map((r: { lnNonPrivateMse: number }) => r.lnNonPrivateMse)).toEqual(
      a.rows.map((r: { lnNonPrivateMse: number }) => r.lnNonPrivateMse),
    );
    expect(b.rows.map((r: { lnMeanMse: number }) => r.lnMeanMse)).not.toEqual(
      a.rows.map((r: { lnMeanMse: number }) => r.lnMeanMse),
    );
    expect(valid('sweep', b)).toEqual([]);
    const c = await json(...run(RUNS.advise));
    const d = await json(...run(RUNS.advise, '--sampler-seed', '5'));
    expect(d.advice.lnNonPrivateMse).toBe(c.advice.lnNonPrivateMse);
    expect(d.points).not.toEqual(c.points);
    expect(d.settings.samplerSeed).toBe(5);
    expect(valid('advise', d)).toEqual([]);
  });

  it('histograms and the audit: other draws of the same data', async () => {
    const a = await json(...run(RUNS.histograms));
    const b = await json(...run(RUNS.histograms, '--sampler-seed', '4'));
    expect(b.calibration).toEqual(a.calibration);
    expect(b.draws).not.toEqual(a.draws);
    expect(valid('histograms', b)).toEqual([]);
    const c = await json(...run(RUNS.audit));
    const d = await json(...run(RUNS.audit, '--sampler-seed', '4'));
    // the same record changed in the same data, other releases on both sides
    expect(d.neighbour).toEqual(c.neighbour);
    expect(d.nonPrivateD).toEqual(c.nonPrivateD);
    expect(d.histogram).not.toEqual(c.histogram);
    expect(d.provenance.seeds).toEqual({ data: 1, samplers: 4 });
    expect(d.settings).toMatchObject({ seed: 1, samplerSeed: 4 });
    expect(valid('audit', d)).toEqual([]);
  });

  it('is refused where nothing is sampled, and must be an integer ≥ 0', async () => {
    const s = await cli('sensitivity', '--sampler-seed', '2');
    expect(s.code).toBe(2);
    expect(s.stderr).toMatch(/--sampler-seed does not apply to the sensitivity command/);
    const bad = await cli('release', '--sampler-seed', '-1');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--sampler-seed/);
  });
});

describe('sweep --sampler-seed with a list or a range: replicates on one data set', () => {
  type Row = { lnMeanMse: number; lnNonPrivateMse: number; pairs: number };
  type Block = { samplerSeed: number; rows: Row[] };

  it('each replicate is the sweep of its seed alone: the same data and fit, other draws, pooled by their mean', async () => {
    const out = await json(...run(RUNS.sweep, '--seed', '3', '--sampler-seed', '4,5'));
    expect(valid('sweep', out)).toEqual([]);
    expect(out).not.toHaveProperty('rows');
    expect(out.provenance.seeds).toEqual({ data: 3, samplers: [4, 5] });
    expect(out.settings).toMatchObject({ seed: 3, samplerSeed: [4, 5] });
    const blocks: Block[] = out.replicates;
    expect(blocks.map((b) => b.samplerSeed)).toEqual([4, 5]);
    for (const b of blocks) {
      const alone = await json(...run(RUNS.sweep, '--seed', '3', '--sampler-seed', String(b.samplerSeed)));
      expect(b.rows).toEqual(alone.rows);
    }
    const [a, b] = blocks;
    expect(b.rows.map((r) => r.lnNonPrivateMse)).toEqual(a.rows.map((r) => r.lnNonPrivateMse));
    expect(b.rows.map((r) => r.lnMeanMse)).not.toEqual(a.rows.map((r) => r.lnMeanMse));
    // the pooled rows: the mean of the replicates' ln mean MSE, with the standard error of that mean
    expect(out.pooled).toHaveLength(a.rows.length);
    out.pooled.forEach((p: Row & { lnMeanMseSe: number; replicates: number }, i: number) => {
      const values = [a.rows[i].lnMeanMse, b.rows[i].lnMeanMse];
      expect(p.replicates).toBe(2);
      expect(p.lnMeanMse).toBeCloseTo((values[0] + values[1]) / 2, 12);
      // two values: standard deviation |x − y|/√2, standard error |x − y|/2
      expect(p.lnMeanMseSe).toBeCloseTo(Math.abs(values[0] - values[1]) / 2, 12);
      expect(p.lnNonPrivateMse).toBe(a.rows[i].lnNonPrivateMse);
      expect(p.pairs).toBe(a.rows[i].pairs + b.rows[i].pairs);
    });
    // the statement counts the releases of every replicate
    const single = await json(...run(RUNS.sweep, '--seed', '3', '--sampler-seed', '4'));
    expect(out.privacy.releases).toBe(2 * single.privacy.releases);
  });

  it('a range is the list it spans; CSV has a samplerSeed column and the pooled rows as a head line', async () => {
    const list = await cli(...run(RUNS.sweep, '--sampler-seed', '1,2,3'));
    const range = await cli(...run(RUNS.sweep, '--sampler-seed', '1..3'));
    expect(withoutArgv(range.stdout)).toEqual(withoutArgv(list.stdout));
    const j = JSON.parse(list.stdout);
    const csv = await cli(...run(RUNS.sweep, '--sampler-seed', '1..3'), '--format', 'csv');
    expect(csv.code).toBe(0);
    const { head, lines } = csvParts(csv.stdout);
    expect(lines[0].split(',')[0]).toBe('samplerSeed');
    expect(lines).toHaveLength(1 + 3 * j.replicates[0].rows.length);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(
      [1, 2, 3].flatMap((s) => j.replicates[0].rows.map(() => String(s))),
    );
    expect(JSON.parse(head.pooled)).toEqual(j.pooled);
    expect(JSON.parse(head.seeds)).toEqual({ data: 1, samplers: [1, 2, 3] });
  });

  it('one seed in a list or range is the single-seed output', async () => {
    const plain = await cli(...run(RUNS.sweep, '--sampler-seed', '2'));
    for (const one of ['2..2', ' 2 '])
      expect(withoutArgv((await cli(...run(RUNS.sweep, '--sampler-seed', one))).stdout)).toEqual(
        withoutArgv(plain.stdout),
      );
  });

  it('the parser refuses bad lists and ranges with one line naming the option', async () => {
    expect(seedList('sampler-seed', '1..3,7')).toEqual([1, 2, 3, 7]);
    const refusals: [string, RegExp][] = [
      ['x', /must be an integer ≥ 0, a list such as 1,2,3 or a range such as 1\.\.5 \(got "x"\)/],
      ['1,,2', /must be an integer ≥ 0/],
      ['-1', /must be an integer ≥ 0/],
      ['1.5', /must be an integer ≥ 0/],
      ['1..2..3', /must be an integer ≥ 0/],
      ['1...3', /must be an integer ≥ 0/],
      ['5..1', /the range 5\.\.1 runs backwards/],
      ['1,2,1', /names seed 1 twice/],
      ['1..3,2', /names seed 2 twice/],
      [`0..${MAX_SEEDS}`, new RegExp(`gives more than ${MAX_SEEDS} seeds`)],
    ];
    for (const [value, message] of refusals) {
      const r = await cli(...run(RUNS.sweep, `--sampler-seed=${value}`));
      expect(r.code, value).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n'), value).toHaveLength(1);
      expect(r.stderr, value).toMatch(/--sampler-seed/);
      expect(r.stderr, value).toMatch(message);
    }
    // the other commands take one seed
    const release = await cli('release', '--sampler-seed', '1,2');
    expect(release.code).toBe(2);
    expect(release.stderr).toMatch(/--sampler-seed takes one seed for the release command/);
  });
});

describe('advise --format csv', () => {
  it('carries the recommendation with its interval, and the fitted curve, as `#` lines beside the points', async () => {
    const args = run(RUNS.advise, '--sampler-seed', '2');
    const j = await json(...args);
    const r = await cli(...args, '--format', 'csv');
    expect(r.code).toBe(0);
    const { head, lines } = csvParts(r.stdout);
    expect(JSON.parse(head.advice)).toEqual(j.advice);
    expect(JSON.parse(head.advice).interval).toHaveLength(2);
    expect(JSON.parse(head.curve)).toEqual(j.curve);
    // what the advice was computed on: the synthetic data's settings and both seeds
    expect(JSON.parse(head.settings)).toEqual(j.settings);
    expect(JSON.parse(head.seeds)).toEqual({ data: 1, samplers: 2 });
    expect(JSON.parse(head.privacy)).toEqual(j.privacy);
    expect(lines[0]).toBe('stage,split,epsP,epsV,lnMeanMse,se,pairs');
    expect(lines).toHaveLength(1 + j.points.length);
  });
});
