import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINREG_ROW_COLUMNS } from '../experiments/linreg';
import { linregMethodIds, MECHANISMS } from '../experiments/mechanisms';
import { cli, csvParts, json, WINE_CSV } from './testing';
import { OPTIONS } from './options';

const WINE = fileURLToPath(WINE_CSV);
const WINE_001 = ['--data', WINE, '--rows', '100', '--columns', 'x=fixed acidity,y=pH'];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dp-linreg-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('linreg --help', () => {
  it('documents every option of the command, with defaults, and no option of other commands', async () => {
    const r = await cli('linreg', '--help');
    expect(r.code).toBe(0);
    for (const o of OPTIONS.filter((o) => (o.commands as readonly string[]).includes('linreg')))
      expect(r.stdout).toContain(`--${o.name}`);
    for (const name of ['data', 'columns', 'rows', 'eps', 'method', 'reps', 'seed', 'format', 'n', 'workers'])
      expect(r.stdout).toContain(`--${name} `);
    expect(r.stdout).toMatch(/--eps LIST[\s\S]*\[default: 0\.1,0\.2,0\.5,1,2,5,10\]/);
    expect(r.stdout).toMatch(/--n LIST[\s\S]*\[default: 100\]/);
    expect(r.stdout).not.toContain('--manifold');
    expect(r.stdout).not.toContain('--eps-p');
    const all = await cli('--help');
    expect(all.stdout).toContain('  linreg ');
  });
});

describe('linreg --method values come from the mechanism table', () => {
  const linregEntries = MECHANISMS.filter((m) => m.family === 'linreg').map((m) => m.id);

  it('are the table’s linear-regression mechanisms, then the non-private baseline; a new entry appears', () => {
    expect(linregEntries.length).toBeGreaterThan(0);
    expect(linregMethodIds()).toEqual([...linregEntries, 'nonprivate']);
    const added = { ...MECHANISMS.find((m) => m.family === 'linreg')!, id: 'new-baseline' };
    expect(linregMethodIds([...MECHANISMS, added])).toEqual([...linregEntries, 'new-baseline', 'nonprivate']);
  });

  it('the help lists each with its table blurb and defaults to all; other values are refused, naming them', async () => {
    const help = (await cli('linreg', '--help')).stdout.replace(/\s+/g, ' ');
    for (const id of linregEntries) {
      const entry = MECHANISMS.find((m) => m.id === id)!;
      expect(help).toContain(`${id} — ${entry.blurb.replace(/\s+/g, ' ')}`);
    }
    expect(help).toContain(`[default: ${[...linregEntries, 'nonprivate'].join(',')}]`);
    const r = await cli('linreg', '--method', 'kng', '--n', '20');
    expect(r.code).toBe(2);
    for (const id of [...linregEntries, 'nonprivate']) expect(r.stderr).toContain(id);
  });
});

describe('linreg output', () => {
  it('JSON: one object whose rows are { method, eps, mse, mseSd, reps, … } per method and ε (synthetic data)', async () => {
    const out = await json('linreg', '--eps', '0.5,2', '--reps', '30', '--workers', '1', '--n', '40');
    expect(out.command).toBe('linreg');
    expect(out.settings).toMatchObject({ seed: 1, n: [40], noise: 0.1, data: null, eps: [0.5, 2], reps: 30 });
    expect(out.settings.methods).toEqual(['dpgr', 'ssp', 'dpsgd', 'nonprivate']);
    expect(out.rows).toHaveLength(8);
    for (const row of out.rows) {
      for (const key of ['method', 'eps', 'mse', 'mseSd', 'mseMedian', 'reps', 'nonPrivateMse', 'privacy'])
        expect(row).toHaveProperty(key);
      expect(row.privacy.releases).toBe(row.reps);
      expect(Number.isFinite(row.mse)).toBe(true);
      expect(row.reps).toBe(row.method === 'nonprivate' ? 1 : 30);
    }
    expect(out.nonPrivate.intercept).toHaveLength(1);
    expect(out.notes.join(' ')).toMatch(/not private/);
  });

  it('paper 001’s wine run reproduces the ordering at ε = 2, and the same numbers with 1 and 2 workers', async () => {
    const a = await json('linreg', ...WINE_001, '--eps', '2', '--reps', '200', '--workers', '1');
    const b = await json('linreg', ...WINE_001, '--eps', '2', '--reps', '200', '--workers', '2');
    expect(b.rows).toEqual(a.rows);
    expect(a.settings.data).toMatchObject({ n: 100, rows: 100, xLabel: 'fixed acidity', yLabels: ['pH'] });
    const mse = (m: string) => a.rows.find((r: { method: string }) => r.method === m).mse;
    expect(mse('nonprivate')).toBeLessThan(mse('dpgr'));
    expect(mse('dpgr')).toBeLessThan(mse('dpsgd'));
    expect(mse('dpsgd')).toBeLessThan(mse('ssp'));
  });

  it('CSV: a header of the row columns and one line per (method, ε); even with public bounds no row is private', async () => {
    const r = await cli(
      'linreg',
      ...WINE_001,
      '--eps',
      '1,4',
      '--method',
      'dpgr,ssp',
      '--reps',
      '10',
      '--tau',
      '1',
      '--y-bounds',
      '2.5:4.5',
      '--format',
      'csv',
      '--workers',
      '1',
    );
    expect(r.code).toBe(0);
    const { head, lines } = csvParts(r.stdout);
    expect(lines[0]).toBe(LINREG_ROW_COLUMNS.map((c) => (c === 'isPrivate' ? 'private' : c)).join(','));
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^dpgr,1,/);
    expect(lines[4]).toMatch(/^ssp,4,/);
    // the covariates are rescaled by the data's own range (and DPGR's footpoint leaks): public bounds are not enough
    for (const l of lines.slice(1)) expect(l).toMatch(/,false,0$/);
    expect(r.stderr).not.toMatch(/public bounds/);
    const privacy = JSON.parse(head.privacy);
    expect(privacy).toMatchObject({ private: false, releases: 40, totalEpsilon: 2 * 10 * (1 + 4) });
  });

  it('JSON: each row’s privacy says why its releases are not private; the table says which of its bounds are public', async () => {
    const out = await json(
      ...['linreg', ...WINE_001, '--eps', '1', '--reps', '5', '--workers', '1'],
      ...['--tau', '1', '--y-bounds', '2.5:4.5'],
    );
    const row = (m: string) => out.rows.find((r: { method: string }) => r.method === m).privacy;
    expect(row('ssp').statement).toMatch(
      /^Not private: the covariates are rescaled to \[0, 1\] by the data’s own/,
    );
    expect(row('ssp').assumptions.find((a: { text: string }) => /response box/.test(a.text))).toMatchObject({
      holdsForThisData: true,
    });
    expect(row('dpgr').statement).toMatch(/footpoint release is not ε_p-DP/);
    expect(row('dpsgd').delta).toBe(1e-5);
    expect(row('nonprivate')).toMatchObject({ epsilon: null, totalEpsilon: null });
    expect(out.privacy.totalEpsilon).toBeNull();
  });
});

describe('linreg refuses bad options with exit code 2 and a message', () => {
  const bad: [string[], RegExp][] = [
    [['--eps', '0'], /--eps must be a number > 0 \(got "0"\)/],
    [['--eps', '1,,2'], /--eps: empty entry/],
    [['--eps', '1,1'], /--eps lists a value twice/],
    [['--method', 'dpgr,lasso'], /--method must be dpgr, ssp, dpsgd or nonprivate \(got "lasso"\)/],
    [['--reps', '0'], /--reps must be an integer from 1 to 100000/],
    [['--n', '20,50'], /--n takes one size for the linreg command/],
    [['--rows', '10'], /--rows needs --data FILE/],
    [['--columns', 'x=a,y=b'], /--columns needs --data FILE/],
    [['--delta', '1'], /--delta must be a number in \(0, 1\)/],
    [['--clip', '0'], /--clip must be a number > 0 \(got "0"\)/],
    [['--steps', '1.5'], /--steps must be an integer/],
    [['--y-bounds', '3:1'], /--y-bounds: LO must be below HI/],
    [['--y-bounds', 'wide'], /--y-bounds must be "data" or LO:HI/],
    [['--manifold', 'sphere'], /--manifold does not apply to the linreg command/],
    [['--eps-p', '1'], /--eps-p does not apply to the linreg command/],
    [['--data', '/nonexistent/file.csv'], /cannot read data file "\/nonexistent\/file\.csv": no such file/],
    [['--data', WINE, '--columns', 'x=fixed acidity,y=colour'], /colour/],
    [['--data', WINE, '--y-bounds', '0:1,0:1'], /--y-bounds gives 2 LO:HI pairs for 11 response coordinates/],
  ];
  for (const [args, message] of bad)
    it(args.join(' '), async () => {
      const r = await cli('linreg', ...args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    });

  it('a file whose first rows share one covariate says so', async () => {
    const path = join(dir, 'flat.csv');
    writeFileSync(path, 'x,y\n1,2\n1,3\n1,4\n2,5\n');
    const r = await cli('linreg', '--data', path, '--rows', '3');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/flat\.csv: in the first 3 rows, all covariates are equal/);
  });
});
