/**
 * Every task's cell count, without its cells: what the pool on the main thread needs to split a job and to
 * check its params (a bad spec throws here, with its message, before any work). The workers compute the cells
 * from tasks.ts; this module names only the count functions, so the page that imports it does not load the
 * samplers and their WebAssembly. Each entry is the very function of its task (cellCounts.test.ts).
 */
import { auditCellCount } from '../audit/audit';
import { frechetSensitivityCellCount } from '../experiments/frechetSensitivity';
import { frechetCellCount } from '../experiments/frechetSpec';
import { histogramCellCount } from '../experiments/histograms';
import { linregCellCount } from '../experiments/linreg';
import { releaseCellCount } from '../experiments/release';
import { jointReleaseCellCount } from '../experiments/jointSettings';
import { sizesCellCount } from '../experiments/sizesRows';
import { sensitivityCellCount } from '../experiments/sensitivityCheck';
import { sweepCellCount } from '../experiments/sweep';
import { oneCell } from './defineTask';
import type { TaskName, TaskParams } from './tasks';
import { failTask } from './testTasks';

export const CELL_COUNTS: { readonly [K in TaskName]: (params: TaskParams<K>) => number } = {
  data: oneCell,
  parse: oneCell,
  parsePoints: oneCell,
  sweep: sweepCellCount,
  frechet: frechetCellCount,
  frechetSensitivity: frechetSensitivityCellCount,
  sensitivity: sensitivityCellCount,
  histograms: histogramCellCount,
  release: releaseCellCount,
  jointRelease: jointReleaseCellCount,
  sizes: sizesCellCount,
  linreg: linregCellCount,
  audit: auditCellCount,
  auditPair: oneCell,
  advicePrivacy: oneCell,
  // the lab's fault injection (tasks.ts says why)
  fail: failTask.cellCount,
};
