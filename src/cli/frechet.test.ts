import { describe, expect, it } from 'vitest';
import { FRECHET_ROW_COLUMNS } from '../experiments/frechetRows';
import { cli, csvParts, json } from './testing';
import { OPTIONS } from './options';

interface Row {
  mechanism: string;
  n: number;
  k: number;
  eps: number;
  meanDist: number;
  meanSqDist: number;
  secondsPerRelease: number;
  applicable: boolean;
  privacy: { private: boolean; releases: number; delta: number | null; statement: string };
  notes: string[];
  fractionNotSpd: number | null;
}

describe('frechet --help', () => {
  it('documents every option of the command with its default, and no option of other commands', async () => {
    const r = await cli('frechet', '--help');
    expect(r.code).toBe(0);
    const mine = OPTIONS.filter((o) => (o.commands as readonly string[]).includes('frechet'));
    for (const o of mine) expect(r.stdout).toContain(`--${o.name}`);
    for (const name of [
      'manifold',
      'k',
      'metric',
      'n',
      'eps',
      'delta',
      'mechanism',
      'calibration',
      'sigma-rule',
      'reps',
      'seed',
      'workers',
      'format',
    ])
      expect(r.stdout).toContain(`--${name} `);
    expect(r.stdout).toMatch(/--eps LIST[\s\S]*\[default: 0\.1,0\.2,0\.3,0\.4\]/);
    expect(r.stdout).toMatch(/--n LIST[\s\S]*\[default: 500\]/);
    expect(r.stdout).toMatch(/--delta NUMBER[\s\S]*\[default:\s+1e-6\]/);
    expect(r.stdout).not.toContain('--noise-var');
    expect(r.stdout).not.toContain('--tau ');
    const all = await cli('--help');
    expect(all.stdout).toContain('  frechet ');
    // per-command defaults of a shared option list only the commands it applies to
    expect(all.stdout).toMatch(
      /\[default:\s+linreg\s+0\.1,0\.2,0\.5,1,2,5,10;\s+frechet\s+0\.1,0\.2,0\.3,0\.4;\s+advise\s+1;\s+sweep\s+2\.02\]/,
    );
  });
});

describe('frechet output', () => {
  it('JSON: one object with a row { mechanism, k, eps, meanDist, meanSqDist, secondsPerRelease, … } per cell (sphere defaults)', async () => {
    const out = await json('frechet', '--n', '40', '--eps', '0.5,1', '--reps', '30', '--workers', '1');
    expect(out.command).toBe('frechet');
    expect(out.settings).toMatchObject({ manifold: 'sphere', n: [40], eps: [0.5, 1], reps: 30, seed: 1 });
    expect(out.settings.radius).toBeCloseTo(Math.PI / 8, 15);
    expect(out.rows).toHaveLength(3 * 2);
    for (const row of out.rows as Row[]) {
      for (const key of ['mechanism', 'k', 'eps', 'meanDist', 'meanSqDist', 'secondsPerRelease', 'privacy'])
        expect(row).toHaveProperty(key);
      expect(row).not.toHaveProperty('isPrivate');
      // synthetic data in the public cap: each row's 30 releases meet their claim (δ for the Gaussian)
      expect(row.privacy).toMatchObject({ private: true, releases: 30 });
      expect(row.privacy.delta).toBe(row.mechanism === 'extrinsic-gaussian' ? 1e-6 : 0);
      expect(row.applicable).toBe(true);
      expect(Number.isFinite(row.meanDist) && row.meanDist > 0).toBe(true);
      expect(row.meanSqDist).toBeGreaterThanOrEqual(row.meanDist ** 2);
    }
    expect(new Set(out.rows.map((r: Row) => r.mechanism))).toEqual(
      new Set(['riemannian-laplace', 'extrinsic-gaussian', 'ambient-laplace']),
    );
    // the distances compare the releases with the data's mean: the output is not a release
    expect(out.privacy).toMatchObject({ private: false, releases: 180 });
    expect(out.privacy.totalEpsilon).toBeCloseTo(3 * 30 * (0.5 + 1), 10);
    // more budget, less error
    const rl = (eps: number) =>
      out.rows.find((r: Row) => r.mechanism === 'riemannian-laplace' && r.eps === eps).meanDist;
    expect(rl(1)).toBeLessThan(rl(0.5));
  });

  it('SPD: mechanisms that do not apply give a row with a note (classical TG at ε ≥ 1), and the run goes on', async () => {
    const r = await cli(
      ...['frechet', '--manifold', 'spd', '--k', '2,5', '--n', '100', '--eps', '0.5,1.5'],
      ...['--calibration', 'classical', '--reps', '5', '--workers', '1'],
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.rows).toHaveLength(4 * 2 * 2);
    const tg = out.rows.filter((x: Row) => x.mechanism === 'tangent-gaussian');
    expect(tg.filter((x: Row) => x.eps === 1.5).every((x: Row) => !x.applicable)).toBe(true);
    expect(tg.find((x: Row) => x.eps === 1.5).notes.join(' ')).toMatch(/only proven for ε < 1/);
    expect(tg.filter((x: Row) => x.eps === 0.5).every((x: Row) => x.applicable)).toBe(true);
    expect(r.stderr).toMatch(/note: tangent-gaussian \(n = 100, k = 2, ε = 1\.5\) not applicable/);
    for (const x of out.rows.filter((x: Row) => x.mechanism === 'ambient-laplace'))
      expect(x.fractionNotSpd).not.toBeNull();
  });

  it('the same numbers with 1 and 2 workers; CSV has the row columns', async () => {
    const args = ['frechet', '--manifold', 'spd', '--k', '3', '--n', '60', '--eps', '0.2,0.4', '--reps', '4'];
    const a = await json(...args, '--workers', '1');
    const b = await json(...args, '--workers', '2');
    const strip = (rows: Row[]) => rows.map(({ secondsPerRelease: _s, ...rest }) => rest);
    expect(strip(b.rows)).toEqual(strip(a.rows));
    const csv = await cli(...args, '--workers', '1', '--format', 'csv');
    expect(csv.code).toBe(0);
    const { lines } = csvParts(csv.stdout);
    expect(lines[0]).toBe(FRECHET_ROW_COLUMNS.map((c) => (c === 'isPrivate' ? 'private' : c)).join(','));
    expect(lines).toHaveLength(1 + a.rows.length);
  });

  it('--experiment sensitivity: every empirical ρ(x̄, x̄′) is within 004’s bound', async () => {
    const out = await json('frechet', '--experiment', 'sensitivity', '--n', '10,40', '--pairs', '8');
    expect(out.rows).toHaveLength(16);
    expect(out.summary).toHaveLength(2);
    for (const s of out.summary) expect(s.exceedances).toBe(0);
    expect(out.summary[1].bound).toBeLessThan(out.summary[0].bound);
    expect(out.notes.join(' ')).toMatch(/within the bound/);
  });

  it('conformal rows are labelled not private, with the reason, whatever the source of φ', async () => {
    for (const source of ['private', 'public']) {
      const out = await json(
        ...['frechet', '--mechanism', 'conformal', '--n', '30', '--eps', '1', '--reps', '3'],
        ...['--burn-in', '100', '--phi-source', source, '--workers', '1'],
      );
      expect(out.rows[0].applicable).toBe(true);
      expect(out.rows[0].privacy.private).toBe(false);
      expect(out.rows[0].privacy.delta).toBeNull();
      expect(out.notes.join(' ')).toMatch(
        source === 'private' ? /private data itself/ : /public reference sample/,
      );
    }
  });
});

describe('frechet --data: the user’s own points (the lab’s points importer)', () => {
  const fixture = (name: string) => new URL(`../../e2e/fixtures/${name}`, import.meta.url).pathname;

  it('sphere lat/lon: n from the file, r from the data (every release labelled not private, said in a note)', async () => {
    const r = await cli(
      'frechet',
      '--data',
      fixture('frechet-directions-latlon.csv'),
      '--eps',
      '1',
      '--reps',
      '3',
      '--workers',
      '1',
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.settings).toMatchObject({ n: [30], radiusSource: 'data' });
    expect(out.settings.data).toMatchObject({ n: 30, yLabels: ['lat', 'lon'], xLabel: null });
    expect(out.settings.radius).toBeGreaterThan(0);
    expect(out.notes.join('\n')).toMatch(/ignored column "id"/);
    expect(out.notes.join('\n')).toMatch(/taken from your data: no release is private/);
    for (const row of out.rows as Row[]) {
      expect(row.n).toBe(30);
      expect(row.privacy.private).toBe(false);
      expect(row.privacy.statement).toMatch(/radius r = .* was taken from the data/);
    }
  });

  it('SPD(3) matrices in JSON with a public radius: k and n from the file, private; a radius the points exceed is named', async () => {
    const args = ['--manifold', 'spd', '--data', fixture('frechet-spd3.json'), '--eps', '1', '--reps', '2'];
    const ok = await json(
      'frechet',
      ...args,
      '--radius',
      '5',
      '--mechanism',
      'riemannian-laplace',
      '--workers',
      '1',
    );
    expect(ok.settings).toMatchObject({ k: [3], n: [20], radius: 5, radiusSource: 'public' });
    expect(ok.rows).toHaveLength(1);
    expect(ok.rows[0]).toMatchObject({ k: 3, n: 20, applicable: true });
    expect(ok.rows[0].privacy.private).toBe(true);
    const tight = await json(
      'frechet',
      ...args,
      '--radius',
      '0.01',
      '--mechanism',
      'riemannian-laplace',
      '--workers',
      '1',
    );
    expect(tight.notes.join('\n')).toMatch(/farther than the public --radius 0\.01/);
    expect(
      tight.rows[0].privacy.assumptions.find((a: { text: string }) => /public ball/.test(a.text)),
    ).toMatchObject({ holdsForThisData: false });
  });

  it.each([
    [['frechet-bad.csv'], /frechet-bad\.csv, row 6, column "y": "abc" is not a number/],
    [['frechet-offsphere.csv'], /row 3: .* has length 1\.02.*--normalize/],
    [
      ['frechet-directions-latlon.csv', '--experiment', 'sensitivity'],
      /--data is for the utility experiment/,
    ],
    [['no-such-file.csv'], /cannot read data file .*no such file/],
  ])('%s: exit 2 with the place named', async (args, message) => {
    const [file, ...rest] = args;
    const r = await cli('frechet', '--data', fixture(file), ...rest);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  it('--normalize projects points off the sphere', async () => {
    const out = await json(
      'frechet',
      '--data',
      fixture('frechet-offsphere.csv'),
      '--normalize',
      '--reps',
      '1',
      '--workers',
      '1',
    );
    expect(out.settings.n).toEqual([12]);
  });
});

describe('frechet: bad options exit 2 with a message', () => {
  const cases: [string[], RegExp][] = [
    [['--manifold', 'kendall'], /--manifold must be sphere or spd/],
    [['--mechanism', 'laplace'], /--mechanism must be riemannian-laplace/],
    [['--eps', '0.1,-1'], /--eps must be a number > 0/],
    [['--eps', '0.1,,0.2'], /--eps: empty entry/],
    [['--manifold', 'spd', '--k', '0'], /--k must be a comma-separated list of integers ≥ 1/],
    [['--radius', '1'], /--radius must be < π\/4/],
    [['--calibration', 'exact'], /--calibration must be classical or analytic/],
    [['--delta', '2'], /--delta must be a number in \(0, 1\)/],
    [['--noise-var', '0.1'], /--noise-var does not apply to the frechet command/],
    [['--n', '2'], /--n must be a comma-separated list of integers ≥ 3/],
    [['--reps', '0'], /--reps must be an integer from 1/],
    [['--experiment', 'fig1'], /--experiment must be utility or sensitivity/],
    [['--phi-source', 'data'], /--phi-source must be private or public/],
  ];
  for (const [args, message] of cases)
    it(args.join(' '), async () => {
      const r = await cli('frechet', ...args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    });
});
