/**
 * Calibration of the Fréchet-mean mechanisms (papers 004, 002, 003; docs/frechet.md): for a mechanism and
 * (n, k, ε), its sensitivity Δ, noise scale σ, whether it applies, whether its release is private, and E ρ²
 * where a closed form is known.
 *
 * - riemannian-laplace: density ∝ exp(−ρ(η, z)/σ). S²: exact; SPD log-Euclidean: exact (or MCMC, to time
 *   002's route); SPD affine: MH (untruncated only for σ < 1/c_k, e.g. √2 for k = 2; otherwise truncated to
 *   the public data ball, which needs σ = 2Δ/ε — with rule 'paper' the mechanism does not apply).
 * - tangent-gaussian (002): expm(logm η + N(0, σ²I)), (ε, δ)-DP; log-Euclidean SPD only.
 * - extrinsic-gaussian (002): Gaussian in the ambient space (R³ around the Fréchet mean with the chordal
 *   sensitivity; Sym(k) around the arithmetic mean with the Frobenius sensitivity 2(e^R − 1)/n).
 * - ambient-laplace (004): ℓ₂ K-norm Laplace in the same ambient spaces, σ = Δ_ambient/ε.
 * - conformal (003): see conformal.ts; σ (1/λ*) depends on φ, so it is set per release.
 */
import { symDim } from '../../geometry/linalg';
import { affineLaplaceMaxSigma, sigmaFor, sphereLaplaceAnglePdf } from './laplace';
import type { FrechetMechanism } from './mechanisms';
import {
  chordalSensitivity,
  frechetBallRadius,
  frobeniusSensitivity,
  intrinsicSensitivity,
} from './sensitivity';
import type { FrechetReleaseSpec } from './settings';
import { gaussianSigma } from './tangentGaussian';

export interface FrechetCalibration {
  applicable: boolean;
  sigma: number;
  sensitivity: number;
  distance: 'riemannian' | 'euclidean';
  isPrivate: boolean;
  theoryMeanSqDist: number | null;
  notes: string[];
  /** Affine RL: truncate to the public ball (σ ≥ 1/c_k). */
  truncated?: boolean;
}

/** E θ² of the S² Laplace angle, by Simpson's rule on [0, π]. */
function sphereLaplaceMeanSq(sigma: number): number {
  const m = 4000;
  let s = 0;
  for (let i = 0; i <= m; i++) {
    const t = (Math.PI * i) / m;
    const w = i === 0 || i === m ? 1 : i % 2 === 1 ? 4 : 2;
    s += w * t * t * sphereLaplaceAnglePdf(t, sigma);
  }
  return (s * Math.PI) / (3 * m);
}

function notApplicable(distance: 'riemannian' | 'euclidean', note: string): FrechetCalibration {
  return {
    applicable: false,
    sigma: NaN,
    sensitivity: NaN,
    distance,
    isPrivate: true,
    theoryMeanSqDist: null,
    notes: [note],
  };
}

/**
 * Δ, σ and applicability of a mechanism for (n, k, ε). A radius taken from the data makes every release not
 * private (it tells the noise scale something about the data, like a data-driven τ); the user's own data have
 * no public reference sample for Conformal-DP's φ.
 */
export function calibrateFrechet(
  spec: FrechetReleaseSpec,
  mechanism: FrechetMechanism,
  n: number,
  k: number,
  eps: number,
): FrechetCalibration {
  if (spec.points && mechanism === 'conformal' && spec.conformal?.phiSource === 'public')
    return notApplicable(
      'riemannian',
      'there is no public reference sample for your own data: choose φ from the data (not private)',
    );
  const cal = calibrateMechanism(spec, mechanism, n, k, eps);
  if (!spec.radiusFromData || !cal.applicable) return cal;
  return {
    ...cal,
    isPrivate: false,
    notes: [
      `NOT PRIVATE: the radius r = ${spec.radius.toPrecision(4)} behind the sensitivity was taken from the data`,
      ...cal.notes,
    ],
  };
}

function calibrateMechanism(
  spec: FrechetReleaseSpec,
  mechanism: FrechetMechanism,
  n: number,
  k: number,
  eps: number,
): FrechetCalibration {
  const onSphere = spec.manifold === 'sphere';
  const R = frechetBallRadius(spec.manifold, k, spec.radius);
  const d = onSphere ? 2 : symDim(k);
  try {
    switch (mechanism) {
      case 'riemannian-laplace': {
        const delta = intrinsicSensitivity(spec, n, k);
        const sigma = sigmaFor(delta, eps, spec.sigmaRule);
        const base = {
          applicable: true,
          sensitivity: delta,
          distance: 'riemannian' as const,
          isPrivate: true,
        };
        if (onSphere)
          return {
            ...base,
            sigma,
            theoryMeanSqDist: sphereLaplaceMeanSq(sigma),
            notes: ['S²: exact sampler'],
          };
        if (spec.metric === 'logEuclidean') {
          const mcmc = spec.rlSampler === 'mcmc';
          return {
            ...base,
            sigma,
            theoryMeanSqDist: d * (d + 1) * sigma * sigma,
            notes: [
              mcmc
                ? `log-Euclidean: MH with burn-in ${spec.burnIn ?? 2000} (ε-DP for an exact draw; the sampler's δ is not certified)`
                : 'log-Euclidean: exact sampler (radius ~ Gamma(d, 1/σ))',
            ],
          };
        }
        const limit = affineLaplaceMaxSigma(k);
        if (sigma < limit)
          return {
            ...base,
            sigma,
            theoryMeanSqDist: null,
            notes: [`affine: MH with burn-in ${spec.burnIn ?? 2000} (approximate DP)`],
          };
        if (spec.sigmaRule === 'paper')
          return notApplicable(
            'riemannian',
            `affine SPD(${k}): σ = Δ/ε = ${sigma.toPrecision(3)} ≥ ${limit.toPrecision(3)}, where the untruncated ` +
              'Laplace density does not exist; truncating to the public data ball needs σ = 2Δ/ε (sigma rule "strict")',
          );
        return {
          ...base,
          sigma,
          theoryMeanSqDist: null,
          truncated: true,
          notes: [
            `affine SPD(${k}): σ = ${sigma.toPrecision(3)} ≥ ${limit.toPrecision(3)}, so the target is truncated ` +
              `to the public data ball B_${R.toPrecision(3)}(I) (004 Thm 3); MH, approximate DP`,
          ],
        };
      }
      case 'tangent-gaussian': {
        if (onSphere || spec.metric !== 'logEuclidean')
          return notApplicable(
            'riemannian',
            'the tangent Gaussian (002) privatises the log-Euclidean mean of SPD matrices: use manifold spd with metric logEuclidean',
          );
        const delta = (2 * R) / n;
        const sigma = gaussianSigma(delta, eps, spec.delta, spec.calibration);
        return {
          applicable: true,
          sigma,
          sensitivity: delta,
          distance: 'riemannian',
          isPrivate: true,
          theoryMeanSqDist: d * sigma * sigma,
          notes: [`(ε, δ)-DP with δ = ${spec.delta}, ${spec.calibration} calibration`],
        };
      }
      case 'extrinsic-gaussian':
      case 'ambient-laplace': {
        const gaussian = mechanism === 'extrinsic-gaussian';
        const delta = onSphere
          ? chordalSensitivity(intrinsicSensitivity(spec, n, k))
          : frobeniusSensitivity(R, n);
        const sigma = gaussian ? gaussianSigma(delta, eps, spec.delta, spec.calibration) : delta / eps;
        const D = onSphere ? 3 : symDim(k);
        return {
          applicable: true,
          sigma,
          sensitivity: delta,
          distance: 'euclidean',
          isPrivate: true,
          // centred at the Fréchet mean on S² (no bias); on SPD the centre is the arithmetic mean
          theoryMeanSqDist: onSphere ? (gaussian ? D : D * (D + 1)) * sigma * sigma : null,
          notes: [
            onSphere
              ? 'R³ around the Fréchet mean, chordal sensitivity; error = Euclidean distance of the raw release'
              : 'Sym(k) around the arithmetic mean (Frobenius sensitivity 2(e^R − 1)/n); error = Frobenius distance to the Fréchet mean',
            ...(gaussian ? [`(ε, δ)-DP with δ = ${spec.delta}, ${spec.calibration} calibration`] : []),
          ],
        };
      }
      case 'conformal': {
        if (!onSphere && spec.metric !== 'logEuclidean')
          return notApplicable(
            'riemannian',
            'conformal-DP is implemented on S² and log-Euclidean SPD (003 works with log-matrices): use metric logEuclidean',
          );
        const c = spec.conformal ?? {};
        const fromPublic = c.phiSource === 'public';
        const delta = intrinsicSensitivity(spec, n, k);
        return {
          applicable: true,
          sigma: NaN, // 1/λ* = 2√φ_max·Δ/ε depends on φ, filled in per replicate
          sensitivity: delta,
          distance: 'riemannian',
          // Not ε-DP in either case (conformal.ts, "Privacy"): the notes say why.
          isPrivate: false,
          theoryMeanSqDist: null,
          notes: [
            fromPublic
              ? `NOT PRIVATE: φ comes from a public reference sample of ${c.publicN ?? n} points, but the ` +
                'computable conformal distance (g*-length of the g-geodesic) lacks the triangle inequality ' +
                '003’s proof needs; measured privacy loss exceeds ε for non-constant φ'
              : 'NOT PRIVATE: φ (hence the metric, φ_max and the noise) is estimated from the private data itself, as in 003',
            `λ* = ε/(2√φ_max Δ); sign ${c.sign ?? 'dense-contracts'}, gain ${c.gain ?? 1}, k-NN ${c.kNeighbors ?? 10}; ` +
              `MH with burn-in ${spec.burnIn ?? 2000}`,
          ],
        };
      }
    }
  } catch (e) {
    return notApplicable('riemannian', e instanceof Error ? e.message : String(e));
  }
}
