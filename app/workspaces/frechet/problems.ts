/**
 * Settings of the Fréchet workspace that no mechanism can run with, said in words before any job starts (the
 * workers would refuse them too, less readably).
 */
import { frechetRadiusLimit } from '../../../src/privacy/frechet/sensitivity';
import { FRECHET_MECHANISM_TABLE } from '../../../src/privacy/frechet/mechanisms';
import { formatFixed } from '../../format';
import type { FrechetMechanismId, LabSettings } from '../../state/settings';

export type FrechetSpace = LabSettings['frechetSpace'];

/** The mechanisms of `selected` that are defined on `space`, in the order of `selected`. */
export function mechanismIdsOn(
  space: FrechetSpace,
  selected: readonly FrechetMechanismId[],
): FrechetMechanismId[] {
  return selected.filter((id) =>
    FRECHET_MECHANISM_TABLE.some(
      (m) => m.labId === id && (m.spaces as readonly FrechetSpace[]).includes(space),
    ),
  );
}

/** The user's points in use (imported for the space shown), with the radius r their sensitivity uses. */
export interface OwnData {
  id: number;
  fileName: string;
  points: Float64Array[];
  k: number;
  /** The smallest r the data satisfy (frechetDataRadius): computed from them, so not private. */
  dataRadius: number;
  /** The r of the releases: dataRadius ('data' mode) or the public setting. */
  radius: number;
  radiusFromData: boolean;
}

/**
 * Largest data radius r the sensitivity bound of 004 (Thm 2) allows: r* = ½ min(inj, π/(2√κ)), π/4 on the
 * unit sphere (κ = 1, inj = π); none on SPD (curvature ≤ 0, infinite injectivity radius).
 */
export function radiusLimit(space: FrechetSpace): number {
  return space === 'sphere' ? frechetRadiusLimit(1, Math.PI) : Infinity;
}

/** What is wrong with the settings (and the user's data, if in use) for the Fréchet workspace, or null. */
export function frechetProblem(s: LabSettings, own: OwnData | null = null): string | null {
  const rMax = radiusLimit(s.frechetSpace);
  const r = own ? own.radius : s.radius;
  if (r < rMax) return null;
  const need = `004's sensitivity bound (Thm 2) needs r < π/4 ≈ ${formatFixed(rMax, 4)}, so no mechanism can be calibrated.`;
  if (own?.radiusFromData)
    return (
      `Your points reach ${formatFixed(r, 3)} from their Fréchet mean, so the radius taken from them is too large for ` +
      `the sphere: ${need} Points spread this widely have no well-defined private mean here.`
    );
  return `The data radius r = ${r} is too large for the sphere: ${need} Choose a smaller r.`;
}

/**
 * Public r with the user's data: whether the data break the assumption the bound rests on (said to the data's
 * owner only — the check reads the data, the release does not), or null.
 */
export function ownDataWarning(s: LabSettings, own: OwnData | null): string | null {
  if (!own || own.radiusFromData || own.dataRadius <= own.radius * (1 + 1e-12)) return null;
  const guarantee =
    'the sensitivity bound — and with it the privacy guarantee — does not hold for these data';
  return s.frechetSpace === 'sphere'
    ? `Your points reach ${formatFixed(own.dataRadius, 3)} from their Fréchet mean, farther than the public r = ${own.radius}: ` +
        `unless they lie in some cap of radius r, ${guarantee}.`
    : `Some eigenvalues of your matrices lie outside [e^−r, e^r] for the public r = ${own.radius} (r would need to ` +
        `be at least ${formatFixed(own.dataRadius, 3)}): ${guarantee}.`;
}
