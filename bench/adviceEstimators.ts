/**
 * `npx tsx bench/adviceEstimators.ts [--quick] [--draws N] [--space sphere|spd|kendall]`: could the split advisor
 * estimate a release's expected error at each split more cheaply than by running the release's chains? At the
 * lab's defaults (sphere n = 300, SPD(2) n = 1000, shapes n = 2000 with 8 landmarks; ε = 1, data seed 1), per split
 * of the ε the energy term leaves, ln of the mean MSE with its standard error (delta method) from:
 *  - `release`: the release's own chains (MIXTURE_SAMPLER, 200 steps from the public start): what the advisor
 *    averages, the reference;
 *  - `importance`: self-normalised importance sampling of the exact target from the mixture's independence
 *    proposal (the linearised law with its covering share; exact draws, known density, no chain), `draws` × 8
 *    draws per split, its effective sample size beside it;
 *  - `chainN`: the same chains cut to N steps (half adapting, half frozen).
 * For each estimator, the largest |difference| to the reference over the splits in units of their combined
 * standard error: an estimator the advisor could use would stay within about 2 on every space. CPU milliseconds
 * per draw beside each. It reports; it never fails.
 */
import { pathToFileURL } from 'node:url';
import { jointSettingsFromBudget, prepareJointGroups } from '../src/experiments/jointRelease';
import { mse, prepareRegression, type DataSource } from '../src/experiments/regressionSetup';
import {
  jointPotential,
  linearisedProposal,
  publicStart,
  reparametrise,
  runJointChain,
  type KngJointContext,
} from '../src/privacy/kngJoint';
import { Rng } from '../src/sampling/rng';
import { LAB_SPACES, log, SPLITS } from './labSpaces';

const CHAIN_STEPS = [40, 100];

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** ln of a (weighted) mean and its standard error by the delta method; weights sum to 1 (or are equal). */
function lnMean(values: number[], weights?: number[]) {
  const w = weights ?? values.map(() => 1 / values.length);
  const mean = values.reduce((s, x, i) => s + w[i] * x, 0);
  // self-normalised importance sampling's variance: Σ wᵢ² (xᵢ − mean)²; equal weights: s²/N
  const variance = values.reduce((s, x, i) => s + w[i] * w[i] * (x - mean) ** 2, 0);
  const n = values.length;
  const se = Math.sqrt(weights ? variance : (variance * n) / Math.max(1, n - 1)) / mean;
  return { lnMean: Math.log(mean), se };
}

function chainDraws(ctx: KngJointContext, steps: number, draws: number, key: number) {
  const c = { ...ctx, settings: { ...ctx.settings, burnIn: steps / 2, frozenSteps: steps / 2 } };
  const states: Float64Array[] = [];
  for (let i = 0; i < draws; i++) {
    const rng = Rng.fromKey(0xae5, key, steps, i);
    const r = runJointChain(c, (k) => publicStart(ctx.M, rng.split(0, k)), rng.split(1));
    const z = new Float64Array(2 * ctx.M.ambientDim);
    z.set(r.p);
    z.set(r.v, ctx.M.ambientDim);
    states.push(z);
  }
  return states;
}

function importanceDraws(ctx: KngJointContext, draws: number, key: number) {
  const a = ctx.M.ambientDim;
  const q = linearisedProposal(ctx.linearised!, { broadWeight: ctx.settings.coveringWeight });
  const rng = Rng.fromKey(0x15, key);
  const states: Float64Array[] = [];
  const logW: number[] = [];
  for (let i = 0; i < draws; i++) {
    const z = new Float64Array(2 * a);
    const logQ = q.draw(rng, z);
    const u = logQ === -Infinity ? Infinity : jointPotential(ctx, z.subarray(0, a), z.subarray(a));
    if (!Number.isFinite(u)) continue;
    states.push(z);
    logW.push(-u - logQ);
  }
  const top = Math.max(...logW);
  const raw = logW.map((x) => Math.exp(x - top));
  const total = raw.reduce((s, x) => s + x, 0);
  const weights = raw.map((x) => x / total);
  const ess = 1 / weights.reduce((s, x) => s + x * x, 0);
  return { states, weights, ess };
}

export function adviceEstimators(quick: boolean, draws: number, only?: string) {
  const results = [];
  for (const space of LAB_SPACES.filter((s) => !only || s.manifold === only)) {
    const source = { kind: 'synthetic', seed: 1, ...space } as DataSource;
    const reg = prepareRegression(source);
    const splits = quick ? [0.1, 0.5, 0.9] : SPLITS;
    const rows = [];
    const worst: Record<string, number> = {};
    for (const [k, split] of splits.entries()) {
      log(`${space.manifold}: split ${split}…`);
      const g = prepareJointGroups(
        reg,
        source,
        jointSettingsFromBudget({ epsP: split, epsV: 1 - split, m: 1 }, reg.M.family?.kind),
      );
      const a = g.ctx.M.ambientDim;
      const errorOf = (z: Float64Array) => {
        const lab = reparametrise(reg.M, z.subarray(0, a), z.subarray(a), ...g.toPublic);
        return mse(reg, lab.p, lab.v);
      };
      const row: Record<string, unknown> = { split };
      let t = cpuMs();
      const ref = lnMean(chainDraws(g.ctx, 200, draws, k).map(errorOf));
      row.release = { ...round(ref), msPerDraw: +((cpuMs() - t) / draws).toFixed(2) };
      const compare = (name: string, est: { lnMean: number; se: number }) => {
        const z = Math.abs(est.lnMean - ref.lnMean) / Math.hypot(est.se, ref.se);
        worst[name] = Math.max(worst[name] ?? 0, z);
        return +z.toFixed(1);
      };
      if (g.ctx.linearised) {
        t = cpuMs();
        const is = importanceDraws(g.ctx, 8 * draws, k);
        const est = lnMean(is.states.map(errorOf), is.weights);
        row.importance = {
          ...round(est),
          ess: Math.round(is.ess),
          of: 8 * draws,
          msPerDraw: +((cpuMs() - t) / (8 * draws)).toFixed(2),
          z: compare('importance', est),
        };
      }
      for (const steps of CHAIN_STEPS) {
        t = cpuMs();
        const est = lnMean(chainDraws(g.ctx, steps, draws, 100 + k).map(errorOf));
        row[`chain${steps}`] = {
          ...round(est),
          msPerDraw: +((cpuMs() - t) / draws).toFixed(2),
          z: compare(`chain${steps}`, est),
        };
      }
      rows.push(row);
    }
    results.push({
      space: reg.M.name,
      n: space.n,
      lnNonPrivateMse: +reg.lnNonPrivateMse.toFixed(3),
      drawsPerSplit: draws,
      rows,
      largestStandardisedDifference: Object.fromEntries(
        Object.entries(worst).map(([name, z]) => [name, +z.toFixed(1)]),
      ),
    });
  }
  return results;
}

const round = (e: { lnMean: number; se: number }) => ({ lnMean: +e.lnMean.toFixed(2), se: +e.se.toFixed(2) });

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const quick = process.argv.includes('--quick');
  const draws = Number(arg('--draws') ?? (quick ? 20 : 60));
  process.stdout.write(`${JSON.stringify(adviceEstimators(quick, draws, arg('--space')), null, 2)}\n`);
}
