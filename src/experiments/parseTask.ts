import type { DataManifold } from '../data';
import { DataFormatError, parseDataFile } from '../io';
import { rescaleCovariates } from '../regression/covariates';
import { defineTask } from '../workers/defineTask';

/** Parsing and validating a user's data file, in a worker (a large file must not freeze the page). */
export interface ParseSpec {
  text: string;
  fileName: string;
  manifold: DataManifold;
  normalize?: boolean;
}

export type ParseOutcome =
  | {
      ok: true;
      /** Covariates rescaled to [0, 1]; xRange maps them back to the file's units. */
      xs: Float64Array;
      ys: Float64Array[];
      xLabel: string;
      xRange: [number, number];
      warnings: string[];
    }
  | { ok: false; message: string };

export function parseUserData(spec: ParseSpec): ParseOutcome {
  try {
    const parsed = parseDataFile(spec.text, {
      fileName: spec.fileName,
      manifold: spec.manifold,
      normalize: spec.normalize,
    });
    const { xs, scale } = rescaleCovariates(parsed.xs);
    return {
      ok: true,
      xs,
      ys: parsed.ys,
      xLabel: parsed.xLabel,
      xRange: [scale.min, scale.max],
      warnings: parsed.warnings,
    };
  } catch (e) {
    if (e instanceof DataFormatError) return { ok: false, message: e.message };
    if (e instanceof RangeError) return { ok: false, message: `${spec.fileName}: ${e.message}` };
    throw e;
  }
}

export const parseTask = defineTask<ParseSpec, ParseOutcome>({
  cellCount: () => 1,
  cell: (spec) => parseUserData(spec),
});
