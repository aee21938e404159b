import { describe, expect, it } from 'vitest';
import type { ReleaseCell } from '../../src/experiments';
import { jointClaim, kngClaim } from '../../src/privacy/claims';
import type { PrivacyStatement } from '../../src/privacy/statement';
import { releaseJson, releaseTable } from './releaseExport';

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
  claim: jointClaim({ epsilon: 1, n: 300, clip: 0.1, clipGiven: false, range: [0, 1], rangeIsPublic: true }),
  epsP: 0.375,
  epsV: 0.375,
} as unknown as ReleaseCell;

/** Paper 000's KNG with public τ = π and the strict rule: 2 footpoints with 2 vectors each (4 pairs). */
const kngCell = {
  ...jointCell,
  mechanism: 'kng',
  joint: undefined,
  tau: Math.PI,
  footpoints: [Float64Array.of(0, 0, 1)],
  shootingVectors: [[Float64Array.of(0.5, 0, 0), Float64Array.of(0.4, 0, 0)]],
  mse: [[0.002, 0.003]],
  claim: kngClaim({
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
  }),
  epsP: 0.5,
  epsV: 0.5,
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
    const imported = releaseJson([jointCell], 3, covariate, 'imported')!.privacy as PrivacyStatement;
    expect(imported.statement).not.toContain('synthetic');
    expect(releaseTable([jointCell], 3, covariate)!.notes[0]).toBe(`privacy: ${privacy.statement}`);
  });
});

describe('release exports of paper 000’s KNG', () => {
  const covariate = { xLabel: 't', xRange: [0, 1] as const };
  it('are not private (the footpoint leaks), and compose m footpoints at ε_p with m² vectors at ε_v', () => {
    const privacy = releaseJson([kngCell, kngCell], 3, covariate)!.privacy as PrivacyStatement;
    expect(privacy.private).toBe(false);
    expect(privacy.releases).toBe(4);
    // 2 footpoints × 0.5 + 4 shooting vectors × 0.5
    expect(privacy.totalEpsilon).toBeCloseTo(3, 12);
    expect(privacy.statement).toContain('footpoint release is not ε_p-DP');
  });
});
