import { describe, expect, it } from 'vitest';
import { jointClaim, kngClaim } from '../privacy/claims';
import { kngPairsBatch } from '../privacy/statement';
import { releasePrivacy, type ReleaseSpec } from './release';

const synthetic = { source: { kind: 'synthetic' } } as ReleaseSpec;
const imported = { source: { kind: 'imported' } } as ReleaseSpec;

/** Paper 000's KNG with public τ = π, the strict rule, a ball and independent chains on S². */
const kng = kngClaim({
  release: 'pair',
  settings: {
    epsP: 0.5,
    epsV: 0.5,
    sigmaRule: 'strict',
    tau: Math.PI,
    tauM: 2,
    vDomain: 'ball',
    scheme: 'independent',
  },
  tau: Math.PI,
  tauM: 0,
  space: { name: 'sphere', diameter: Math.PI, negativeCurvature: false, flat: false },
  n: 50,
  maxResidual: 0.2,
  covariatesPublic: false,
  exactSampler: false,
});

describe('the privacy statement of a lab release', () => {
  it('kng-joint: m pairs at ε each, private for any data, the non-private extras named', () => {
    const claim = jointClaim({
      epsilon: 1,
      n: 300,
      clip: 0.1,
      clipGiven: false,
      range: [0, 1],
      rangeIsPublic: true,
    });
    const p = releasePrivacy(synthetic, { claim, releases: 10 });
    expect(p).toMatchObject({ private: true, epsilon: 1, delta: null, releases: 10, totalEpsilon: 10 });
    expect(p.statement).toContain('non-private fit');
    expect(p.statement).toContain('synthetic');
    expect(releasePrivacy(imported, { claim, releases: 1 }).statement).not.toContain('synthetic');
  });

  it('paper 000’s KNG: not private (the footpoint leaks); m footpoints at ε_p and m² vectors at ε_v', () => {
    const p = releasePrivacy(synthetic, kngPairsBatch(kng, 2, 4, 0.5, 0.5));
    expect(p.private).toBe(false);
    expect(p.releases).toBe(4);
    expect(p.totalEpsilon).toBeCloseTo(2 * 0.5 + 4 * 0.5, 12);
    expect(p.statement).toContain('footpoint release is not ε_p-DP');
  });
});
