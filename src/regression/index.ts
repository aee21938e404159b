export {
  energy,
  gradient,
  accumulateGradient,
  fitGeodesicRegression,
  initialGeodesic,
  RegressionWorkspace,
  type EnergyGradient,
  type FitOptions,
  type RegressionFit,
  type Covariates,
} from './geodesicRegression';
export { rescaleCovariates, covariateScale, type CovariateScale } from './covariates';
