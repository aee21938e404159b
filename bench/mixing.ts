/**
 * `npm run bench -- --mixing` (or `npx tsx bench/mixing.ts [--quick] [--releases N] [--landmarks L [--n n]]`, the
 * last for shapes alone at L landmarks): how fast the kng-joint sampler reaches its target, for the papers' random
 * walk (WALK_SAMPLER) and the 'mixture' sampler (MIXTURE_SAMPLER, the default), on each space at the lab's default
 * release (sphere n = 300, SPD(2) n = 1000, shapes n = 2000 with 8 landmarks; ε = 1 split evenly, seed 1), both
 * measured in the same run. Per space and sampler:
 *  - the target's law of U without any chain: importance sampling from the mixture's proposal, whose density is
 *    known (its 1 % … 99 % quantiles are the stationary band);
 *  - steps to the band: from the public start, the first step at which the β = 1 replica's U is inside the band
 *    (median and largest over the releases; "never" counts chains that did not reach it);
 *  - ESS of U per step and per second in stationary runs (from the fit, frozen step; median of several runs);
 *  - per release: steps (replicas × (burn-in + frozen)), seconds (median over releases, interleaved with the
 *    other samplers'), and the KS distance of the released U's to the target's law of U;
 *  - the mixture's one-off preparation per data set (the fit and the linearisation), and its independence moves'
 *    acceptance.
 * It reports; it never fails. On a shared machine compare the ratios, which are taken within one run.
 */
import { pathToFileURL } from 'node:url';
import { jointSettingsFromBudget, prepareJointGroups } from '../src/experiments/jointRelease';
import { prepareRegression, type DataSource } from '../src/experiments/regressionSetup';
import {
  jointPotential,
  linearisedProposal,
  MIXTURE_SAMPLER,
  MIXTURE_WIDTHS,
  WALK_SAMPLER,
  publicStart,
  runJointChain,
  type KngJointContext,
  type KngJointSettings,
} from '../src/privacy/kngJoint';
import { Rng } from '../src/sampling/rng';
import { effectiveSampleSize } from '../src/sampling/stats';
import { LAB_SPACES, log } from './labSpaces';

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
}

/** The non-private fit in the release's (centred) parametrisation, as a state [p, v]. */
function fitState(ctx: KngJointContext): Float64Array {
  const law = ctx.linearised!;
  const z = new Float64Array(2 * ctx.M.ambientDim);
  z.set(law.pHat);
  z.set(law.vHat, ctx.M.ambientDim);
  return z;
}

function withSettings(ctx: KngJointContext, over: Partial<KngJointSettings>): KngJointContext {
  return { ...ctx, settings: { ...ctx.settings, ...over } };
}

/**
 * Draws of the mixture's proposal (the linearised law and its covering share, whose densities are known) with
 * their log importance weights ln w_i = −U_i − ln q_i for the target: what estimates the target's law without
 * any chain. Draws outside the domain (weight 0) are left out.
 */
export function importanceDraws(ctx: KngJointContext, draws: number) {
  const a = ctx.M.ambientDim;
  // the default's wide copies too: without them the draws miss the far mass at extreme splits (samplerSplits.ts)
  const q = linearisedProposal(ctx.linearised!, { broadWeight: 0.2, widths: MIXTURE_WIDTHS });
  const rng = Rng.fromKey(5);
  const states: Float64Array[] = [];
  const u: number[] = [];
  const logW: number[] = [];
  for (let i = 0; i < draws; i++) {
    const z = new Float64Array(2 * a);
    const logQ = q.draw(rng, z);
    const ui = logQ === -Infinity ? Infinity : jointPotential(ctx, z.subarray(0, a), z.subarray(a));
    if (!Number.isFinite(ui)) continue;
    states.push(z);
    u.push(ui);
    logW.push(-ui - logQ);
  }
  return { states, u, logW };
}

/** The target's law of U by importance sampling (importanceDraws). */
function importanceReference(ctx: KngJointContext, draws: number) {
  const { u, logW } = importanceDraws(ctx, draws);
  return weightedLaw(u, logW);
}

/** The law of values u_i with self-normalised weights ∝ e^{logW_i}: its CDF, quantiles and effective size. */
export function weightedLaw(u: readonly number[], logW: readonly number[]) {
  let top = -Infinity;
  for (const x of logW) top = Math.max(top, x);
  const w = logW.map((x) => Math.exp(x - top));
  const total = w.reduce((s, x) => s + x, 0);
  const order = u.map((_, i) => i).sort((i, j) => u[i] - u[j]);
  const sortedU = order.map((i) => u[i]);
  const cumulative: number[] = [];
  let c = 0;
  for (const i of order) cumulative.push((c += w[i] / total));
  const ess = (total * total) / w.reduce((s, x) => s + x * x, 0);
  const cdf = (x: number) => {
    let lo = 0;
    let hi = sortedU.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sortedU[mid] <= x) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? 0 : cumulative[lo - 1];
  };
  const quantileOf = (p: number) =>
    sortedU[
      Math.min(
        cumulative.findIndex((x) => x >= p),
        sortedU.length - 1,
      )
    ];
  return { cdf, quantileOf, ess, sortedU };
}

/** sup |F_sample − F_reference|, over the sample's jumps and the reference's. */
export function ksDistance(sample: number[], reference: ReturnType<typeof weightedLaw>) {
  const s = [...sample].sort((x, y) => x - y);
  let d = 0;
  const empirical = (x: number) => {
    let k = 0;
    while (k < s.length && s[k] <= x) k++;
    return k / s.length;
  };
  for (let i = 0; i < s.length; i++) {
    const f = reference.cdf(s[i]);
    d = Math.max(d, Math.abs((i + 1) / s.length - f), Math.abs(i / s.length - reference.cdf(s[i] - 1e-12)));
  }
  // the reference's jumps between the sample's points
  for (let i = 0; i < reference.sortedU.length; i += Math.max(1, reference.sortedU.length >> 10)) {
    const x = reference.sortedU[i];
    d = Math.max(d, Math.abs(empirical(x) - reference.cdf(x)));
  }
  return d;
}

/** Spaces of a run: the lab's three defaults, or shapes alone with `landmarks` landmarks (and n records). */
function spacesOf(landmarks?: number, n?: number) {
  if (landmarks === undefined) return LAB_SPACES;
  return [{ ...LAB_SPACES[2], landmarks, n: n ?? LAB_SPACES[2].n }];
}

export function mixingBench(quick: boolean, releases: number, landmarks?: number, n?: number) {
  const results = [];
  for (const space of spacesOf(landmarks, n)) {
    const source = { kind: 'synthetic', seed: 1, ...space } as DataSource;
    const reg = prepareRegression(source);
    const budget = jointSettingsFromBudget({ epsP: 0.5, epsV: 0.5, m: 1 }, reg.M.family?.kind);
    const walk = prepareJointGroups(reg, source, { ...budget, ...WALK_SAMPLER }).ctx;
    let t = performance.now();
    const mixture = prepareJointGroups(reg, source, { ...budget, ...MIXTURE_SAMPLER }).ctx;
    const preparationSeconds = (performance.now() - t) / 1000;
    if (!mixture.linearised) {
      log(`${space.manifold}: no linearised law; skipped`);
      continue;
    }
    // the mixture kept on the default's four replicas, to show what they add to it
    const samplers: Record<string, KngJointContext> = {
      walk,
      mixture,
      mixtureFourReplicas: withSettings(mixture, { replicas: 4 }),
    };
    log(`${space.manifold}: the target's law of U by importance sampling…`);
    const reference = importanceReference(mixture, quick ? 20000 : 100000);
    const band = [reference.quantileOf(0.01), reference.quantileOf(0.99)];
    log(`${space.manifold}: stationary runs from the fit…`);
    // ESS of U per step: stationary runs from the fit (frozen step), the median over runs
    const stationarySteps = 1000;
    const fit = fitState(mixture);
    const ess: Record<string, { perStep: number; perSecond: number }> = {};
    for (const [name, ctx] of Object.entries(samplers)) {
      const perStep: number[] = [];
      const perSecond: number[] = [];
      for (let run = 0; run < (quick ? 2 : 5); run++) {
        const c = withSettings(ctx, { burnIn: 200, frozenSteps: stationarySteps });
        t = performance.now();
        const r = runJointChain(c, () => fit, Rng.fromKey(7, run), 1);
        const seconds = (performance.now() - t) / 1000;
        const e = effectiveSampleSize(r.trace.slice(r.trace.length - stationarySteps));
        perStep.push(e / stationarySteps);
        // per second of the whole chain (all its replicas), pro rata for the frozen part
        perSecond.push(e / ((seconds * stationarySteps) / (stationarySteps + 200)));
      }
      ess[name] = { perStep: median(perStep), perSecond: median(perSecond) };
    }
    log(`${space.manifold}: releases from the public start…`);
    const perSampler: Record<
      string,
      { seconds: number[]; u: number[]; reached: number[]; never: number; acc: number[] }
    > = Object.fromEntries(
      Object.keys(samplers).map((name) => [name, { seconds: [], u: [], reached: [], never: 0, acc: [] }]),
    );
    for (let i = 0; i < releases; i++) {
      for (const [name, ctx] of Object.entries(samplers)) {
        const rng = Rng.fromKey(11, i);
        const start = (k: number) => publicStart(ctx.M, rng.split(0, k));
        t = performance.now();
        const r = runJointChain(ctx, start, rng.split(1), 1);
        const s = perSampler[name];
        s.seconds.push((performance.now() - t) / 1000);
        s.u.push(r.potential);
        if (r.independenceAcceptance !== undefined) s.acc.push(r.independenceAcceptance);
        const at = r.trace.findIndex((u) => u <= band[1]);
        if (at < 0) s.never++;
        else s.reached.push(at);
      }
    }
    const steps = (c: KngJointContext) => c.settings.replicas * (c.settings.burnIn + c.settings.frozenSteps);
    const summary = Object.fromEntries(
      Object.entries(samplers).map(([name, ctx]) => {
        const s = perSampler[name];
        return [
          name,
          {
            replicas: ctx.settings.replicas,
            burnIn: ctx.settings.burnIn,
            frozenSteps: ctx.settings.frozenSteps,
            stepsPerRelease: steps(ctx),
            secondsPerRelease: +median(s.seconds).toPrecision(3),
            stepsToBand: { median: median(s.reached), max: Math.max(...s.reached), never: s.never },
            essPerStep: +ess[name].perStep.toPrecision(3),
            essPerSecond: +ess[name].perSecond.toPrecision(3),
            // the releases' U against the target's (importance sampling): how far the release's law is
            ksDistanceToTarget: +ksDistance(s.u, reference).toFixed(3),
            releasedU: { median: +median(s.u).toFixed(2) },
            ...(s.acc.length ? { independenceAcceptance: +median(s.acc).toFixed(2) } : {}),
          },
        ];
      }),
    );
    results.push({
      space: reg.M.name,
      n: space.n,
      releases,
      // 1.36/√releases: the KS distance a sample of this size from the target exceeds 5 % of the time
      ksCritical5Percent: +(1.36 / Math.sqrt(releases)).toFixed(3),
      target: {
        band: band.map((x) => +x.toFixed(2)),
        medianU: +reference.quantileOf(0.5).toFixed(2),
        importanceEss: Math.round(reference.ess),
      },
      ...summary,
      mixturePreparationSeconds: +preparationSeconds.toFixed(2),
      ratio: {
        steps: +(steps(walk) / steps(mixture)).toFixed(1),
        seconds: +(median(perSampler.walk.seconds) / median(perSampler.mixture.seconds)).toFixed(1),
      },
    });
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const quick = process.argv.includes('--quick');
  const arg = (name: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? Number(process.argv[at + 1]) : undefined;
  };
  const releases = arg('releases') ?? (quick ? 4 : 40);
  process.stdout.write(
    `${JSON.stringify({ quick, releases, mixing: mixingBench(quick, releases, arg('landmarks'), arg('n')) }, null, 2)}\n`,
  );
}
