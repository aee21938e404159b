/**
 * Data import shared by the command line and the browser lab (pure TypeScript: text in, data out).
 * See `parse.ts` for the accepted layouts and `json.ts` for the JSON forms.
 */
export {
  parseDataFile,
  dataFileHeader,
  isIdColumnName,
  MAX_DATA_BYTES,
  SPHERE_TOLERANCE,
  SPD_MAX_CONDITION,
  sizeText,
  type ParseOptions,
  type ParsedData,
  type ColumnChoice,
} from './parse';
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
