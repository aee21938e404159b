/**
 * The non-private fit and the private release of a workspace as tables (CSV) and objects (JSON). Points and
 * tangent vectors are written in the manifold's coordinates (sphere: R³; SPD(2): the 4 entries of the 2×2
 * matrix, row by row; shapes: x1, y1, …, xk, yk; Euclidean: R^d); the fit is γ(x) = Exp(p, x·v) with the
 * covariate x rescaled to [0, 1], and the notes say how to map x back to the data's units.
 */
import type { ReleaseCell } from '../../src/experiments';
import { releasedPairs } from '../release/releasedPairs';

export interface CovariateInfo {
  xLabel: string;
  xRange: readonly [number, number];
}

export interface TableExport {
  rows: Record<string, number | string>[];
  columns: string[];
  notes: string[];
}

const coordinateNames = (prefix: string, k: number) =>
  Array.from({ length: k }, (_, j) => `${prefix}${j + 1}`);

function withCoordinates(
  row: Record<string, number | string>,
  p: ArrayLike<number>,
  v: ArrayLike<number>,
): Record<string, number | string> {
  for (let j = 0; j < p.length; j++) row[`p${j + 1}`] = p[j];
  for (let j = 0; j < v.length; j++) row[`v${j + 1}`] = v[j];
  return row;
}

function covariateNote({ xLabel, xRange: [min, max] }: CovariateInfo): string {
  return (
    `the fitted curve is Exp(p, x·v) with x = (${xLabel} − ${min}) / (${max} − ${min}) in [0, 1]; ` +
    'p = footpoint, v = shooting vector, in the coordinates of the manifold'
  );
}

/** The first cell of the release computed for the workspace's data (cells of another data set are skipped). */
function firstCell(cells: readonly (ReleaseCell | undefined)[], dim: number): ReleaseCell | undefined {
  return cells.find((c): c is ReleaseCell => c !== undefined && c.pHat.length === dim);
}

/** The non-private fit: one row (p̂, v̂, its MSE on the data), or null before the fit has arrived. */
export function fitTable(
  cells: readonly (ReleaseCell | undefined)[],
  dim: number,
  covariate: CovariateInfo,
): TableExport | null {
  const c = firstCell(cells, dim);
  if (!c) return null;
  const row = withCoordinates({ mse: Math.exp(c.lnNonPrivateMse), lnMse: c.lnNonPrivateMse }, c.pHat, c.vHat);
  return {
    rows: [row],
    columns: ['mse', 'lnMse', ...coordinateNames('p', c.pHat.length), ...coordinateNames('v', c.vHat.length)],
    notes: [
      'non-private geodesic regression fit (not private: it is computed from the data as they are)',
      covariateNote(covariate),
    ],
  };
}

export function fitJson(
  cells: readonly (ReleaseCell | undefined)[],
  dim: number,
  covariate: CovariateInfo,
): Record<string, unknown> | null {
  const c = firstCell(cells, dim);
  if (!c) return null;
  return {
    manifold: c.manifold,
    covariate: { label: covariate.xLabel, min: covariate.xRange[0], max: covariate.xRange[1] },
    note: covariateNote(covariate),
    nonPrivateFit: { p: c.pHat, v: c.vHat, mse: Math.exp(c.lnNonPrivateMse), lnMse: c.lnNonPrivateMse },
  };
}

function calibrationNotes(c: ReleaseCell): string[] {
  if (c.joint)
    return [
      c.privacyLabel,
      `σ_p = ${c.sigmaP}, σ_v = ${c.sigmaV}, σ_E = ${c.joint.sigmaE}, Δ_p = ${c.deltaP}, Δ_v = ${c.deltaV}, ` +
        `Δ_E = ${c.joint.deltaE}, clip c = ${c.joint.clip}`,
      ...c.notes,
    ];
  return [
    c.isPrivate
      ? `public bounds: ${c.privacyLabel}`
      : 'NOT PRIVATE: the noise was calibrated with the data-driven τ',
    `σ_p = ${c.sigmaP}, σ_v = ${c.sigmaV}, Δ_p = ${c.deltaP}, Δ_v = ${c.deltaV}, τ = ${c.tau}`,
    ...c.notes,
  ];
}

/** The released pairs (p̃, ṽ) numbered by footpoint and vector (from 1), or null until the release is complete. */
function numberedPairs(cells: readonly (ReleaseCell | undefined)[], dim: number) {
  if (cells.length === 0 || cells.some((x) => x === undefined)) return null;
  const perFootpoint = new Map<number, number>();
  return releasedPairs(cells as ReleaseCell[], dim).map((pair) => {
    const vector = (perFootpoint.get(pair.footpoint) ?? 0) + 1;
    perFootpoint.set(pair.footpoint, vector);
    return { footpoint: pair.footpoint + 1, vector, mse: pair.mse, p: pair.p, v: pair.v };
  });
}

/** The private release: one row per released pair (p̃, ṽ) with its MSE, or null before it is complete. */
export function releaseTable(
  cells: readonly (ReleaseCell | undefined)[],
  dim: number,
  covariate: CovariateInfo,
): TableExport | null {
  const c = firstCell(cells, dim);
  const pairs = numberedPairs(cells, dim);
  if (!c || !pairs) return null;
  return {
    rows: pairs.map(({ footpoint, vector, mse, p, v }) =>
      withCoordinates({ footpoint, vector, mse, lnMse: Math.log(mse) }, p, v),
    ),
    columns: [
      'footpoint',
      'vector',
      'mse',
      'lnMse',
      ...coordinateNames('p', c.pHat.length),
      ...coordinateNames('v', c.vHat.length),
    ],
    notes: [
      `privacy: ${c.privacy.statement}`,
      ...calibrationNotes(c),
      `non-private fit: ln MSE ${c.lnNonPrivateMse}`,
      covariateNote(covariate),
    ],
  };
}

export function releaseJson(
  cells: readonly (ReleaseCell | undefined)[],
  dim: number,
  covariate: CovariateInfo,
): Record<string, unknown> | null {
  const c = firstCell(cells, dim);
  const pairs = numberedPairs(cells, dim);
  const fit = fitJson(cells, dim, covariate);
  if (!c || !pairs || !fit) return null;
  return {
    ...fit,
    privacy: c.privacy,
    label: c.privacyLabel,
    notes: calibrationNotes(c),
    calibration: {
      sigmaP: c.sigmaP,
      sigmaV: c.sigmaV,
      deltaP: c.deltaP,
      deltaV: c.deltaV,
      // the joint release has a clip c and an energy term where paper 000's KNG has τ
      ...(c.joint ? c.joint : { tau: c.tau }),
    },
    pairs,
  };
}
