/**
 * Where privacy starts to pay: error against the data size n at one total budget, for the release private for any
 * data (kng-joint), paper 000's KNG with its data-driven τ (the papers' default, which leaks) and the non-private
 * fit. Cells are (n, mechanism, group), each with its own random stream; ln of the mean and of the median MSE per
 * (n, mechanism), since rare far draws dominate the mean.
 */
import { DEFAULT_KNG_SETTINGS, prepareKng, releaseKngGroup, type KngContext } from '../privacy/kng';
import { Rng } from '../sampling/rng';
import { defineTask } from '../workers/defineTask';
import {
  jointSettingsFromBudget,
  prepareJointGroups,
  releaseJointGroup,
  type JointGroupContext,
} from './jointRelease';
import { SIZE_MECHANISMS, sizesCellCount, type SizesCell, type SizesSpec } from './sizesRows';

export * from './sizesRows';
import { mse, prepareRegression, type DataSource, type PreparedRegression } from './regressionSetup';

interface SizesScratch {
  regressions: Map<number, PreparedRegression>;
  contexts: Map<string, KngContext | JointGroupContext>;
}

function source(spec: SizesSpec, n: number): DataSource {
  return {
    kind: 'synthetic',
    manifold: spec.manifold,
    n,
    noise: spec.noise,
    seed: spec.seed,
    ...(spec.landmarks !== undefined ? { landmarks: spec.landmarks } : {}),
  };
}

export function sizesCell(spec: SizesSpec, index: number, scratch: SizesScratch): SizesCell {
  const group = index % spec.m;
  const k = Math.floor(index / spec.m);
  const mechanism = SIZE_MECHANISMS[k % SIZE_MECHANISMS.length];
  const n = spec.ns[Math.floor(k / SIZE_MECHANISMS.length)];
  let reg = scratch.regressions.get(n);
  if (!reg) {
    reg = prepareRegression(source(spec, n));
    scratch.regressions.set(n, reg);
  }
  const rng = Rng.fromKey(spec.seed, 0x512e, n, k % SIZE_MECHANISMS.length);
  // the release's preparation (its kernel, calibration) once per (n, mechanism) on this worker
  const key = `${n}/${mechanism}`;
  let ctx = scratch.contexts.get(key);
  if (!ctx) {
    const budget = { epsP: spec.eps / 2, epsV: spec.eps / 2, m: spec.m };
    ctx =
      mechanism === 'kng-joint'
        ? prepareJointGroups(reg, source(spec, n), jointSettingsFromBudget(budget, reg.M.family?.kind))
        : prepareKng(reg, { ...DEFAULT_KNG_SETTINGS, ...budget });
    scratch.contexts.set(key, ctx);
  }
  const g = 'toPublic' in ctx ? releaseJointGroup(ctx, rng, group) : releaseKngGroup(ctx, rng, group);
  const pairs = g.footpoints.flatMap((p, i) => g.shootingVectors[i].map((v) => ({ p, v })));
  return {
    n,
    mechanism,
    lnNonPrivateMse: reg.lnNonPrivateMse,
    mses: pairs.map(({ p, v }) => mse(reg, p, v)),
  };
}

export const sizesTask = defineTask<SizesSpec, SizesCell, SizesScratch>({
  cellCount: sizesCellCount,
  setup: () => ({ regressions: new Map(), contexts: new Map() }),
  cell: sizesCell,
});
