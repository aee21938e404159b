import { describe, expect, it } from 'vitest';
import {
  frechetClaim,
  jointClaim,
  kngClaim,
  linregClaim,
  nonPrivateClaim,
  tableClaim,
  type KngClaimInput,
} from './claims';
import { privacyStatement, type ClaimBatch, type ReleaseClaim } from './statement';

const SPHERE = { name: 'S²', diameter: Math.PI, negativeCurvature: false, flat: false };
const SPD = { name: 'SPD(2)', diameter: Infinity, negativeCurvature: true, flat: false };

/** Paper 000's KNG with every setting the argument needs except the two it can never meet. */
const BEST: KngClaimInput = {
  release: 'pair',
  settings: {
    epsP: 1,
    epsV: 1,
    sigmaRule: 'strict',
    tau: Math.PI,
    tauM: 'data',
    vDomain: 'ball',
    scheme: 'independent',
  },
  tau: Math.PI,
  tauM: 0,
  space: SPHERE,
  n: 50,
  maxResidual: 0.08,
  covariatesPublic: false,
  exactSampler: false,
};

/** m footpoints with m shooting vectors each, as `release --mechanism kng` prints them. */
const kngBatch = (claim: ReleaseClaim, m: number): ClaimBatch => ({
  claim,
  releases: m * m,
  parts: [
    { count: m, epsilon: 1, what: 'footpoint' },
    { count: m * m, epsilon: 1, what: 'shooting vector' },
  ],
});

const holds = (claim: ReleaseClaim, text: RegExp) =>
  claim.conditions.find((c) => text.test(c.text))?.holdsForThisData;

describe('paper 000’s KNG', () => {
  it('strict σ, public τ = π, ball, independent: not private — the shooting vector is ε_v-DP given the footpoint, the footpoint is not', () => {
    const s = privacyStatement({ batches: [kngBatch(kngClaim(BEST), 1)], data: 'imported' });
    expect(s.private).toBe(false);
    expect(s.epsilon).toBe(2);
    expect(s.delta).toBeNull();
    expect(s.statement).toMatch(/footpoint release is not ε_p-DP/);
    expect(s.statement).toMatch(
      /Each shooting vector is ε_v-DP given the released footpoint .*so the pair is not private/,
    );
    // the settings that do hold are listed as holding
    const texts = s.assumptions.filter((a) => a.holdsForThisData === true).map((a) => a.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        'every residual ≤ τ = 3.14159',
        expect.stringMatching(/^σ = 2Δ\/ε/),
        expect.stringMatching(/public ball/),
        expect.stringMatching(/independent scheme/),
      ]),
    );
    expect(s.assumptions.find((a) => /exact draw/.test(a.text))?.holdsForThisData).toBeNull();
  });

  it('each setting that breaks the argument is a failed assumption named in the statement, and drops the partial claim', () => {
    const cases: [Partial<KngClaimInput['settings']>, RegExp, RegExp][] = [
      [{ sigmaRule: 'paper' }, /^σ = 2Δ\/ε/, /σ = Δ\/ε \(the paper’s rule\) bounds the privacy loss by 2ε/],
      [{ scheme: 'consecutive' }, /independent scheme/, /consecutive scheme/],
      [{ vDomain: 'plane' }, /public ball/, /whole tangent plane/],
      [
        { tau: 'data' },
        /τ, the bound on the residuals, is public/,
        /τ = 0\.08 is the largest residual of the data/,
      ],
    ];
    for (const [change, text, failure] of cases) {
      const claim = kngClaim({
        ...BEST,
        settings: { ...BEST.settings, ...change },
        tau: change.tau === 'data' ? 0.08 : BEST.tau,
      });
      expect(holds(claim, text), String(text)).toBe(false);
      const s = privacyStatement({ batches: [kngBatch(claim, 1)], data: 'imported' });
      expect(s.private).toBe(false);
      expect(s.statement).toMatch(failure);
      expect(s.statement).not.toMatch(/given the released footpoint/);
    }
  });

  it('a public τ below the largest residual is an assumption the data break; below the diameter it fails far from the fit', () => {
    const low = kngClaim({ ...BEST, settings: { ...BEST.settings, tau: 0.05 } });
    expect(low.conditions.find((c) => /τ = 0\.05/.test(c.text))).toMatchObject({
      text: 'every residual ≤ τ = 0.05 wherever the chains evaluate the gradient',
      holdsForThisData: false,
      failure: expect.stringMatching(/largest residual 0\.08 exceeds the public τ = 0\.05/),
    });
    const mid = kngClaim({ ...BEST, settings: { ...BEST.settings, tau: 0.5 } });
    expect(holds(mid, /τ = 0\.5/)).toBe(false);
    // on SPD (no diameter) the tool checks the fit only; τ_m is checked against the data's radius
    const spd = kngClaim({
      ...BEST,
      space: SPD,
      settings: { ...BEST.settings, tau: 0.5, tauM: 1 },
      tauM: 1,
      dataRadius: 1.2,
    });
    expect(holds(spd, /τ = 0\.5/)).toBeNull();
    expect(holds(spd, /τ_m = 1/)).toBe(false);
  });

  it('counts m footpoints × m shooting vectors as m² pairs costing m·ε_p + m²·ε_v', () => {
    const s = privacyStatement({ batches: [kngBatch(kngClaim(BEST), 3)], data: 'synthetic' });
    expect(s.releases).toBe(9);
    expect(s.totalEpsilon).toBe(12);
    expect(s.statement).toMatch(/3 footpoints and 9 shooting vectors \(9 pairs \(p̃, ṽ\)\)/);
    expect(s.statement).toMatch(/3 × 1 \+ 9 × 1 = 12/);
    expect(s.statement).toMatch(/data are synthetic/);
  });
});

describe('the joint clipped KNG', () => {
  const input = {
    epsilon: 2,
    n: 60,
    clip: 0.1,
    clipGiven: false,
    range: [0, 1] as const,
    rangeIsPublic: true,
  };

  it('is private with a public range: ε per pair, δ not certified, k draws cost k·ε', () => {
    const one = privacyStatement({ batches: [{ claim: jointClaim(input), releases: 1 }], data: 'synthetic' });
    expect(one).toMatchObject({ private: true, epsilon: 2, delta: null, releases: 1, totalEpsilon: 2 });
    expect(one.statement).toMatch(
      /^Each pair \(p̃, ṽ\) is 2-DP \(ε_E \+ ε_p \+ ε_v\) for the exact target; the sampler's δ is not certified/,
    );
    const three = privacyStatement({
      batches: [{ claim: jointClaim(input), releases: 3 }],
      data: 'synthetic',
    });
    expect(three).toMatchObject({ private: true, releases: 3, totalEpsilon: 6 });
    expect(three.statement).toMatch(/Publishing all 3 pairs \(p̃, ṽ\) costs ε = 3 × 2 = 6/);
  });

  it('is not private with the data’s own range, and says so', () => {
    const s = privacyStatement({
      batches: [{ claim: jointClaim({ ...input, range: [1990, 2020], rangeIsPublic: false }), releases: 1 }],
      data: 'imported',
    });
    expect(s.private).toBe(false);
    expect(s.statement).toMatch(
      /^Not private: no public covariate range was given, so the data's own range \[1990, 2020\]/,
    );
    expect(s.assumptions.find((a) => /covariate range/.test(a.text))?.holdsForThisData).toBe(false);
  });
});

describe('outputs computed from releases and the data', () => {
  it('are never private, whatever the releases guarantee; the releases’ own claim is still stated', () => {
    const claim = jointClaim({
      epsilon: 2,
      n: 60,
      clip: 0.1,
      clipGiven: true,
      range: [0, 1],
      rangeIsPublic: true,
    });
    const s = privacyStatement({
      batches: [{ claim, releases: 40 }],
      derived: 'the MSEs compare each release with the data',
      data: 'imported',
    });
    expect(s.private).toBe(false);
    expect(s.statement).toMatch(
      /^Not a private release: the MSEs compare each release with the data\. Its 40 releases: each pair/,
    );
    expect(s.totalEpsilon).toBe(80);
    // a clip the user gave is their word: the tool cannot check when it was fixed
    expect(s.assumptions.find((a) => /clip/.test(a.text))?.holdsForThisData).toBeNull();
  });

  it('rows of different settings: ε varies (null), the count of releases that meet their claim, ∞ makes the total null', () => {
    const common = {
      eps: 1,
      n: 100,
      tau: 'data' as const,
      tauInForce: 0.3,
      sigmaRule: 'paper' as const,
      maxResidual: 0.3,
      yBounds: { lo: [0], hi: [1] },
      delta: 1e-5,
      clip: 0.5,
      noise: true,
    };
    const batches = (['dpgr', 'ssp', 'dpsgd'] as const).map((method, i) => ({
      claim: linregClaim({ ...common, method, eps: i + 1 }),
      releases: 10,
    }));
    const s = privacyStatement({
      batches,
      derived: 'the MSEs compare each line with the data',
      data: 'imported',
    });
    expect(s).toMatchObject({ private: false, epsilon: null, releases: 30, totalEpsilon: 60 });
    expect(s.statement).toMatch(/0 of the 30 meet their claim/);
    const withFit = privacyStatement({
      batches: [...batches, { claim: linregClaim({ ...common, method: 'nonprivate' }), releases: 1 }],
      derived: 'x',
      data: 'synthetic',
    });
    expect(withFit.totalEpsilon).toBeNull();
    expect(withFit.statement).toMatch(/claim no ε at all/);
  });

  it('with no release at all: releases 0, nothing claimed', () => {
    const s = privacyStatement({
      batches: [],
      derived: 'it checks the sensitivity bound',
      data: 'synthetic',
    });
    expect(s).toMatchObject({ private: false, epsilon: null, delta: null, releases: 0, totalEpsilon: 0 });
    expect(s.statement).toMatch(/it holds no release/);
  });
});

describe('other claims', () => {
  it('the non-private fit claims nothing', () => {
    const s = privacyStatement({
      batches: [{ claim: nonPrivateClaim('fit (p̂, v̂)', 'the fit'), releases: 1 }],
      data: 'imported',
    });
    expect(s).toMatchObject({ private: false, epsilon: null, totalEpsilon: null });
    expect(s.statement).toMatch(/^Not private: the fit is printed as it is \(ε = ∞\)/);
  });

  it('linear regression: every method sees covariates rescaled by the data; SSP’s box and DP-SGD’s δ', () => {
    const common = {
      eps: 2,
      n: 100,
      tau: 1,
      tauInForce: 1,
      sigmaRule: 'strict' as const,
      maxResidual: 0.3,
      yBounds: 'data' as const,
      delta: 1e-5,
      clip: 0.5,
      noise: true,
    };
    const ssp = linregClaim({ ...common, method: 'ssp' });
    expect(holds(ssp, /covariates enter on a public scale/)).toBe(false);
    expect(holds(ssp, /response box is public/)).toBe(false);
    expect(linregClaim({ ...common, method: 'dpsgd' })).toMatchObject({ delta: 1e-5 });
    const dpgr = linregClaim({ ...common, method: 'dpgr' });
    // R^d: exact samplers (δ = 0, no chain conditions); a τ above the fit's residuals holds there
    expect(dpgr.delta).toBe(0);
    expect(holds(dpgr, /every residual ≤ τ = 1$/)).toBe(true);
    expect(dpgr.conditions.some((c) => /chain|scheme|public ball/.test(c.text))).toBe(false);
  });

  it('Fréchet means: the public ball (synthetic, given and checked, or from the data), δ of the Gaussians, MH', () => {
    const base = {
      mechanism: 'riemannian-laplace',
      eps: 0.5,
      n: 40,
      applicable: true,
      isPrivate: true,
      notes: [],
      gaussianDelta: null,
      mcmc: false,
      radius: 0.4,
    };
    const synth = frechetClaim({ ...base, radiusSource: 'synthetic' });
    expect(privacyStatement({ batches: [{ claim: synth, releases: 1 }], data: 'synthetic' })).toMatchObject({
      private: true,
      delta: 0,
    });
    expect(holds(frechetClaim({ ...base, radiusSource: 'public', dataRadius: 0.5 }), /public ball/)).toBe(
      false,
    );
    expect(holds(frechetClaim({ ...base, radiusSource: 'data', dataRadius: 0.5 }), /radius r/)).toBe(false);
    expect(frechetClaim({ ...base, radiusSource: 'synthetic', gaussianDelta: 1e-6 }).delta).toBe(1e-6);
    expect(frechetClaim({ ...base, radiusSource: 'synthetic', mcmc: true }).delta).toBeNull();
    const conformal = frechetClaim({
      ...base,
      mechanism: 'conformal',
      isPrivate: false,
      notes: ['NOT PRIVATE: φ is estimated from the private data itself'],
      radiusSource: 'synthetic',
    });
    expect(
      privacyStatement({ batches: [{ claim: conformal, releases: 3 }], data: 'synthetic' }).statement,
    ).toMatch(/^Not private: φ is estimated from the private data itself/);
  });

  it('a table mechanism from its calibration alone', () => {
    const ok = tableClaim({ epsilon: 1, delta: 0, isPrivate: true, reason: null }, 'mean', false);
    expect(privacyStatement({ batches: [{ claim: ok, releases: 2 }], data: 'synthetic' }).private).toBe(true);
    const bad = tableClaim(
      { epsilon: 1, delta: 0, isPrivate: false, reason: 'bounds from the data' },
      'mean',
      true,
    );
    const s = privacyStatement({ batches: [{ claim: bad, releases: 2 }], data: 'synthetic' });
    expect(s).toMatchObject({ private: false, delta: null });
    expect(s.statement).toMatch(/not private: bounds from the data/i);
  });
});
