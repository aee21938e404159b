import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, csvParts, json, WINE_CSV } from './testing';
import { OPTIONS } from './options';
import { MIXTURE_SAMPLER } from '../privacy/kngJoint/calibration';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WINE = fileURLToPath(WINE_CSV);

/** A small sweep of paper 000's KNG (the mechanism of its figures; the default is kng-joint). */
const SMALL_SWEEP = [
  'sweep',
  '--mechanism',
  'kng',
  '--n',
  '20',
  '--m',
  '2',
  '--burn-in',
  '50',
  '--points',
  '3',
];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dp-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('help', () => {
  it('--help lists every option and every command', async () => {
    const r = await cli('--help');
    expect(r.code).toBe(0);
    for (const o of OPTIONS) expect(r.stdout).toContain(`--${o.name}`);
    for (const c of ['fit', 'release', 'sweep', 'advise', 'sensitivity', 'histograms'])
      expect(r.stdout).toContain(`  ${c} `);
    expect(r.stdout).toMatch(/--noise-var NUMBER[\s\S]*default: per manifold: sphere 0\.001/);
  });

  it('help COMMAND and COMMAND --help show that command’s options with defaults', async () => {
    const a = await cli('help', 'sweep');
    const b = await cli('sweep', '--help');
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toMatch(/--split unequal\|equal\|both[\s\S]*\[default: both\]/);
    expect(a.stdout).toMatch(/--n LIST[\s\S]*\[default: 20,50,100\]/);
    expect(a.stdout).not.toContain('--eps-p');
  });
});

describe('sweep', () => {
  it('--format json prints one object with 2 panels × 3 points rows (2 workers)', async () => {
    const out = await json(...SMALL_SWEEP, '--workers', '2', '--format', 'json');
    expect(out.command).toBe('sweep');
    expect(out.settings).toMatchObject({ manifold: 'sphere', seed: 1, n: [20], burnIn: 50, m: 2, points: 3 });
    expect(out.settings.splits).toEqual(['unequal', 'equal']);
    expect(out.notes.join(' ')).toMatch(/not private/);
    expect(out.rows).toHaveLength(6);
    for (const row of out.rows) {
      for (const key of ['n', 'split', 'epsP', 'epsV', 'lnMeanMse', 'lnNonPrivateMse'])
        expect(row).toHaveProperty(key);
      expect(row.n).toBe(20);
      expect(Number.isFinite(row.lnMeanMse)).toBe(true);
      expect(row.pairs).toBe(4);
      expect(row).not.toHaveProperty('isPrivate');
      // 2 footpoint chains: the interval rests on 2 groups, around ln mean MSE
      expect(row.lnMeanMseSe).toBeGreaterThan(0);
      expect(row.lnMeanMseCi[0]).toBeLessThan(row.lnMeanMse);
      expect(row.lnMeanMseCi[1]).toBeGreaterThan(row.lnMeanMse);
    }
    // 6 rows of 2 footpoints (ε_p) and 4 shooting vectors (ε_v): the cost of publishing every release
    const cost = out.rows.reduce(
      (a: number, r: { epsP: number; epsV: number }) => a + 2 * r.epsP + 4 * r.epsV,
      0,
    );
    expect(out.privacy).toMatchObject({ private: false, epsilon: null, releases: 24 });
    expect(out.privacy.totalEpsilon).toBeCloseTo(cost, 10);
    expect(out.privacy.statement).toMatch(
      /^Not a private release: its errors compare each release with the data/,
    );
    expect(out.rows.filter((r: { split: string }) => r.split === 'equal')).toHaveLength(3);
  });

  it('same seed, identical output with 1 and 2 workers; csv has a header and one line per row', async () => {
    const one = await cli(...SMALL_SWEEP, '--split', 'unequal', '--workers', '1', '--seed', '7');
    const two = await cli(...SMALL_SWEEP, '--split', 'unequal', '--workers', '2', '--seed', '7');
    expect(one.code).toBe(0);
    // the same output but for the command line in the provenance
    const results = (stdout: string) => ({ ...JSON.parse(stdout), provenance: null });
    expect(results(one.stdout)).toEqual(results(two.stdout));
    const other = await cli(...SMALL_SWEEP, '--split', 'unequal', '--workers', '1', '--seed', '8');
    expect(results(other.stdout).rows).not.toEqual(results(one.stdout).rows);
    const csv = await cli(
      ...SMALL_SWEEP,
      '--split',
      'unequal',
      '--workers',
      '1',
      '--seed',
      '7',
      '--format',
      'csv',
    );
    const { head, lines } = csvParts(csv.stdout);
    expect(lines[0].split(',')).toEqual(
      expect.arrayContaining(['n', 'split', 'epsP', 'epsV', 'lnMeanMse', 'lnMeanMseSe', 'lnNonPrivateMse']),
    );
    expect(lines[0].split(',')).not.toContain('isPrivate');
    expect(lines).toHaveLength(4);
    const rows = JSON.parse(one.stdout).rows;
    const column = (name: string) => {
      const k = lines[0].split(',').indexOf(name);
      return lines.slice(1).map((l) => Number(l.split(',')[k]));
    };
    expect(column('lnMeanMse')).toEqual(rows.map((r: { lnMeanMse: number }) => r.lnMeanMse));
    expect(column('lnMeanMseCiLo')).toEqual(rows.map((r: { lnMeanMseCi: number[] }) => r.lnMeanMseCi[0]));
    // the head: the settings and privacy as JSON, the seed among the provenance
    expect(JSON.parse(head.settings)).toMatchObject({ seed: 7, n: [20], splits: ['unequal'] });
    expect(JSON.parse(head.privacy)).toMatchObject({ private: false, releases: 12 });
    expect(JSON.parse(head.seeds)).toEqual({ data: 7, samplers: 7 });
    expect(head.command).toBe('sweep');
    // progress and notes go to stderr, never into the CSV
    expect(csv.stderr).toMatch(/sweep: 6 cells on 1 worker /);
    expect(csv.stdout).not.toMatch(/note/);
  });
});

describe('sweep budgets and mechanism (what the lab’s sweep runs)', () => {
  it('without the new options: the paper’s panels, echoed as values', async () => {
    const out = await json(...SMALL_SWEEP, '--workers', '1', '--quiet');
    expect(out.settings).toMatchObject({
      eps: [2.02],
      epsRange: [0.2, 2],
      epsScale: 'linear',
      adaptTarget: null,
    });
    const equal = out.rows.filter((r: { split: string }) => r.split === 'equal');
    expect(equal.map((r: { eps: number }) => r.eps)).toEqual([0.2, 1.1, 2]);
  });

  it('--eps splits that total on the unequal panel; --eps-range and --eps-scale log space the equal one', async () => {
    const out = await json(
      ...[...SMALL_SWEEP, '--eps', '5', '--eps-range', '0.01,100', '--eps-scale', 'log', '--workers', '1'],
    );
    expect(out.settings).toMatchObject({ eps: [5], epsRange: [0.01, 100], epsScale: 'log' });
    const rows = (split: string) => out.rows.filter((r: { split: string }) => r.split === split);
    for (const r of rows('unequal')) expect(r.epsP + r.epsV).toBeCloseTo(5, 12);
    expect(rows('unequal')[0].epsP).toBeCloseTo((0.02 / 2.02) * 5, 12);
    const eps = rows('equal').map((r: { eps: number }) => r.eps);
    [0.01, 1, 100].forEach((e, i) => expect(eps[i]).toBeCloseTo(e, 12));
  });

  it('--mechanism kng-joint: m pairs per point at its total ε, the joint claim, its own settings', async () => {
    const out = await json(
      ...['sweep', '--mechanism', 'kng-joint', '--n', '20', '--m', '2', '--points', '2', '--workers', '1'],
    );
    expect(out.settings).toMatchObject({
      mechanism: 'kng-joint',
      m: 2,
      clip: 0.1,
      energyShare: 0.25,
      xRange: [[0, 1]],
      replicas: MIXTURE_SAMPLER.replicas,
      sampler: 'mixture',
    });
    expect(out.settings).not.toHaveProperty('tau');
    expect(out.rows).toHaveLength(4);
    for (const r of out.rows) expect(r.pairs).toBe(2);
    expect(out.privacy).toMatchObject({ private: false, releases: 8, delta: null });
    const total = out.rows.reduce((a: number, r: { eps: number }) => a + 2 * r.eps, 0);
    expect(out.privacy.totalEpsilon).toBeCloseTo(total, 10);
    expect(out.notes.join(' ')).toMatch(/Private for any data/);
  });
});

describe('bad command lines exit 2 with a one-line message', () => {
  const cases: [string[], RegExp][] = [
    [['sweep', '--bogus', '1'], /unknown option --bogus/],
    [['sweep', '--worker', '2'], /unknown option --worker, did you mean --workers\?/],
    [['fit', '--manifold', 'torus'], /--manifold must be sphere, spd, kendall or euclidean \(got "torus"\)/],
    [['release', '--eps-p', '0'], /--eps-p must be a number > 0 \(got "0"\)/],
    [['release', '--eps-v', '-1'], /--eps-v needs a value/],
    [['release', '--eps-v=-1'], /--eps-v must be a number > 0 \(got "-1"\)/],
    [['sweep', '--n', '20,abc'], /--n must be a comma-separated list of integers ≥ 3/],
    [['sweep', '--m', '2.5'], /--m must be an integer/],
    [['sweep', '--eps-p', '1'], /--eps-p does not apply to the sweep command.*--split/],
    [['sweep', '--split', 'half'], /--split must be unequal, equal or both/],
    [['sweep', '--eps', '1,2'], /--eps must be a number > 0/],
    [['sweep', '--eps-range', '2,1'], /--eps-range must be two numbers LO,HI with LO < HI/],
    [['sweep', '--eps-range', '0,1'], /--eps-range must be positive/],
    [['sweep', '--eps-scale', 'ln'], /--eps-scale must be linear or log/],
    [['sweep', '--mechanism', 'kng-joint', '--tau', '1'], /--tau is a setting of --mechanism kng/],
    [['sweep', '--mechanism', 'kng-joint', '--adaptive'], /--adaptive is a setting of --mechanism kng/],
    [['sweep', '--mechanism', 'kng-joint', '--manifold', 'euclidean'], /kng-joint is defined on the sphere/],
    [['release', '--adaptive'], /--adaptive is a setting of --mechanism kng/],
    [['fit', '--landmarks', '8'], /--landmarks is for synthetic Kendall shapes/],
    [['sweep', '--manifold', 'kendall', '--landmarks', '2'], /--landmarks must be an integer from 3 to 200/],
    [['release', '--mechanism', 'kng', '--tau', 'big'], /--tau must be "data" or a number > 0/],
    [['fit', '--format', 'xml'], /--format must be json or csv/],
    [['frobnicate'], /unknown command "frobnicate"/],
    [[], /no command given/],
    [['fit', '--data', '/no/such/file.csv'], /cannot read data file "\/no\/such\/file\.csv": no such file/],
    [['sensitivity', '--data', 'x.csv'], /--data does not apply to the sensitivity command/],
    // sizes the machine cannot hold are refused at once, with the limit named
    [['fit', '--n', '100000000'], /--n 100000000 is beyond the fit command's limit of 1,000,000 records/],
    [['advise', '--n', '1000000'], /--n 1000000 is beyond the advise command's limit of 100,000 records/],
    [['sweep', '--n', '20,2e5'], /--n 200000 is beyond the sweep command's limit of 100,000 records/],
    [
      ['fit', '--manifold', 'kendall', '--n', '600000'],
      /needs 60,600,000 numbers in memory; the limit is 50,000,000/,
    ],
    [
      ['release', '--mechanism', 'kng', '--m', '2000'],
      /--m 2000 makes 4,000,000 pairs .* the limit is 1,000,000 pairs \(m ≤ 1000\)/,
    ],
    [['advise', '--mechanism', 'kng', '--fine-m', '1e4'], /--fine-m 10000 makes 100,000,000 pairs/],
    [['linreg', '--n', '2e6'], /beyond the linreg command's limit of 1,000,000 records/],
    [
      ['frechet', '--manifold', 'spd', '--k', '50', '--n', '30000'],
      /the limit is 50,000,000 \(n ≤ 20,000 here\)/,
    ],
    // exponent notation is an integer only when it is one exactly
    [['fit', '--n', '1.25e1'], /--n must be a comma-separated list of integers ≥ 3 \(got "1\.25e1"\)/],
    [['audit', '--releases', '1.25e1'], /--releases must be an integer from 4/],
  ];
  it.each(cases)('%j', async (argv, message) => {
    const r = await cli(...argv);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const last = r.stderr.trim().split('\n').pop()!;
    expect(last).toMatch(/^error: /);
    expect(last).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('accepts integers in exponent notation (1e2 = 100)', async () => {
    const out = await json('fit', '--n', '1e2', '--seed', '2e0');
    expect(out.settings).toMatchObject({ n: [100], seed: 2 });
    expect(out.fit.n).toBe(100);
  });

  it('latitudes and longitudes that look like radians are refused, with what to do', async () => {
    const path = file('radians.csv', 'year,lat,lon\n1990,0.17,0.35\n2000,0.21,0.44\n2010,0.26,0.51\n');
    const r = await cli('fit', '--data', path);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/look like radians.*multiply by 180\/π/);
  });

  it('a bad --data file prints the parser’s message naming row and column', async () => {
    const bad = file('bad.csv', 'x,lat,lon\n0,10,20\n0.5,abc,25\n1,15,30\n');
    const r = await cli('fit', '--data', bad);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`error: ${bad}, row 3, column "lat": "abc" is not a number`);
    const spd = file('notspd.csv', 'x,a,b,c\n0,1,0,1\n1,1,2,1\n2,1,0,2\n');
    const s = await cli('release', '--manifold', 'spd', '--data', spd);
    expect(s.code).toBe(2);
    expect(s.stderr).toMatch(/row 3: the matrix \[\[1, 2\], \[2, 1\]\] is not positive definite/);
  });
});

describe('advise', () => {
  const SMALL = [
    ...['advise', '--mechanism', 'kng', '--n', '20', '--m', '3', '--fine-m', '4', '--burn-in', '100'],
    ...['--points', '5'],
  ];

  it('--format json prints the recommended split, its interval and the fitted curve (2 workers = 1 worker)', async () => {
    const out = await json(...SMALL, '--eps', '2', '--workers', '2');
    expect(out.command).toBe('advise');
    expect(out.settings).toMatchObject({ manifold: 'sphere', n: [20], eps: [2], points: 5, fineM: 4, m: 3 });
    expect(out.advice).not.toHaveProperty('isPrivate');
    // 5 coarse points of 3 × 3 pairs and 9 fine ones of 4 × 4
    expect(out.privacy).toMatchObject({ private: false, releases: 5 * 9 + 9 * 16 });
    const a = out.advice;
    expect(a.epsP + a.epsV).toBeCloseTo(2, 12);
    expect(a.interval[0]).toBeLessThanOrEqual(a.split);
    expect(a.split).toBeLessThanOrEqual(a.interval[1]);
    expect(a.summary).toMatch(/ε = 2, n = 20/);
    expect(out.curve.length).toBeGreaterThan(50);
    for (const c of out.curve) expect(Number.isFinite(c.lnMse)).toBe(true);
    // 5 coarse splits then 9 fine ones with 4 × 4 pairs
    expect(out.points.filter((p: { stage: string }) => p.stage === 'coarse')).toHaveLength(5);
    expect(out.points.filter((p: { stage: string }) => p.stage === 'fine')).toHaveLength(9);
    expect(out.points.find((p: { stage: string }) => p.stage === 'fine').pairs).toBe(16);
    const one = await json(...SMALL, '--eps', '2', '--workers', '1');
    expect(one.advice).toEqual(a);
  });

  it('on --data it says that advice on private data is not private, and what to do instead', async () => {
    const path = file('adv.csv', 'age,lat,lon\n50,10,20\n60,12,25\n70,15,29\n90,17,33\n80,16,31\n');
    const out = await json(
      'advise',
      '--mechanism',
      'kng',
      '--data',
      path,
      '--m',
      '2',
      '--burn-in',
      '50',
      '--points',
      '3',
      '--workers',
      '1',
    );
    expect(out.settings.data).toMatchObject({ n: 5 });
    expect(out.notes.join(' ')).toMatch(/not private: run it on synthetic data of the same size and noise/);
  });

  it('refuses options of other commands and lists of ε', async () => {
    const r = await cli('advise', '--eps', '1,2');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--eps must be a number > 0 \(got "1,2"\)/);
    const s = await cli('advise', '--split', 'equal');
    expect(s.code).toBe(2);
    expect(s.stderr).toMatch(/--split does not apply to the advise command/);
  });
});

describe('--data', () => {
  it('sphere (lat/lon CSV): fit, release and sweep use the file; --n is ignored with a note', async () => {
    const path = file('sphere.csv', 'age,lat,lon\n50,10,20\n60,12,25\n70,15,29\n90,17,33\n80,16,31\n');
    const fit = await json('fit', '--data', path, '--n', '100');
    expect(fit.fit.n).toBe(5);
    expect(fit.settings.data).toMatchObject({ file: path, n: 5, xLabel: 'age', xRange: [50, 90] });
    expect(fit.notes.join(' ')).toMatch(/--n is ignored/);
    expect(Math.hypot(...fit.fit.p)).toBeCloseTo(1, 12);
    const rel = await json('release', '--mechanism', 'kng', '--data', path, '--m', '2', '--burn-in', '50');
    expect(rel.footpoints).toHaveLength(2);
    const sweep = await json(
      'sweep',
      '--mechanism',
      'kng',
      '--data',
      path,
      '--m',
      '2',
      '--burn-in',
      '50',
      '--points',
      '2',
      '--workers',
      '1',
    );
    expect(sweep.rows).toHaveLength(4);
    expect(sweep.rows[0].n).toBe(5);
  });

  it('sphere coordinates off the unit sphere: an error suggesting --normalize, which projects them', async () => {
    const path = file('xyz.csv', '0,2,0,0\n0.5,0,2,0\n1,0,0,2\n0.7,1,1,0\n');
    const r = await cli('fit', '--data', path);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/row 1: the point \(2, 0, 0\) has length 2, not 1.*--normalize/);
    const ok = await json('fit', '--data', path, '--normalize');
    expect(ok.fit.n).toBe(4);
    expect(ok.notes.join(' ')).toMatch(/4 points were projected/);
  });

  it('synthetic shapes with --landmarks k live on Kendall(k); a file’s own landmarks win, with a note', async () => {
    const out = await json('fit', '--manifold', 'kendall', '--landmarks', '8', '--n', '12');
    expect(out.settings.landmarks).toBe(8);
    expect(out.fit.p).toHaveLength(16);
    expect((await json('fit', '--manifold', 'kendall', '--n', '12')).settings.landmarks).toBe(50);
    const path = file(
      'tri-landmarks.csv',
      'age,x1,y1,x2,y2,x3,y3\n60,0,0,1,0,0,1\n70,0,0,1.1,0,0,0.9\n80,0,0,1.2,0,0,0.8\n',
    );
    const own = await json('fit', '--manifold', 'kendall', '--data', path, '--landmarks', '8');
    expect(own.settings).not.toHaveProperty('landmarks');
    expect(own.fit.p).toHaveLength(6);
    expect(own.notes.join(' ')).toMatch(/--landmarks is ignored/);
  });

  it('kendall shapes with any number of landmarks (fit)', async () => {
    const path = file(
      'tri.csv',
      'age,x1,y1,x2,y2,x3,y3\n60,0,0,1,0,0,1\n70,0,0,1.1,0,0,0.9\n80,0,0,1.2,0,0,0.8\n',
    );
    const out = await json('fit', '--manifold', 'kendall', '--data', path);
    expect(out.fit.space).toBe('kendall(3)');
    expect(out.fit.p).toHaveLength(6);
  });

  it('kendall shapes with 20 landmarks release on the 20-landmark shape space (manifold read off the data)', async () => {
    // 8 subjects: a circle of 20 landmarks stretched with the covariate, plus a seeded wobble
    const rows = Array.from({ length: 8 }, (_, i) => {
      const coords = Array.from({ length: 20 }, (_, j) => {
        const t = (2 * Math.PI * j) / 20;
        const wobble = 0.01 * Math.sin(7 * i + 3 * j);
        return [(1 + 0.05 * i) * Math.cos(t) + wobble, Math.sin(t) - wobble];
      }).flat();
      return [50 + 5 * i, ...coords].join(',');
    });
    const names = Array.from({ length: 20 }, (_, j) => `x${j + 1},y${j + 1}`).join(',');
    const path = file('k20.csv', [`age,${names}`, ...rows].join('\n'));
    const rel = await json(
      'release',
      '--mechanism',
      'kng',
      '--manifold',
      'kendall',
      '--data',
      path,
      '--m',
      '2',
      '--burn-in',
      '20',
    );
    expect(rel.footpoints).toHaveLength(2);
    expect(rel.footpoints[0]).toHaveLength(40);
  });

  it('spd (x, a, b, c CSV, semicolons)', async () => {
    const path = file('spd.csv', 'x;a;b;c\n0;1;0.1;1\n0.5;1.5;0.2;1.2\n1;2;0.3;1.5\n0.7;1.7;0.2;1.3\n');
    const fit = await json('fit', '--manifold', 'spd', '--data', path);
    expect(fit.fit.n).toBe(4);
    expect(fit.fit.p).toHaveLength(4);
    expect(fit.fit.converged).toBe(true);
    const rel = await json(
      'release',
      '--mechanism',
      'kng',
      '--manifold',
      'spd',
      '--data',
      path,
      '--m',
      '2',
      '--burn-in',
      '50',
    );
    expect(rel.calibration.tauM).toBeGreaterThan(0);
    expect(rel.footpoints).toHaveLength(2);
  });

  it('fit on the wine table with chosen columns', async () => {
    const out = await json('fit', '--manifold', 'euclidean', '--data', WINE, '--columns', 'x=alcohol,y=pH');
    expect(out.fit.n).toBe(1599);
    expect(out.fit.p).toHaveLength(1);
    expect(out.fit.converged).toBe(true);
    expect(out.settings.data).toMatchObject({ xLabel: 'alcohol', yLabels: ['pH'], separator: 'semicolon' });
    expect(out.fit.lnNonPrivateMse).toBeLessThan(0);
    const two = await json(
      'fit',
      '--manifold',
      'euclidean',
      '--data',
      WINE,
      '--columns',
      'x=alcohol,y=pH,density',
    );
    expect(two.fit.p).toHaveLength(2);
    const csv = await cli(
      'fit',
      '--manifold',
      'euclidean',
      '--data',
      WINE,
      '--columns',
      'x=alcohol,y=pH',
      '--format',
      'csv',
    );
    const { head, lines } = csvParts(csv.stdout);
    expect(lines[0]).toBe('n,energy,lnNonPrivateMse,iterations,converged,gradNorm,maxResidual,p1,v1');
    // the data file's hash, as sha256sum would print it
    expect(head.dataSha256).toBe(createHash('sha256').update(readFileSync(WINE)).digest('hex'));
    expect(JSON.parse(head.settings).data).toMatchObject({ file: WINE, n: 1599, xLabel: 'alcohol' });
  });
});

describe('fit, release, sensitivity, histograms', () => {
  it('fit prints p̂, v̂, energy, iterations, converged and ln MSE_np', async () => {
    const out = await json('fit', '--manifold', 'spd', '--n', '20');
    for (const key of ['p', 'v', 'energy', 'iterations', 'converged', 'lnNonPrivateMse'])
      expect(out.fit).toHaveProperty(key);
    expect(out.fit.lnNonPrivateMse).toBeCloseTo(Math.log(2 * out.fit.energy), 12);
  });

  it('release JSON has the calibration, m footpoints, m×m shooting vectors and MSEs', async () => {
    const m = 3;
    const out = await json(
      'release',
      '--mechanism',
      'kng',
      '--m',
      String(m),
      '--burn-in',
      '100',
      '--eps-p',
      '0.5',
      '--tau',
      '3.14159',
    );
    expect(out.calibration).toMatchObject({ tau: 3.14159 });
    expect(out.calibration).not.toHaveProperty('isPrivate');
    expect(out).not.toHaveProperty('isPrivate');
    // m footpoints with m shooting vectors each: m² pairs costing m·ε_p + m²·ε_v
    expect(out.privacy).toMatchObject({ private: false, releases: m * m, totalEpsilon: m * 0.5 + m * m * 1 });
    expect(out.calibration.deltaP).toBeCloseTo((2 * 3.14159) / 50, 12);
    expect(out.calibration.sigmaP).toBeCloseTo(out.calibration.deltaP / 0.5, 12);
    expect(out.footpoints).toHaveLength(m);
    expect(out.shootingVectors).toHaveLength(m);
    for (const vs of out.shootingVectors) expect(vs).toHaveLength(m);
    expect(out.mse.flat()).toHaveLength(m * m);
    expect(out.acceptance.footpointChains).toHaveLength(m);
    expect(out.escapedShootingChains).toBe(0);
    const csv = await cli('release', '--mechanism', 'kng', '--m', '2', '--burn-in', '100', '--format', 'csv');
    expect(csvParts(csv.stdout).lines).toHaveLength(5);
    expect(csv.stderr).toMatch(/calibration: τ = /);
    expect(csv.stderr).toMatch(/m = 2: 2 footpoints, each with 2 shooting vectors \(4 pairs\)/);
  });

  it('release --mechanism kng prints one publishable pair by default, and says exactly what holds', async () => {
    const out = await json(
      ...['release', '--mechanism', 'kng', '--burn-in', '50', '--tau', '3.1416', '--sigma-rule', 'strict'],
    );
    expect(out.settings.m).toBe(1);
    expect(out.footpoints).toHaveLength(1);
    expect(out.shootingVectors[0]).toHaveLength(1);
    expect(out.privacy).toMatchObject({
      private: false,
      epsilon: 2,
      delta: null,
      releases: 1,
      totalEpsilon: 2,
    });
    expect(out.privacy.statement).toMatch(
      /Each shooting vector is ε_v-DP given the released footpoint .*but the footpoint release is not ε_p-DP, so the pair is not private/,
    );
    const assumption = (re: RegExp) =>
      out.privacy.assumptions.find((a: { text: string }) => re.test(a.text))?.holdsForThisData;
    expect(assumption(/every residual ≤ τ = 3\.1416$/)).toBe(true);
    expect(assumption(/strict rule/)).toBe(true);
    // a public τ below the data's largest residual: the analyst is told the data break it
    const low = await json('release', '--mechanism', 'kng', '--burn-in', '20', '--tau', '0.01');
    expect(low.privacy.assumptions.find((a: { text: string }) => /τ = 0\.01/.test(a.text))).toMatchObject({
      holdsForThisData: false,
    });
    expect(low.privacy.statement).toMatch(/largest residual 0\.\d+ exceeds the public τ = 0\.01/);
    // every setting is a value: the ball's radius is π, not "default"
    expect(out.settings.vRadius).toEqual([Math.PI]);
    expect(JSON.stringify(out.settings)).not.toMatch(/default/);
  });

  it('release defaults to kng-joint: one pair, its privacy statement, ln mean and median MSE', async () => {
    const out = await json('release', '--n', '60');
    expect(out.settings).toMatchObject({
      mechanism: 'kng-joint',
      epsP: 0.75,
      epsV: 0.75,
      epsE: 0.5,
      clip: 0.1,
    });
    expect(out.settings.xRange).toEqual([0, 1]);
    expect(out).not.toHaveProperty('isPrivate');
    expect(out.privacy).toMatchObject({
      private: true,
      epsilon: 2,
      releases: 1,
      totalEpsilon: 2,
      delta: null,
    });
    expect(out.privacy.statement).toMatch(/δ is not certified/);
    expect(out.releases).toHaveLength(1);
    expect(out.lnMedianMse).toBeCloseTo(out.lnMeanMse, 12);
    expect(out.calibration.deltaP).toBeCloseTo((2 * 0.1) / 60, 12);
    const many = await json('release', '--n', '60', '--m', '3');
    expect(many.privacy).toMatchObject({ releases: 3, totalEpsilon: 6 });
    expect(many.notes.join(' ')).toMatch(/publishing all of them costs 3 × ε/);
  });

  it('kng-joint on a file without --x-range is not private and says why; with it, it is', async () => {
    const path = file(
      'years.csv',
      'year,lat,lon\n1990,10,20\n2000,12,25\n2010,15,29\n2020,17,33\n2005,16,31\n',
    );
    const bare = await json('release', '--data', path);
    expect(bare.privacy.private).toBe(false);
    expect(bare.provenance.dataSha256).toBe(createHash('sha256').update(readFileSync(path)).digest('hex'));
    expect(bare.provenance.seeds).toEqual({ data: null, samplers: 1 });
    expect(bare.settings.noise).toBeNull();
    expect(
      bare.privacy.assumptions.find((a: { text: string }) => /covariate range/.test(a.text)),
    ).toMatchObject({ holdsForThisData: false });
    expect(bare.notes.join(' ')).toMatch(/not private/);
    const ranged = await json('release', '--data', path, '--x-range', '1990,2010');
    expect(ranged.privacy.private).toBe(true);
    expect(ranged.notes.join(' ')).toMatch(/1 covariate lay outside the public range and was clamped/);
    const r = await cli('release', '--x-range', '5,1');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--x-range must be two numbers LO,HI with LO < HI/);
    const k = await cli('release', '--mechanism', 'kng', '--clip', '0.2');
    expect(k.code).toBe(2);
    expect(k.stderr).toMatch(/--clip is a setting of --mechanism kng-joint/);
  });

  it('sensitivity prints cells and the minimum ratio per n', async () => {
    const out = await json('sensitivity', '--n', '20,30', '--pairs', '3', '--workers', '1');
    expect(out.cells).toHaveLength(6);
    expect(out.summary.map((s: { n: number }) => s.n)).toEqual([20, 30]);
    for (const s of out.summary) expect(s.minRatioP).toBeGreaterThanOrEqual(1);
  });

  it('histograms prints draws and summaries', async () => {
    const out = await json('histograms', '--draws', '10', '--burn-in', '100', '--workers', '1');
    expect(out.draws).toHaveLength(10);
    expect(out.summary.angle.histogram.counts.reduce((a: number, b: number) => a + b, 0)).toBe(10);
  });
});

describe('as a process', () => {
  it('runs a sweep on 2 worker threads, prints JSON on stdout only, and exits promptly', () => {
    // (the timeout only catches a process that never exits, e.g. one kept alive by its worker threads)
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', ...SMALL_SWEEP, '--workers', '2', '--split', 'equal'],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.rows).toHaveLength(3);
    expect(r.stderr).toMatch(/sweep: 6 cells on 2 workers/);
    const bad = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'fit', '--n', 'x'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('error: --n must be a comma-separated list of integers ≥ 3 (got "x")\n');
  });
});
