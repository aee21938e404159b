/** Reads a --data file through the shared importer (src/io): regression data (covariates rescaled to [0, 1]) or points. */
import { readFileSync, statSync } from 'node:fs';
import type { DataManifold } from '../data';
import {
  MAX_DATA_BYTES,
  parseDataFile,
  parsePointsFile,
  sizeText,
  upperTriangleNames,
  type ParsedData,
  type ParsedPoints,
  type PointSpace,
} from '../io';
import { rescaleCovariates } from '../regression';
import { CliError } from './options';

export interface LoadedData {
  file: string;
  parsed: ParsedData;
  /** Covariates rescaled to [0, 1]. */
  xs: Float64Array;
  ys: Float64Array[];
  /** Original covariate range. */
  xRange: [number, number];
}

export function loadData(
  path: string,
  manifold: DataManifold,
  columns: { x?: string; y?: string[]; subject?: string } | undefined,
  normalize: boolean,
): LoadedData {
  const parsed = parseDataFile(readText(path), { fileName: path, manifold, columns, normalize });
  const { xs, scale } = rescaleCovariates(parsed.xs);
  return { file: path, parsed, xs, ys: parsed.ys, xRange: [scale.min, scale.max] };
}

/** An imported file as every command's settings.data describes it (null fields where they do not apply). */
export interface DataEcho {
  file: string;
  format: 'csv' | 'json';
  /** CSV: comma, semicolon or tab. */
  separator: string | null;
  /** Records used. */
  n: number;
  /** Only the first `rows` data rows were used (linreg --rows). */
  rows: number | null;
  xLabel: string | null;
  /** The covariate's range in its own units, as rescaled to [0, 1]. */
  xRange: [number, number] | null;
  yLabels: string[];
  landmarks: number | null;
  normalize: boolean;
}

export function regressionDataEcho(
  d: LoadedData,
  normalize: boolean,
  kept?: { n: number; rows: number; xRange: readonly [number, number] },
): DataEcho {
  const p = d.parsed;
  const xRange = kept?.xRange ?? d.xRange;
  return {
    file: d.file,
    format: p.format,
    separator: p.separator ?? null,
    n: kept?.n ?? p.n,
    rows: kept?.rows ?? null,
    xLabel: p.xLabel,
    xRange: [xRange[0], xRange[1]],
    yLabels: p.yLabels,
    landmarks: p.landmarks ?? null,
    normalize,
  };
}

export function pointsDataEcho(file: string, p: ParsedPoints, normalize: boolean): DataEcho {
  return {
    file,
    format: p.format,
    separator: null,
    n: p.n,
    rows: null,
    xLabel: null,
    xRange: null,
    // the columns as read (a header may name more, e.g. an id)
    yLabels:
      p.layout === 'lat-lon'
        ? ['lat', 'lon']
        : p.layout === 'unit-vectors'
          ? ['x', 'y', 'z']
          : upperTriangleNames(p.k),
    landmarks: null,
    normalize,
  };
}

/** Reads a points-only --data file (the Fréchet-mean command) through the lab's points importer. */
export function loadPoints(path: string, space: PointSpace, normalize: boolean): ParsedPoints {
  return parsePointsFile(readText(path), { fileName: path, space, normalize });
}

/** The file's text (at most MAX_DATA_BYTES), or a CliError saying why it cannot be read. */
function readText(path: string): string {
  let bytes: Buffer;
  try {
    const size = statSync(path).size;
    if (size > MAX_DATA_BYTES) {
      throw new CliError(`${path}: the file is ${sizeText(size)}; the limit is ${sizeText(MAX_DATA_BYTES)}`);
    }
    bytes = readFileSync(path);
  } catch (e) {
    if (e instanceof CliError) throw e;
    const code = (e as { code?: string }).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : (e as Error).message;
    throw new CliError(`cannot read data file "${path}": ${why}`);
  }
  // Non-fatal decoding: invalid UTF-8 becomes U+FFFD, which the parser reports as an encoding error.
  return new TextDecoder('utf-8').decode(bytes);
}
