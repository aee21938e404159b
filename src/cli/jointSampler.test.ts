/**
 * --sampler walk|mixture of release, sweep and audit: kng-joint's chain (MIXTURE_SAMPLER for the mixture, the
 * default; WALK_SAMPLER for the papers' walk), recorded in the settings, and a one-line refusal with other
 * mechanisms.
 */
import { describe, expect, it } from 'vitest';
import { MIXTURE_SAMPLER, WALK_SAMPLER } from '../privacy/kngJoint/calibration';
import { cli, json } from './testing';

const WALK = {
  sampler: 'walk',
  replicas: WALK_SAMPLER.replicas,
  burnIn: WALK_SAMPLER.burnIn,
  frozenSteps: WALK_SAMPLER.frozenSteps,
  independenceWeight: null,
};
const MIXTURE = {
  sampler: 'mixture',
  replicas: MIXTURE_SAMPLER.replicas,
  burnIn: MIXTURE_SAMPLER.burnIn,
  frozenSteps: MIXTURE_SAMPLER.frozenSteps,
  independenceWeight: MIXTURE_SAMPLER.independenceWeight,
};
/** The output without the command line it came from (provenance.argv). */
const body = ({ provenance: _, ...out }: Record<string, unknown>) => out;

describe('--sampler walk|mixture (kng-joint)', () => {
  it('release: the mixture is the default and applies MIXTURE_SAMPLER; --sampler walk the papers’ walk', async () => {
    const base = ['release', '--n', '15', '--m', '2', '--quiet'];
    const mix = await json(...base);
    expect(mix.settings).toMatchObject(MIXTURE);
    expect(body(await json(...base, '--sampler', 'mixture'))).toEqual(body(mix));
    const walk = await json(...base, '--sampler', 'walk');
    expect(walk.settings).toMatchObject(WALK);
    expect(mix.releases[0].p).not.toEqual(walk.releases[0].p);
    // the settings and seeds reproduce the run
    expect(await json(...base, '--sampler', 'walk')).toEqual(walk);
    expect(mix.privacy.epsilon).toBe(walk.privacy.epsilon);
  });

  it('sweep: the same, per budget point', async () => {
    const base = ['sweep', '--n', '15', '--m', '1', '--points', '2', '--split', 'equal', '--workers', '1'];
    const mix = await json(...base, '--quiet');
    expect(mix.settings).toMatchObject(MIXTURE);
    expect(body(await json(...base, '--sampler', 'mixture', '--quiet'))).toEqual(body(mix));
    const walk = await json(...base, '--sampler', 'walk', '--quiet');
    expect(walk.settings).toMatchObject(WALK);
    expect(mix.rows.map((r: { eps: number }) => r.eps)).toEqual(walk.rows.map((r: { eps: number }) => r.eps));
    expect(mix.rows[0].lnMeanMse).not.toBe(walk.rows[0].lnMeanMse);
    // an equal split runs the even split's steps; the unequal panel's extreme splits run longer chains
    expect(mix.settings.longerStepsAtSplits).toEqual([]);
    const unequal = await json(...base.slice(0, -2), '--split', 'unequal', '--points', '3', '--quiet');
    expect(unequal.settings.longerStepsAtSplits).toEqual([
      { split: 1 / 101, burnIn: 400, frozenSteps: 400 },
      { split: 100 / 101, burnIn: 400, frozenSteps: 400 },
    ]);
    expect(walk.settings.longerStepsAtSplits).toEqual([]);
  });

  it('audit: the releases on D and D′ come from the chosen sampler', async () => {
    const base = ['audit', '--n', '12', '--releases', '8', '--workers', '1', '--quiet'];
    const mixSphere = await json(...base);
    expect(mixSphere.settings).toMatchObject({ mechanism: 'kng-joint', ...MIXTURE });
    expect(body(await json(...base, '--sampler', 'mixture'))).toEqual(body(mixSphere));
    const walk = await json(...base, '--sampler', 'walk');
    expect(walk.settings).toMatchObject({ mechanism: 'kng-joint', ...WALK });
    const walkSpd = await json(...base, '--sampler', 'walk', '--manifold', 'spd');
    expect(walkSpd.settings).toMatchObject({ mechanism: 'kng-joint', manifold: 'spd', ...WALK });
    expect(walkSpd.claimedEpsilon).toBe(2);
    // the histogram of scores differs from the mixture's on the same data and streams
    expect(walk.histogram).not.toEqual(mixSphere.histogram);
  });

  it('sweep and audit echo the walk above 8 landmarks, where it runs whatever was asked, as release does', async () => {
    const shapes = ['--manifold', 'kendall', '--n', '6', '--quiet'];
    const sweep = await json(
      'sweep',
      ...shapes,
      '--landmarks',
      '9',
      '--m',
      '1',
      '--points',
      '1',
      '--workers',
      '1',
    );
    expect(sweep.settings).toMatchObject(WALK);
    const release = await json('release', ...shapes, '--landmarks', '9', '--m', '1');
    expect(release.settings).toMatchObject(WALK);
    // the audit's synthetic shapes have the generator's 50 landmarks
    const audit = await json('audit', ...shapes, '--releases', '4', '--workers', '1');
    expect(audit.settings).toMatchObject({ mechanism: 'kng-joint', ...WALK });
  });

  it('is refused in one line with other mechanisms, and paper KNG’s mixed|paper with kng-joint', async () => {
    const refused: [string[], string][] = [
      [
        ['release', '--mechanism', 'kng', '--sampler', 'mixture'],
        '--sampler mixture is a setting of --mechanism kng-joint, not of kng',
      ],
      [
        ['sweep', '--mechanism', 'kng', '--sampler', 'walk'],
        '--sampler walk is a setting of --mechanism kng-joint, not of kng',
      ],
      [
        ['release', '--manifold', 'euclidean', '--sampler', 'mixture'],
        '--sampler mixture is a setting of --mechanism kng-joint, not of kng',
      ],
      [
        ['audit', '--mechanism', 'kng', '--sampler', 'mixture'],
        '--sampler mixture is a setting of --mechanism kng-joint, not of kng',
      ],
      [
        ['audit', '--mechanism', 'riemannian-laplace', '--sampler', 'walk'],
        '--sampler walk is a setting of --mechanism kng-joint, not of riemannian-laplace',
      ],
      [
        ['audit', '--sampler', 'paper'],
        '--sampler paper is a setting of --mechanism kng (the default on sphere is kng-joint: add ' +
          '--mechanism kng); kng-joint takes --sampler walk or mixture',
      ],
      [
        ['release', '--mechanism', 'kng-joint', '--sampler', 'mixed'],
        '--sampler mixed is a setting of --mechanism kng, not of kng-joint; kng-joint takes --sampler walk or ' +
          'mixture',
      ],
      [['release', '--sampler', 'fast'], '--sampler must be walk or mixture (got "fast")'],
    ];
    for (const [args, message] of refused) {
      const r = await cli(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`error: ${message}\n`);
    }
    const advise = await cli('advise', '--sampler', 'mixture');
    expect(advise.code).toBe(2);
    expect(advise.stderr).toMatch(/^error: --sampler does not apply to the advise command/);
  });
});
