import { describe, expect, it } from 'vitest';
import { cli, json, tempFiles } from './testing';

const file = tempFiles();

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
