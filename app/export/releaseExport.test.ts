import { describe, expect, it } from 'vitest';
import type { ReleaseCell } from '../../src/experiments';
import { releasePrivacy, type ReleaseSpec } from '../../src/experiments/release';
import { jointClaim } from '../../src/privacy/claims';
import type { PrivacyStatement } from '../../src/privacy/statement';
import { releaseJson, releaseTable } from './releaseExport';

const SPEC = { source: { kind: 'synthetic' } } as ReleaseSpec;

/** One released pair of the joint release on S² (the fields the exports read). */
const jointCell = {
  manifold: 'sphere',
  mechanism: 'kng-joint',
  pHat: Float64Array.of(0, 0, 1),
  vHat: Float64Array.of(0.5, 0, 0),
  lnNonPrivateMse: -6.3,
  footpoints: [Float64Array.of(0, 0, 1)],
  shootingVectors: [[Float64Array.of(0.5, 0, 0)]],
  mse: [[0.002]],
  isPrivate: true,
  privacyLabel: 'private for any data (ε = 1.00)',
  notes: ['Private for any data: …'],
  sigmaP: 0.004,
  sigmaV: 0.002,
  deltaP: 6.7e-4,
  deltaV: 3.3e-4,
  tau: NaN,
  joint: { clip: 0.1, sigmaE: 0.008, deltaE: 0.001, epsilon: 1 },
  privacy: releasePrivacy(SPEC, {
    claim: jointClaim({
      epsilon: 1,
      n: 300,
      clip: 0.1,
      clipGiven: false,
      range: [0, 1],
      rangeIsPublic: true,
    }),
    releases: 1,
  }),
} as unknown as ReleaseCell;

describe('release exports of the joint release', () => {
  const covariate = { xLabel: 't', xRange: [0, 1] as const };
  it('state its clip and energy term, and no τ it does not have', () => {
    const json = releaseJson([jointCell], 3, covariate)!;
    expect(json.calibration).toEqual({
      sigmaP: 0.004,
      sigmaV: 0.002,
      deltaP: 6.7e-4,
      deltaV: 3.3e-4,
      clip: 0.1,
      sigmaE: 0.008,
      deltaE: 0.001,
      epsilon: 1,
    });
    const notes = (json.notes as string[]).join('\n');
    expect(notes).toContain('private for any data (ε = 1.00)');
    expect(notes).toContain('clip c = 0.1');
    expect(notes).not.toMatch(/NaN|τ|NOT PRIVATE|public bounds/);
    expect(releaseTable([jointCell], 3, covariate)!.notes.join('\n')).not.toContain('NaN');
  });

  it('carry the privacy statement of what they hold: one pair, ε-DP for any data, non-private extras named', () => {
    const privacy = releaseJson([jointCell], 3, covariate)!.privacy as PrivacyStatement;
    expect(privacy).toMatchObject({ private: true, epsilon: 1, delta: null, releases: 1, totalEpsilon: 1 });
    expect(privacy.assumptions.map((a) => a.holdsForThisData)).not.toContain(false);
    expect(privacy.statement).toContain('non-private fit');
    expect(releaseTable([jointCell], 3, covariate)!.notes[0]).toBe(`privacy: ${privacy.statement}`);
  });
});
