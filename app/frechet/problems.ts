/**
 * Settings of the Fréchet workspace that no mechanism can run with, said in words before any job starts (the
 * workers would refuse them too, less readably).
 */
import { frechetRadiusLimit } from '../../src/privacy/frechet/sensitivity';
import type { LabSettings } from '../state/settings';
import type { FrechetSpace } from './mechanisms';

/**
 * Largest data radius r the sensitivity bound of 004 (Thm 2) allows: r* = ½ min(inj, π/(2√κ)), π/4 on the
 * unit sphere (κ = 1, inj = π); none on SPD (curvature ≤ 0, infinite injectivity radius).
 */
export function radiusLimit(space: FrechetSpace): number {
  return space === 'sphere' ? frechetRadiusLimit(1, Math.PI) : Infinity;
}

/** What is wrong with the settings for the Fréchet workspace, or null. */
export function frechetProblem(s: LabSettings): string | null {
  const rMax = radiusLimit(s.frechetSpace);
  if (!(s.radius < rMax))
    return (
      `The data radius r = ${s.radius} is too large for the sphere: 004's sensitivity bound (Thm 2) needs ` +
      `r < π/4 ≈ ${rMax.toFixed(4)}, so no mechanism can be calibrated. Choose a smaller r.`
    );
  return null;
}
