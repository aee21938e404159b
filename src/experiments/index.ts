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
  adviseCoarseSpec,
  adviseFineSpec,
  adviseFineM,
  type AdviseSpec,
  type Advice,
  type AdvicePoint,
  type AdviceCurvePoint,
} from './advise';
export { dataTask, type DataSpec } from './dataTask';
export { parseTask, parseUserData, type ParseSpec, type ParseOutcome } from './parseTask';
export {
  runFrechet,
  aggregateFrechet,
  calibrateFrechet,
  checkFrechetSpec,
  frechetCell,
  frechetCellCount,
  frechetConformalField,
  frechetPublicSample,
  frechetDataset,
  frechetKs,
  frechetSensitivityExperiment,
  frechetSetup,
  frechetTask,
  FRECHET_MECHANISMS,
  FRECHET_ROW_COLUMNS,
  type FrechetSpec,
  type FrechetCell,
  type FrechetRow,
  type FrechetMechanism,
  type FrechetManifold,
  type FrechetDataset,
  type FrechetCalibration,
  type FrechetConformalSettings,
  type FrechetScratch,
  type FrechetSensitivitySpec,
  type FrechetSensitivityRow,
} from './frechet';
export { frechetData, frechetBallRadius, haarOrthogonal, type FrechetDataOptions } from './frechetData';
