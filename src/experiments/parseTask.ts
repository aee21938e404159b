import { MANIFOLDS, type DataManifold } from '../data/manifolds';
import {
  DataFormatError,
  dataFileHeader,
  parseDataFile,
  parsePointsFile,
  type ColumnChoice,
  type PointSpace,
} from '../io';
import { rescaleCovariates } from '../regression/covariates';
import { defineTask, oneCell } from '../workers/defineTask';

/** Parsing and validating a user's data file, in a worker (a large file must not freeze the page). */
export interface ParseSpec {
  text: string;
  fileName: string;
  manifold: DataManifold;
  normalize?: boolean;
  /** Which columns are the covariate and the responses (by header name or 1-based number); default: see parse.ts. */
  columns?: ColumnChoice;
}

export type ParseOutcome =
  | {
      ok: true;
      /** Covariates rescaled to [0, 1]; xRange maps them back to the file's units. */
      xs: Float64Array;
      ys: Float64Array[];
      xLabel: string;
      yLabels: string[];
      xRange: [number, number];
      warnings: string[];
      /** The file's column names, or null (for choosing columns). */
      header: string[] | null;
    }
  | {
      ok: false;
      message: string;
      /** The file's column names when the file could be read as a table (so other columns can be chosen). */
      header: string[] | null;
      /**
       * Sphere: the only problem is points off the unit sphere, and projecting them would load the file —
       * how many were off and the largest |‖y‖ − 1|, so the lab can offer to normalise.
       */
      normalizable?: { count: number; maxDeviation: number };
    };

export function parseUserData(spec: ParseSpec): ParseOutcome {
  const opts = {
    fileName: spec.fileName,
    manifold: spec.manifold,
    normalize: spec.normalize,
    columns: spec.columns,
  };
  try {
    const parsed = parseDataFile(spec.text, opts);
    const { xs, scale } = rescaleCovariates(parsed.xs);
    return {
      ok: true,
      xs,
      ys: parsed.ys,
      xLabel: parsed.xLabel,
      yLabels: parsed.yLabels,
      xRange: [scale.min, scale.max],
      warnings: parsed.warnings,
      header: parsed.header,
    };
  } catch (e) {
    const message = failureMessage(e, spec.fileName);
    if (message === null) throw e;
    return { ok: false, message, header: headerOrNull(spec), ...offerNormalize(spec, opts) };
  }
}

function failureMessage(e: unknown, fileName: string): string | null {
  if (e instanceof DataFormatError) return e.message;
  if (e instanceof RangeError) return `${fileName}: ${e.message}`;
  return null;
}

function headerOrNull(spec: ParseSpec): string[] | null {
  try {
    return dataFileHeader(spec.text, spec.fileName);
  } catch {
    return null;
  }
}

/** A failed sphere file that loads once its points are projected: say how many were off, and by how much. */
function offerNormalize(
  spec: ParseSpec,
  opts: Parameters<typeof parseDataFile>[1],
): { normalizable?: { count: number; maxDeviation: number } } {
  if (MANIFOLDS[spec.manifold].rows.cannotNormalize !== null || spec.normalize) return {};
  try {
    const projected = parseDataFile(spec.text, { ...opts, normalize: true }).projected;
    return projected ? { normalizable: projected } : {};
  } catch {
    return {};
  }
}

export const parseTask = defineTask<ParseSpec, ParseOutcome>({
  cellCount: oneCell,
  cell: (spec) => parseUserData(spec),
});

/** A points-only file for the Fréchet-mean workspace (src/io/points.ts), read in a worker like the others. */
export interface PointsParseSpec {
  text: string;
  fileName: string;
  space: PointSpace;
  normalize?: boolean;
}

export type PointsOutcome =
  | {
      ok: true;
      /** Unit 3-vectors, or k×k SPD matrices row-major. */
      points: Float64Array[];
      k: number;
      /** What the file held: unit vectors, lat/lon, upper triangles or matrices (said when it is loaded). */
      layout: string;
      warnings: string[];
    }
  | { ok: false; message: string; normalizable?: { count: number; maxDeviation: number } };

export function parseUserPoints(spec: PointsParseSpec): PointsOutcome {
  const opts = { fileName: spec.fileName, space: spec.space, normalize: spec.normalize };
  try {
    const { points, k, layout, warnings } = parsePointsFile(spec.text, opts);
    return { ok: true, points, k, layout, warnings };
  } catch (e) {
    const message = failureMessage(e, spec.fileName);
    if (message === null) throw e;
    if (spec.space !== 'sphere' || spec.normalize) return { ok: false, message };
    // the same offer as for regression files: say how many points were off and by how much
    try {
      const projected = parsePointsFile(spec.text, { ...opts, normalize: true }).projected;
      return { ok: false, message, ...(projected ? { normalizable: projected } : {}) };
    } catch {
      return { ok: false, message };
    }
  }
}

export const parsePointsTask = defineTask<PointsParseSpec, PointsOutcome>({
  cellCount: oneCell,
  cell: (spec) => parseUserPoints(spec),
});
