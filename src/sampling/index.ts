export { Rng, normalTail } from './rng';
export * from './mh';
export {
  chiSquared,
  exponential,
  gamma,
  kNormLaplace,
  normalVector,
  uniformDirection,
  uniformInBall,
  uniformInTangentBall,
} from './distributions';
export {
  chiSquaredCdf,
  chiSquaredSurvival,
  chiSquaredTest,
  effectiveSampleSize,
  gammaCdf,
  gammaSurvival,
  kolmogorovSurvival,
  ksOneSample,
  ksTwoSample,
  logGamma,
  logNormalCdf,
  mean,
  normalCdf,
  normalPdf,
  normalQuantile,
  quantile,
  quantileSorted,
  variance,
} from './stats';
export type { TestResult } from './stats';
