/** Reads a --data file through the shared importer (src/io) and rescales its covariates to [0, 1]. */
import { readFileSync, statSync } from 'node:fs';
import type { DataManifold } from '../data';
import { MAX_DATA_BYTES, parseDataFile, sizeText, type ParsedData } from '../io';
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
  const text = new TextDecoder('utf-8').decode(bytes);
  const parsed = parseDataFile(text, { fileName: path, manifold, columns, normalize });
  const { xs, scale } = rescaleCovariates(parsed.xs);
  return { file: path, parsed, xs, ys: parsed.ys, xRange: [scale.min, scale.max] };
}
