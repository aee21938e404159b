/** Helpers of the parser's tests: parse a text, or get the DataFormatError it raises. */
import { expect } from 'vitest';
import { DataFormatError, parseDataFile, type ParseOptions } from '.';

type Manifold = ParseOptions['manifold'];

export const parse = (text: string, manifold: Manifold, extra: Partial<ParseOptions> = {}) =>
  parseDataFile(text, { fileName: 'data.csv', manifold, ...extra });

/** Parses and returns the DataFormatError (fails the test if none is thrown). */
export function failure(
  text: string,
  manifold: Manifold,
  extra: Partial<ParseOptions> = {},
): DataFormatError {
  try {
    parse(text, manifold, extra);
  } catch (e) {
    expect(e).toBeInstanceOf(DataFormatError);
    return e as DataFormatError;
  }
  throw new Error('expected a DataFormatError');
}

export const norm = (v: Float64Array) => Math.hypot(...v);
export const s2 = Math.SQRT1_2;
