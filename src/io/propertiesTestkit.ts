/** Helpers of the parser's property tests: parse a generated table as CSV or JSON, or get the error it raises. */
import type { CsvStyle, DataTable, TableManifold } from '../testing/arbitraries';
import { DataFormatError, parseDataFile } from '.';

export const parseCsv = (text: string, manifold: TableManifold) =>
  parseDataFile(text, { fileName: 'data.csv', manifold });
export const parseJson = (text: string, manifold: TableManifold) =>
  parseDataFile(text, { fileName: 'data.json', manifold });

/** Latitude/longitude columns are recognised by their header only. */
export const csvStyleFor = (t: DataTable, s: CsvStyle): CsvStyle => (t.latLon ? { ...s, header: true } : s);

/** The DataFormatError f throws (fails the test if it returns or throws anything else). */
export function formatError(f: () => unknown): DataFormatError {
  try {
    f();
  } catch (e) {
    if (e instanceof DataFormatError) return e;
    throw e;
  }
  throw new Error('expected a DataFormatError, but the file was accepted');
}
