export { budgetPairs, linspace, type Panel, type BudgetPair, type BudgetOptions } from './budgets';
export { prepareRegression, mse, type DataSource, type PreparedRegression } from './regressionSetup';
export {
  runSweep,
  sweepCells,
  aggregateSweep,
  sweepCell,
  sweepCellCount,
  sweepSetup,
  sweepTask,
  SWEEP_ROW_COLUMNS,
  type SweepSpec,
  type SweepRow,
  type SweepResult,
  type SweepCellResult,
} from './sweep';
export {
  runSensitivityCheck,
  sensitivityCell,
  sensitivityTask,
  type SensitivitySpec,
  type SensitivityCell,
} from './sensitivityCheck';
export {
  runHistograms,
  histogramCell,
  histogramTask,
  type HistogramSpec,
  type HistogramCell,
} from './histograms';
export { releaseCell, releaseTask, type ReleaseSpec, type ReleaseCell } from './release';
export {
  aggregateSizes,
  sizesCell,
  sizesTask,
  SIZE_MECHANISMS,
  type SizesCell,
  type SizesRow,
  type SizesSpec,
} from './sizes';
export {
  jointCovariates,
  jointReleaseCell,
  jointSettingsFromBudget,
  prepareJointGroups,
  jointReleaseTask,
  lnMeanAndMedian,
  resolveJointSettings,
  type JointCovariates,
  type JointReleaseCell,
  type JointReleaseSpec,
  type JointSettingsInput,
} from './jointRelease';
export { jointSamplerSettings, type JointSampler } from './jointSettings';
export {
  runLinreg,
  aggregateLinreg,
  linregCell,
  linregCellCount,
  linregData,
  linregTask,
  firstRows,
  wine001Data,
  WINE_001,
  DEFAULT_LINREG_EPS,
  LINREG_ROW_COLUMNS,
  type LinregSource,
  type LinregSpec,
  type LinregCell,
  type LinregRow,
  type LinregResult,
} from './linreg';
export {
  runAdvice,
  adviceFromCells,
  coarseAdviceFromCells,
  coarseAdviceSoFar,
  adviseCoarseSpec,
  adviseFineSpec,
  adviseFineM,
  nextAdviceSweep,
  withPart,
  type AdviceCells,
  type AdviceSweep,
  type AdviseSpec,
  type Advice,
  type AdvicePoint,
  type AdviceCurvePoint,
} from './advise';
export { dataTask, type DataSpec } from './dataTask';
export { parseTask, parseUserData, type ParseSpec, type ParseOutcome } from './parseTask';
export {
  runFrechet,
  frechetCell,
  frechetConformalField,
  frechetSetup,
  frechetTask,
  type FrechetCell,
  type FrechetScratch,
} from './frechet';
export {
  checkFrechetSpec,
  frechetCellCount,
  frechetPublicSample,
  frechetDataset,
  frechetKs,
  FRECHET_MECHANISMS,
  type FrechetSpec,
} from './frechetSpec';
export { aggregateFrechet, FRECHET_ROW_COLUMNS, type FrechetRow } from './frechetRows';
export {
  frechetSensitivityExperiment,
  type FrechetSensitivitySpec,
  type FrechetSensitivityRow,
} from './frechetSensitivity';
export { calibrateFrechet, type FrechetCalibration } from '../privacy/frechet/calibration';
export type { FrechetMechanism } from '../privacy/frechet/mechanisms';
export type { FrechetManifold, FrechetConformalSettings } from '../privacy/frechet/settings';
export { frechetBallRadius } from '../privacy/frechet/sensitivity';
export { frechetData, haarOrthogonal, type FrechetDataOptions, type FrechetDataset } from './frechetData';
