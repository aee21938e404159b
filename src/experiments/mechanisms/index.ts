/**
 * The mechanism table: every release of the lab behind the one interface of
 * `src/privacy/mechanism.ts` — KNG geodesic regression (the footpoint alone and the sequential pair), the
 * non-private fit (ε = ∞), each Fréchet-mean mechanism (from `privacy/frechet/mechanisms.ts`, calibrated and
 * released by `privacy/frechet/calibration.ts` and `release.ts`), the exact Euclidean K-norm mean, and the linear-regression methods
 * (DPGR, SSP, DP-SGD). The audit and the CLI's `audit --mechanism` read it; a new entry (its info in
 * mechanismInfo.ts, its preparation in `prepareOf` below) appears in both.
 *
 * Outputs (flat, ambient coordinates): KNG — p̃ then ṽ; the non-private fit — p̂ then v̂; a Fréchet mechanism —
 * the raw release (ambient baselines: the point of R³ or Sym(k) before any projection); a line — intercept then
 * slope.
 *
 * The preparations, by family: `regression.ts` (KNG, kng-joint, the non-private fit), `frechet.ts` (the
 * Fréchet means and the Euclidean K-norm mean), `linreg.ts` (linear regression); `shared.ts` holds the
 * settings they read and the helpers they share.
 */
import { FRECHET_MECHANISM_TABLE } from '../../privacy/frechet/mechanisms';
import { MECHANISM_INFO, PRIVATE_LINREG_METHODS, type MechanismInfo } from '../mechanismInfo';
import { prepareEuclideanKnorm, prepareFrechetMechanism } from './frechet';
import { prepareLinreg } from './linreg';
import { prepareKngJointMechanism, prepareKngMechanism, prepareNonPrivateFit } from './regression';
import type { TableMechanism } from './shared';

export type { FrechetMechanismSettings, MechanismSettings, TableMechanism } from './shared';

/** How the entry `info` of MECHANISM_INFO prepares. */
function prepareOf(info: MechanismInfo): TableMechanism['prepare'] {
  const frechet = FRECHET_MECHANISM_TABLE.find((f) => f.id === info.id);
  if (frechet) return (data, s) => prepareFrechetMechanism(frechet, data, s);
  const method = PRIVATE_LINREG_METHODS.find((m) => m === info.id);
  if (method) return (data, s) => prepareLinreg(method, data, s);
  if (info.id === 'kng') return (data, s) => prepareKngMechanism(data, s, true);
  if (info.id === 'kng-footpoint') return (data, s) => prepareKngMechanism(data, s, false);
  if (info.id === 'kng-joint') return prepareKngJointMechanism;
  if (info.id === 'nonprivate') return (data) => prepareNonPrivateFit(data);
  if (info.id === 'euclidean-knorm') return prepareEuclideanKnorm;
  throw new Error(`mechanism "${info.id}" has no prepare`);
}

// pure: a page that names none of this table (the lab's, which lists MECHANISM_INFO) does not load it
export const MECHANISMS: readonly TableMechanism[] = /* @__PURE__ */ MECHANISM_INFO.map((info) => ({
  ...info,
  prepare: prepareOf(info),
}));

/**
 * The methods of the linear-regression comparison (the CLI's `linreg --method` values and default): the
 * table's linear-regression mechanisms in table order, then its non-private fit as the baseline.
 */
export function linregMethodIds(table: readonly TableMechanism[] = MECHANISMS): string[] {
  return [...table.filter((m) => m.family === 'linreg').map((m) => m.id), 'nonprivate'];
}
