/**
 * What the mechanism table (mechanisms/) says of each mechanism — id, label, family, spaces and blurb —
 * without how it prepares and releases. The lab's page lists the mechanisms from here, so it does not load
 * the samplers and their WebAssembly; mechanisms/ adds each entry's `prepare`, in this order.
 */
import { FRECHET_MECHANISM_TABLE } from '../privacy/frechet/mechanisms';
import { LINREG_METHOD_LABELS, LINREG_METHODS, type LinregMethod } from '../privacy/linreg';
import type { Mechanism, SpaceKind } from '../privacy/mechanism';

export type MechanismInfo = Omit<Mechanism<unknown>, 'prepare'>;

export type PrivateLinregMethod = Exclude<LinregMethod, 'nonprivate'>;
export const PRIVATE_LINREG_METHODS = LINREG_METHODS.filter(
  (m): m is PrivateLinregMethod => m !== 'nonprivate',
);

const LINREG_BLURBS: Record<PrivateLinregMethod, string> = {
  dpgr: 'the KNG release of linear regression with the exact K-norm samplers, ε/2 + ε/2 (paper 001)',
  ssp: 'Laplace noise on the sufficient statistics (x, x², y, xy sums), ε-DP',
  dpsgd: 'noisy clipped full-batch gradient descent, (ε, δ)-DP by Gaussian-DP accounting',
};

const ALL_SPACES: readonly SpaceKind[] = ['sphere', 'spd', 'kendall', 'euclidean'];

export const MECHANISM_INFO: readonly MechanismInfo[] = [
  {
    id: 'kng',
    label: 'KNG geodesic regression (p̃, ṽ)',
    family: 'regression',
    spaces: ALL_SPACES,
    blurb:
      'footpoint then shooting vector by the K-norm gradient mechanism (MCMC), ε = ε_p + ε_v (paper 000)',
  },
  {
    id: 'kng-footpoint',
    label: 'KNG footpoint p̃',
    family: 'regression',
    spaces: ALL_SPACES,
    blurb: 'the footpoint alone, ∝ exp(−‖∇_p E(p, Γv̂)‖/σ_p), claimed ε_p (paper 000)',
  },
  {
    id: 'kng-joint',
    label: 'joint clipped KNG (p̃, ṽ), private for any data',
    family: 'regression',
    spaces: ['sphere', 'spd', 'kendall'],
    blurb:
      'one draw of (p, v) with clipped residuals on a public covariate range and domain, ε = ε_E + ε_p + ε_v for the exact target (docs/kng-joint.md)',
  },
  {
    id: 'nonprivate',
    label: 'non-private fit',
    family: 'regression',
    spaces: ALL_SPACES,
    blurb: 'the least-squares geodesic (p̂, v̂) as it is: ε = ∞',
  },
  ...FRECHET_MECHANISM_TABLE.map((info): MechanismInfo => ({
    id: info.id,
    label: info.label,
    family: 'frechet',
    spaces: info.spaces,
    blurb: info.blurb,
  })),
  {
    id: 'euclidean-knorm',
    label: 'Euclidean K-norm mean',
    family: 'frechet',
    spaces: ['euclidean'],
    blurb: 'the exact KNG of the mean in R^d: ∝ exp(−‖z − ȳ‖/σ), Δ = 2r/n',
  },
  ...PRIVATE_LINREG_METHODS.map((method): MechanismInfo => ({
    id: method,
    label: LINREG_METHOD_LABELS[method],
    family: 'linreg',
    spaces: ['euclidean'],
    blurb: LINREG_BLURBS[method],
  })),
];

/** The entry of `id`; a RangeError naming the table's ids when there is none. */
export function mechanismInfoById(id: string): MechanismInfo {
  const m = MECHANISM_INFO.find((x) => x.id === id);
  if (!m)
    throw new RangeError(
      `unknown mechanism "${id}"; the mechanisms are ${MECHANISM_INFO.map((x) => x.id).join(', ')}`,
    );
  return m;
}
