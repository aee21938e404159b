import { describe, expect, it } from 'vitest';
import { cli, csvParts, json, SMALL_SWEEP } from './testing';
import { MIXTURE_SAMPLER } from '../privacy/kngJoint/calibration';

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
