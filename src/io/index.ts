/**
 * Data import shared by the command line and the browser lab (pure TypeScript: text in, data out).
 * See `parse.ts` for the accepted layouts and `json.ts` for the JSON forms.
 */
export { parseDataFile, dataFileHeader, type ParseOptions, type ParsedData } from './parse';
export { isIdColumnName, type ColumnChoice } from './reader';
export { MAX_DATA_BYTES, sizeText } from './readTable';
export { SPHERE_TOLERANCE, SPD_MAX_CONDITION } from './rows';
export { DataFormatError } from './errors';
export {
  parsePointsFile,
  upperTriangle,
  upperTriangleNames,
  pointsTable,
  pointsJson,
  MAX_POINTS_K,
  type ParsedPoints,
  type PointSpace,
  type PointsOptions,
} from './points';
