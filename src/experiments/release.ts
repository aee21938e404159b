import { releaseKngGroup, prepareKng, kngGroupCount, type KngGroup, type KngSettings } from '../privacy/kng';
import { Rng } from '../sampling/rng';
import { defineTask } from '../workers/defineTask';
import { prepareRegression, type DataSource, type PreparedRegression } from './regressionSetup';

/** One private release (m footpoints × m shooting vectors) for the lab's views, as worker cells (groups). */
export interface ReleaseSpec {
  source: DataSource;
  kng: KngSettings;
  seed: number;
}

export type ReleaseCell = KngGroup & { isPrivate: boolean; notes: string[]; sigmaP: number; sigmaV: number };

interface ReleaseScratch {
  reg?: PreparedRegression;
}

export function releaseCell(spec: ReleaseSpec, group: number, scratch: ReleaseScratch): ReleaseCell {
  const reg = (scratch.reg ??= prepareRegression(spec.source));
  const ctx = prepareKng(reg, spec.kng);
  const g = releaseKngGroup(ctx, Rng.fromKey(spec.seed, 0x7e1), group);
  const { isPrivate, notes, sigmaP, sigmaV } = ctx.calibration;
  return { ...g, isPrivate, notes, sigmaP, sigmaV };
}

export const releaseTask = defineTask<ReleaseSpec, ReleaseCell, ReleaseScratch>({
  cellCount: (s) => kngGroupCount(s.kng),
  setup: () => ({}),
  cell: releaseCell,
});
