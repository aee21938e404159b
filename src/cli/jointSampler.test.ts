/**
 * --sampler walk|mixture of release, sweep and audit: kng-joint's chain (MIXTURE_SAMPLER for the mixture),
 * recorded in the settings, the walk's output unchanged, and a one-line refusal with other mechanisms.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_KNG_JOINT, MIXTURE_SAMPLER } from '../privacy/kngJoint/calibration';
import { cli, json } from './testing';

const WALK = {
  sampler: 'walk',
  replicas: DEFAULT_KNG_JOINT.replicas,
  burnIn: DEFAULT_KNG_JOINT.burnIn,
  frozenSteps: DEFAULT_KNG_JOINT.frozenSteps,
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
  it('release: the mixture applies MIXTURE_SAMPLER and says so; --sampler walk is the default, unchanged', async () => {
    const base = ['release', '--n', '15', '--m', '2', '--quiet'];
    const walk = await json(...base);
    expect(walk.settings).toMatchObject(WALK);
    expect(body(await json(...base, '--sampler', 'walk'))).toEqual(body(walk));
    const mix = await json(...base, '--sampler', 'mixture');
    expect(mix.settings).toMatchObject(MIXTURE);
    expect(mix.releases[0].p).not.toEqual(walk.releases[0].p);
    // the settings and seeds reproduce the run
    expect(await json(...base, '--sampler', 'mixture')).toEqual(mix);
    expect(mix.privacy.epsilon).toBe(walk.privacy.epsilon);
  });

  it('sweep: the same, per budget point', async () => {
    const base = ['sweep', '--n', '15', '--m', '1', '--points', '2', '--split', 'equal', '--workers', '1'];
    const walk = await json(...base, '--quiet');
    expect(walk.settings).toMatchObject(WALK);
    expect(body(await json(...base, '--sampler', 'walk', '--quiet'))).toEqual(body(walk));
    const mix = await json(...base, '--sampler', 'mixture', '--quiet');
    expect(mix.settings).toMatchObject(MIXTURE);
    expect(mix.rows.map((r: { eps: number }) => r.eps)).toEqual(walk.rows.map((r: { eps: number }) => r.eps));
    expect(mix.rows[0].lnMeanMse).not.toBe(walk.rows[0].lnMeanMse);
  });

  it('audit: the releases on D and D′ come from the chosen sampler', async () => {
    const base = ['audit', '--n', '12', '--releases', '8', '--workers', '1', '--quiet'];
    const walk = await json(...base);
    expect(walk.settings).toMatchObject({ mechanism: 'kng-joint', ...WALK });
    expect(body(await json(...base, '--sampler', 'walk'))).toEqual(body(walk));
    const mix = await json(...base, '--sampler', 'mixture', '--manifold', 'spd');
    expect(mix.settings).toMatchObject({ mechanism: 'kng-joint', manifold: 'spd', ...MIXTURE });
    expect(mix.claimedEpsilon).toBe(2);
    // the histogram of scores differs from the walk's on the same data and streams
    const mixSphere = await json(...base, '--sampler', 'mixture');
    expect(mixSphere.histogram).not.toEqual(walk.histogram);
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
