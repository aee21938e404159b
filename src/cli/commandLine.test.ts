import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli, json, tempFiles, SMALL_SWEEP } from './testing';
import { OPTIONS } from './options';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const file = tempFiles();

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
