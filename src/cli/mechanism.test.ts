/**
 * --mechanism kng-joint|kng of release, sweep, advise and audit: the defaults per space, the paper options refused
 * under kng-joint, the advisor on kng-joint, and paper 000's sweeps unchanged under --mechanism kng.
 */
import { describe, expect, it } from 'vitest';
import { MANIFOLD_KINDS } from '../data';
import { runSweep } from '../experiments';
import { DEFAULT_KNG_SETTINGS } from '../privacy/kng';
import { resolveConfig } from './config';
import { KNG_ONLY, OPTIONS, type Command } from './options';
import { cli, json } from './testing';

const JOINT_SPACES = ['sphere', 'spd', 'kendall'] as const;

describe('the default mechanism follows the space', () => {
  it.each(['release', 'sweep', 'advise'] as const)('%s: kng-joint on S², SPD, Kendall; kng on R^d', (c) => {
    for (const manifold of MANIFOLD_KINDS)
      expect(resolveConfig(c, { manifold }).mechanism, manifold).toBe(
        manifold === 'euclidean' ? 'kng' : 'kng-joint',
      );
    expect(resolveConfig(c, { manifold: 'sphere', mechanism: 'kng' }).mechanism).toBe('kng');
  });

  it('the commands report it: sweep and advise on S² run kng-joint, on R^d kng', async () => {
    const sweep = await json(
      ...['sweep', '--n', '20', '--m', '1', '--points', '2', '--workers', '1', '--quiet'],
    );
    expect(sweep.settings).toMatchObject({ mechanism: 'kng-joint', energyShare: 0.25 });
    const flat = await json(
      ...['sweep', '--manifold', 'euclidean', '--n', '20', '--m', '1', '--points', '2', '--burn-in', '20'],
      ...['--workers', '1', '--quiet'],
    );
    expect(flat.settings).toMatchObject({ mechanism: 'kng', burnIn: 20 });
    // R^d keeps paper 000's KNG with its usual notes, and points at no kng-joint
    expect(flat.notes.join(' ')).toMatch(/τ is the largest residual/);
    expect(flat.notes.join(' ')).not.toMatch(/kng-joint|default/);
    const release = await json(
      'release',
      '--manifold',
      'euclidean',
      '--n',
      '20',
      '--burn-in',
      '20',
      '--quiet',
    );
    expect(release.settings.mechanism).toBe('kng');
  });

  it('audit: kng-joint on S², SPD and Kendall shapes, kng on R^d; a named mechanism picks its own space', async () => {
    const audit = (...args: string[]) =>
      json('audit', '--n', '12', '--releases', '4', '--workers', '1', '--quiet', ...args);
    for (const manifold of JOINT_SPACES) {
      const out = await audit('--manifold', manifold);
      expect(out.mechanism, manifold).toBe('kng-joint');
      expect(out.settings).toMatchObject({ manifold, mechanism: 'kng-joint' });
    }
    expect((await audit()).settings).toMatchObject({ manifold: 'sphere', mechanism: 'kng-joint' });
    expect((await audit('--manifold', 'euclidean', '--burn-in', '10')).mechanism).toBe('kng');
    // the Fréchet and linear-regression mechanisms keep their spaces
    expect((await audit('--mechanism', 'riemannian-laplace')).settings.manifold).toBe('sphere');
    expect((await audit('--mechanism', 'dpgr', '--tau', '1')).settings.manifold).toBe('euclidean');
  });
});

describe('paper 000’s options are refused under kng-joint, naming the option and --mechanism kng', () => {
  const commands: Command[] = ['release', 'sweep', 'advise', 'audit'];
  const value = (o: string) => (OPTIONS.find((x) => x.name === o)!.arg ? ['1'] : []);
  const cases = commands.flatMap((c) =>
    // (the audit's --sampler mixed|paper under kng-joint: jointSampler.test.ts)
    [...KNG_ONLY]
      .filter((o) => OPTIONS.find((x) => x.name === o)!.commands.includes(c))
      .map((o) => [c, o] as const),
  );

  it.each(cases)('%s --%s', async (command, option) => {
    const implicit = await cli(command, `--${option}`, ...value(option));
    expect(implicit.code).toBe(2);
    expect(implicit.stdout).toBe('');
    expect(implicit.stderr).toBe(
      `error: --${option} is a setting of --mechanism kng (the default on sphere is kng-joint: add ` +
        '--mechanism kng)\n',
    );
    const explicit = await cli(command, '--mechanism', 'kng-joint', `--${option}`, ...value(option));
    expect(explicit.code).toBe(2);
    expect(explicit.stderr).toBe(`error: --${option} is a setting of --mechanism kng, not of kng-joint\n`);
  });

  it('kng-joint on R^d is refused in one line by release, sweep and advise', async () => {
    for (const c of ['release', 'sweep', 'advise']) {
      const r = await cli(c, '--mechanism', 'kng-joint', '--manifold', 'euclidean');
      expect(r.code, c).toBe(2);
      expect(r.stderr).toBe(
        'error: --mechanism kng-joint is defined on the sphere, SPD and Kendall shapes, not on euclidean\n',
      );
    }
    const audit = await cli('audit', '--mechanism', 'kng-joint', '--manifold', 'euclidean');
    expect(audit.code).toBe(2);
    expect(audit.stderr).toMatch(/--manifold must be sphere, spd or kendall/);
  });

  it('the audit’s DP-SGD keeps its --clip (a kng-joint option of release only)', async () => {
    const out = await json(
      ...[
        'audit',
        '--mechanism',
        'dpsgd',
        '--clip',
        '0.25',
        '--n',
        '12',
        '--releases',
        '4',
        '--workers',
        '1',
      ],
      '--quiet',
    );
    expect(out.settings.dpsgd.clip).toBe(0.25);
  });
});

describe('advise --mechanism kng-joint (the default on S²)', () => {
  it('recommends a split, and its statement says each pair is ε-DP for any data', async () => {
    const r = await cli(
      ...['advise', '--n', '20', '--m', '2', '--fine-m', '3', '--points', '3'],
      '--workers',
      '1',
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.settings).toMatchObject({
      mechanism: 'kng-joint',
      eps: [1],
      points: 3,
      fineM: 3,
      m: 2,
      energyShare: 0.25,
      clip: 0.1,
      xRange: [[0, 1]],
    });
    expect(out.settings).not.toHaveProperty('tau');
    const a = out.advice;
    expect(a.epsP + a.epsV).toBeCloseTo(1, 12);
    expect(a.interval[0]).toBeLessThanOrEqual(a.split);
    expect(a.split).toBeLessThanOrEqual(a.interval[1]);
    expect(a.summary).toMatch(/ε = 1, n = 20/);
    // one pair per chain: 3 coarse splits of m = 2 pairs, 9 fine ones of fine-m = 3
    expect(out.points.find((p: { stage: string }) => p.stage === 'fine').pairs).toBe(3);
    expect(out.privacy).toMatchObject({ private: false, epsilon: 1, delta: null, releases: 3 * 2 + 9 * 3 });
    expect(out.privacy.totalEpsilon).toBeCloseTo(33, 10);
    expect(out.privacy.statement).toMatch(
      /each pair \(p̃, ṽ\) is 1-DP \(ε_E \+ ε_p \+ ε_v\) for the exact target/,
    );
    // every condition of the joint claim holds for these data (the exact draw cannot be checked)
    for (const c of out.privacy.assumptions) expect(c.holdsForThisData, c.text).not.toBe(false);
    expect(out.notes.join(' ')).toMatch(/^Private for any data: each pair is ε-DP/);
    // what to pass to `release` for the advised split: the energy term first, the split of the rest
    const e = 0.25;
    const f = (x: number) => String(+x.toPrecision(3));
    expect(out.notes.join(' ')).toContain(
      `the best split is release --eps-e ${f(e)} --eps-p ${f((1 - e) * a.split)} --eps-v ${f((1 - e) * (1 - a.split))}`,
    );
    expect(r.stderr).toContain(a.summary);
    expect(r.stderr).not.toMatch(/τ|not private/);
  });
});

describe('paper 000’s sweeps under --mechanism kng: the numbers they gave when kng was the default', () => {
  // printed by `sweep --n 20 --m 2 --burn-in 50 --points 3 --workers 1`, `advise … --fine-m 2 --burn-in 50
  // --points 3` and `audit --n 20 --burn-in 20 --releases 8` before the default became kng-joint
  const PINNED_SWEEP: [string, number, number][] = [
    ['equal', 0.1, -2.128423940936082],
    ['equal', 0.55, -4.7587601951206295],
    ['equal', 1, -5.388645166596776],
    ['unequal', 0.02, 0.8823846036367204],
    ['unequal', 1.01, -5.580513154883648],
    ['unequal', 2, 0.1889399786602935],
  ];

  it('sweep: the same rows, and the core’s sweep without a mechanism (paper KNG) gives them too', async () => {
    const out = await json(
      ...['sweep', '--mechanism', 'kng', '--n', '20', '--m', '2', '--burn-in', '50', '--points', '3'],
      ...['--workers', '1', '--quiet'],
    );
    expect(out.settings.mechanism).toBe('kng');
    expect(out.rows.map((r: { split: string; epsP: number }) => [r.split, r.epsP])).toEqual(
      PINNED_SWEEP.map(([s, p]) => [s, p]),
    );
    out.rows.forEach((r: { lnMeanMse: number }, i: number) =>
      expect(r.lnMeanMse).toBeCloseTo(PINNED_SWEEP[i][2], 10),
    );
    const core = runSweep({
      manifold: 'sphere',
      datasets: [{ n: 20, noise: 0.001 }],
      seed: 1,
      panels: ['unequal', 'equal'],
      budgets: { points: 3 },
      kng: { ...DEFAULT_KNG_SETTINGS, m: 2, burnIn: 50 },
    });
    expect(out.rows.map((r: { lnMeanMse: number }) => r.lnMeanMse)).toEqual(
      core.rows.map((r) => r.lnMeanMse),
    );
  });

  it('advise and audit: the same advice and the same bound', async () => {
    const advice = await json(
      ...['advise', '--mechanism', 'kng', '--n', '20', '--m', '2', '--fine-m', '2', '--burn-in', '50'],
      ...['--points', '3', '--workers', '1', '--quiet'],
    );
    expect(advice.settings.mechanism).toBe('kng');
    expect(advice.advice.split).toBe(0.38);
    expect(advice.advice.interval).toEqual([0.17, 0.6]);
    expect(advice.advice.lnMse).toBeCloseTo(-5.283910954782324, 10);
    expect(advice.privacy.releases).toBe(48);
    const audit = await json(
      ...['audit', '--mechanism', 'kng', '--n', '20', '--burn-in', '20', '--releases', '8'],
      ...['--workers', '1', '--quiet'],
    );
    expect(audit.epsilonLower).toBeCloseTo(0.16332961766685683, 10);
    expect(audit.epsilonEstimate).toBeCloseTo(2.5649493574615367, 10);
  });
});
