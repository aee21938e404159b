/**
 * `npm run bench`: prints one JSON object with
 *  - MH steps per second of a single footpoint chain and a single shooting-vector chain, per manifold and n,
 *    and each step's ratio to the sphere's at the same n, in wall time and in the process's CPU time, and the
 *    floor under a Kendall step (its two mat-vecs alone) against the sphere's, and the µs per evaluation of the
 *    kng-joint SPD(2) kernel, generic and fused, at n = 300 and 1000 (`--chains` runs only this section);
 *  - the wall time of the full Fig. 1 sphere sweep (both panels, n = 20, 50, 100, 10×10 pairs, independent
 *    chains, burn-in 1000) with 1 and 2 workers, and the implied time per point-evaluation;
 *  - the wall times of the Fig. 1 (sphere), Fig. 7 (SPD(2)) and Fig. 2 (Kendall) sweeps with 2 workers, one run
 *    each, and their ratios to the Fig. 1 sweep of the same run (`--sweeps` runs only this section), and the
 *    same three sweeps with the release private for any data (kng-joint), each with its ratio to the paper
 *    mechanism's sweep on its space (`--joint` runs only the figure sweeps);
 *  - the privacy audit's N = 2000 releases per side on the sphere, 2 workers, and its ratio to the Fig. 1 sweep;
 *  - the time per private Fréchet-mean release at k = 30 (SPD(30), d = 465): tangent Gaussian, the exact
 *    log-Euclidean Riemannian Laplace, the same by MH with 10,000 burn-in steps (002 Fig. 4: 14 s), and the
 *    affine Riemannian Laplace by MH. `--frechet` runs only this section.
 *  - with `--mixing`: only how fast the kng-joint sampler reaches its target, random walk against the 'mixture'
 *    sampler, per space at the lab's defaults (bench/mixing.ts).
 *  - with `--sampler-splits`: only whether the kng-joint samplers reach their target at every split, against
 *    long reference chains, per space at the lab's defaults (bench/samplerSplits.ts; its options pass through).
 *  - with `--anchor`: only the Fig. 1 sweep (2 workers, as above) against the numpy anchor bench/anchor_fig1.py
 *    (the same sweep, all chains of a data set vectorised at once) on the same data, in the same run, and the
 *    ratio of the two times (the goal: Fig. 1 ≤ 1/30 of the anchor; docs/benchmarks.md), plus how far the two
 *    sets of curves are apart (their own random streams: agreement in distribution, not digit for digit).
 *    Needs python3 with numpy.
 *  - with `--split-step`: only the release worker's CPU seconds per split step, job after job on one thread, per
 *    space at the lab's defaults (bench/splitStep.ts).
 *  - with `--advice-estimators`: only whether the split advisor could estimate a release's expected error more
 *    cheaply than by its chains (importance sampling, shorter chains) and how far each lies from the chains' own
 *    estimates (bench/adviceEstimators.ts).
 *  - the lab in Chromium (bench/lab.ts): a split step per workspace, each figure preset until its first complete
 *    figure and until settled, and the split advisor per workspace, with their ratios to the sphere's and to
 *    Fig. 1's (`--lab` runs only this section; `--lab --no-presets` skips the presets).
 * It reports; it never fails. `--quick` runs a shorter version (for a smoke test). Times are the best of
 * several runs (3 per chain, 2 per Fig. 1 sweep; the three figure sweeps run once each): on a shared machine
 * single runs vary by ±30%, so compare ratios within one run.
 */
import { benchSphereAudit } from '../src/cli/auditBench';
import { DEFAULT_KNG_SETTINGS, prepareKng, shootingTarget } from '../src/privacy/kng';
import { prepareRegression } from '../src/experiments/regressionSetup';
import { budgetPairs } from '../src/experiments/budgets';
import { aggregateSweep, sweepCellCount, type SweepSpec } from '../src/experiments/sweep';
import { runChain } from '../src/sampling/mh';
import { Rng } from '../src/sampling/rng';
import { wasmKendallKernel } from '../src/privacy/kernels/wasm/kendallKernelWasm';
import { genericJointKernel, type JointKernel } from '../src/privacy/kngJoint/jointKernel';
import { kendallJointKernel } from '../src/privacy/kngJoint/kendallJointKernel';
import { spdJointKernel } from '../src/privacy/kngJoint/spdJointKernel';
import { createNodePool } from '../src/workers/node';
import { dataManifold, generate, type DataManifold } from '../src/data';
import { frechetData } from '../src/experiments/frechetData';
import { affineSpdLaplace, logEuclideanLaplace } from '../src/privacy/frechet/laplace';
import { logEuclideanLaplaceMcmc } from '../src/privacy/frechet/laplaceMcmc';
import { analyticSigma, tangentGaussian } from '../src/privacy/frechet/tangentGaussian';
import { labBench } from './lab';
import { adviceEstimators } from './adviceEstimators';
import { mixingBench } from './mixing';
import { splitStepBench } from './splitStep';
import { samplerSplits, samplerSplitsOptions } from './samplerSplits';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const quick = process.argv.includes('--quick');
const log = (msg: string) => process.stderr.write(`${msg}\n`);

/**
 * Wall time and the process's CPU time of f (the steadier on a shared machine: time waiting for a core is not
 * counted), each the best of three timed runs after a warm-up.
 */
function time(f: () => void) {
  f();
  let wall = Infinity;
  let cpu = Infinity;
  for (let run = 0; run < 3; run++) {
    const t = performance.now();
    const c = process.cpuUsage();
    f();
    const dc = process.cpuUsage(c);
    wall = Math.min(wall, performance.now() - t);
    cpu = Math.min(cpu, (dc.user + dc.system) / 1000);
  }
  return { seconds: wall / 1000, cpuSeconds: cpu / 1000 };
}

/**
 * The floor under a Kendall step (50 landmarks): its two complex n × k mat-vecs alone, without the proposal,
 * the normals or the per-point part, in µs per step of CPU time and over the sphere's step at the same n.
 */
function kendallMatVecFloor(n: number, sphereCpuMicroseconds: number) {
  const reg = prepareRegression({ kind: 'synthetic', manifold: 'kendall', n, seed: 1 });
  const zeros = new Float64Array(2 * n);
  const kernel = wasmKendallKernel(reg.xs, reg.ys, reg.pHat, reg.vHat, {
    pHatY: zeros,
    vHatY: zeros,
    cosFixed: zeros,
    sinFixed: zeros,
  });
  if (!kernel) return null;
  const steps = quick ? 2000 : 20_000;
  const { cpuSeconds } = time(() => kernel.matVecs(steps));
  const micro = (cpuSeconds / steps) * 1e6;
  return {
    n,
    cpuMicrosecondsPerStep: +micro.toFixed(3),
    ratioToSphereFootpoint: +(micro / sphereCpuMicroseconds).toFixed(2),
  };
}

/**
 * The kng-joint SPD(2) kernel, generic (through the Manifold interface) and fused — the fused one in JavaScript and
 * in WebAssembly SIMD (the one the sampler runs) — in µs of CPU time per evaluation at n records: synthetic
 * responses, covariates centred on [0, 1], 64 states (p at a response, ‖v‖ ≤ 4) taken in turn, clip 0.05.
 */
function spdJointKernelSpeed(n: number) {
  const M = dataManifold('spd');
  const { xs, ys } = generate('spd', { n, seed: 1 });
  const ts = Float64Array.from(xs, (x) => x - 0.5);
  const rng = Rng.fromKey(3);
  const states = Array.from({ length: 64 }, () => {
    const p = ys[rng.int(n)];
    const v = M.randomTangent(p, rng);
    const k = (4 * rng.uniform()) / M.norm(p, v);
    return { p, v: v.map((x) => k * x) };
  });
  const out = new Float64Array(3);
  const perEvaluation = (kernel: JointKernel, rounds: number) => {
    const { cpuSeconds } = time(() => {
      for (let r = 0; r < rounds; r++) for (const s of states) kernel.evaluate(s.p, s.v, out);
    });
    return (cpuSeconds / (rounds * states.length)) * 1e6;
  };
  const scale = (quick ? 0.1 : 1) * (300 / n);
  const generic = perEvaluation(genericJointKernel(M, ts, ys, 0.05), Math.ceil(5 * scale));
  const fused = perEvaluation(spdJointKernel(ts, ys, 0.05, { wasm: false }), Math.ceil(200 * scale));
  const wasmKernel = spdJointKernel(ts, ys, 0.05);
  const wasm = wasmKernel.implementation.startsWith('WebAssembly')
    ? perEvaluation(wasmKernel, Math.ceil(600 * scale))
    : null;
  return {
    n,
    genericMicrosecondsPerEvaluate: +generic.toFixed(2),
    fusedMicrosecondsPerEvaluate: +fused.toFixed(3),
    genericOverFused: +(generic / fused).toFixed(1),
    // the fused loop in WebAssembly (null where it is unavailable), and the JavaScript loop's time over it
    wasmMicrosecondsPerEvaluate: wasm === null ? null : +wasm.toFixed(3),
    fusedOverWasm: wasm === null ? null : +(fused / wasm).toFixed(2),
  };
}

/**
 * The kng-joint Kendall kernel, generic and fused — the fused one in JavaScript and in WebAssembly SIMD (the one
 * the sampler runs) — in µs of CPU time per evaluation at k landmarks and n records: synthetic outlines,
 * covariates centred on [0, 1], 64 states (p at a response, ‖v‖ ≤ π/2) taken in turn, clip 0.05.
 */
function kendallJointKernelSpeed(k: number, n: number) {
  const M = dataManifold('kendall', 1, k);
  const { xs, ys } = generate('kendall', { n, seed: 1, landmarks: k });
  const ts = Float64Array.from(xs, (x) => x - 0.5);
  const rng = Rng.fromKey(3);
  const states = Array.from({ length: 64 }, () => {
    const p = ys[rng.int(n)];
    const v = M.randomTangent(p, rng);
    const s = ((Math.PI / 2) * rng.uniform()) / M.norm(p, v);
    return { p, v: v.map((x) => s * x) };
  });
  const out = new Float64Array(3);
  const perEvaluation = (kernel: JointKernel, rounds: number) => {
    const { cpuSeconds } = time(() => {
      for (let r = 0; r < rounds; r++) for (const s of states) kernel.evaluate(s.p, s.v, out);
    });
    return (cpuSeconds / (rounds * states.length)) * 1e6;
  };
  const scale = (quick ? 0.1 : 1) * (300 / n) * (8 / k);
  const generic = perEvaluation(genericJointKernel(M, ts, ys, 0.05), Math.ceil(3 * scale));
  const fused = perEvaluation(kendallJointKernel(k, ts, ys, 0.05, { wasm: false }), Math.ceil(40 * scale));
  const wasmKernel = kendallJointKernel(k, ts, ys, 0.05);
  const wasm = wasmKernel.implementation.startsWith('WebAssembly')
    ? perEvaluation(wasmKernel, Math.ceil(120 * scale))
    : null;
  return {
    landmarks: k,
    n,
    genericMicrosecondsPerEvaluate: +generic.toFixed(2),
    fusedMicrosecondsPerEvaluate: +fused.toFixed(3),
    genericOverFused: +(generic / fused).toFixed(1),
    // the fused loop in WebAssembly (null where it is unavailable), and the JavaScript loop's time over it
    wasmMicrosecondsPerEvaluate: wasm === null ? null : +wasm.toFixed(3),
    fusedOverWasm: wasm === null ? null : +(fused / wasm).toFixed(2),
  };
}

function chainSpeed(manifold: DataManifold, n: number) {
  const reg = prepareRegression({ kind: 'synthetic', manifold, n, seed: 1 });
  const ctx = prepareKng(reg, { ...DEFAULT_KNG_SETTINGS, epsP: 0.5, epsV: 0.5 });
  const steps = quick ? 2000 : manifold === 'sphere' ? 200_000 : 20_000;
  const p = time(() =>
    runChain(ctx.footpoint, reg.pHat, Rng.fromKey(1), {
      burnIn: steps,
      draws: 1,
      step: DEFAULT_KNG_SETTINGS.stepScaleP * ctx.calibration.sigmaP,
    }),
  );
  const vTarget = shootingTarget(
    reg.M,
    ctx.kernel,
    reg.pHat,
    ctx.calibration.sigmaV,
    ctx.calibration.vRadius,
  );
  const v = time(() =>
    runChain(vTarget, reg.vHat, Rng.fromKey(2), {
      burnIn: steps,
      draws: 1,
      step: DEFAULT_KNG_SETTINGS.stepScaleV * ctx.calibration.sigmaV,
    }),
  );
  return {
    manifold,
    n,
    kernel: ctx.kernel.implementation,
    footpointStepsPerSecond: Math.round(steps / p.seconds),
    shootingStepsPerSecond: Math.round(steps / v.seconds),
    footpointMicrosecondsPerStep: +((p.seconds / steps) * 1e6).toFixed(3),
    shootingMicrosecondsPerStep: +((v.seconds / steps) * 1e6).toFixed(3),
    footpointCpuMicrosecondsPerStep: +((p.cpuSeconds / steps) * 1e6).toFixed(3),
    shootingCpuMicrosecondsPerStep: +((v.cpuSeconds / steps) * 1e6).toFixed(3),
  };
}

/** The budget-split sweep of a figure (both panels, n = 20, 50, 100, 10×10 pairs, burn-in 1000). */
function figureSweepSpec(manifold: DataManifold, mechanism: SweepSpec['mechanism'] = 'kng'): SweepSpec {
  return {
    manifold,
    mechanism,
    datasets: [{ n: 20 }, { n: 50 }, { n: 100 }],
    seed: 1,
    panels: ['unequal', 'equal'],
    budgets: quick ? { points: 2 } : undefined,
    kng: { ...DEFAULT_KNG_SETTINGS, m: 10, burnIn: quick ? 100 : 1000 },
  };
}

/** A worker pool with its threads started (thread start-up and module loading are not sweep time). */
async function startedPool(workers: number) {
  const pool = createNodePool(workers);
  // a cheap real job with cells for every worker: the sensitivity check of tiny Euclidean data sets
  await pool.run('sensitivity', { manifold: 'euclidean', ns: [10], pairs: 4 * workers, seed: 1 }).promise;
  return pool;
}

async function timedSweep(pool: ReturnType<typeof createNodePool>, spec: SweepSpec) {
  const t = performance.now();
  const cells = await pool.run('sweep', spec).promise;
  return { cells, seconds: (performance.now() - t) / 1000 };
}

async function sweepWallTime(workers: number) {
  const spec = figureSweepSpec('sphere');
  const pool = await startedPool(workers);
  const first = await timedSweep(pool, spec);
  const { cells, seconds: secondSeconds } = await timedSweep(pool, spec);
  const seconds = Math.min(first.seconds, secondSeconds);
  pool.terminate();
  const rows = aggregateSweep(spec, cells).rows;
  // point-evaluations: per budget point and n, (m footpoint + m² shooting chains) × (burn-in + 1) steps × n
  const m = spec.kng.m;
  const points = rows.length / 3;
  const evals = points * (20 + 50 + 100) * (m + m * m) * (spec.kng.burnIn + 1);
  return {
    workers,
    seconds: +seconds.toFixed(2),
    cells: sweepCellCount(spec),
    pointEvaluations: evals,
    nanosecondsPerPointEvaluationPerCore: +(((seconds * 1e9) / evals) * workers).toFixed(1),
    bestLnMeanMse: Object.fromEntries(
      [20, 50, 100].map((n) => [n, Math.min(...rows.filter((r) => r.n === n).map((r) => r.lnMeanMse))]),
    ),
  };
}

/**
 * The full sweeps of Fig. 1 (sphere), Fig. 7 (SPD(2)) and Fig. 2 (Kendall shapes, 50 landmarks), all three n,
 * 2 workers, one after the other on one pool, each once (the shape sweep alone takes tens of seconds), and
 * each one's time over the Fig. 1 sweep's in this run (the goals: Fig. 7 ≤ 1.5×, Fig. 2 ≤ 3×).
 */
/** `--joint`: only the figure sweeps, each space with each mechanism, and their ratios. */
const onlyJoint = process.argv.includes('--joint');

async function figureSweeps() {
  const pool = await startedPool(2);
  const seconds: Record<string, number> = {};
  const figures = [
    ['fig1Sphere', 'sphere', 'kng'],
    // the same sweep with the release private for any data (goal: ≤ 2× the paper mechanism's)
    ['fig1SphereJoint', 'sphere', 'kng-joint'],
    ['fig7Spd', 'spd', 'kng'],
    ['fig7SpdJoint', 'spd', 'kng-joint'],
    ['fig2Kendall', 'kendall', 'kng'],
    ['fig2KendallJoint', 'kendall', 'kng-joint'],
  ] as const;
  for (const [figure, manifold, mechanism] of figures) {
    log(`${figure} sweep with 2 workers…`);
    seconds[figure] = (await timedSweep(pool, figureSweepSpec(manifold, mechanism))).seconds;
  }
  pool.terminate();
  return Object.fromEntries(
    Object.entries(seconds).map(([figure, s]) => [
      figure,
      {
        workers: 2,
        seconds: +s.toFixed(2),
        ratioToFig1: +(s / seconds.fig1Sphere).toFixed(2),
        // the release private for any data against paper 000's mechanism on the same space, in this run
        ...(figure.endsWith('Joint')
          ? { ratioToPaper: +(s / seconds[figure.slice(0, -'Joint'.length)]).toFixed(2) }
          : {}),
      },
    ]),
  );
}

/** Seconds per private Fréchet-mean release on SPD(30) (002's k = 30, r = 1/4, n = 500, ε = 0.1). */
function frechetReleaseTimes() {
  const k = 30;
  const n = 500;
  const eps = 0.1;
  const { mean, center, ballRadius } = frechetData(
    { manifold: 'spd', k, metric: 'logEuclidean', n: 50, radius: 0.25 },
    Rng.fromKey(1),
  );
  const delta = ballRadius * (2 / n); // Δ = 2√k·r/n
  const perRelease = (runs: number, release: (rng: Rng) => unknown) => {
    const rng = Rng.fromKey(2);
    release(rng); // warm-up
    const t = performance.now();
    for (let i = 0; i < runs; i++) release(rng);
    return (performance.now() - t) / 1000 / runs;
  };
  const burnIn = quick ? 1000 : 10_000;
  const sigmaTg = analyticSigma(delta, eps, 1e-6);
  const sigmaRl = delta / eps;
  // affine: σ = 2Δ/ε ≫ 1/c₃₀, so the target is truncated to the public ball (004 Thm 3)
  const affineSteps = quick ? 50 : 500; // several ms per step at k = 30 (30×30 eigendecompositions, expm)
  const affineSeconds = perRelease(1, (rng) =>
    affineSpdLaplace(mean, k, 2 * sigmaRl, rng, {
      burnIn: affineSteps,
      fixedSteps: 0,
      truncate: { center, radius: ballRadius },
    }),
  );
  return {
    k,
    d: (k * (k + 1)) / 2,
    tangentGaussianSeconds: perRelease(quick ? 20 : 200, (rng) => tangentGaussian(mean, k, sigmaTg, rng)),
    riemannianLaplaceExactSeconds: perRelease(quick ? 20 : 200, (rng) =>
      logEuclideanLaplace(mean, k, sigmaRl, rng),
    ),
    riemannianLaplaceMcmcSeconds: perRelease(quick ? 2 : 10, (rng) =>
      logEuclideanLaplaceMcmc(mean, k, sigmaRl, rng, { burnIn }),
    ),
    mcmcBurnIn: burnIn,
    affineLaplaceMhSeconds: affineSeconds,
    affineMhSteps: affineSteps,
    affineMhSecondsPerStep: affineSeconds / affineSteps,
    paper002: { riemannianLaplaceMcmcSecondsBurnIn10000: 14, tangentGaussianSeconds: 1.3e-6 },
  };
}

/**
 * The Fig. 1 sweep (2 workers) and the numpy anchor on the same data sets and fits, one after the other; the
 * anchor runs once (it takes tens of seconds), the sweep twice (the better time counts, as in sweepWallTime).
 */
async function anchorComparison() {
  const spec = figureSweepSpec('sphere');
  const datasets = spec.datasets.map(({ n }) => {
    const r = prepareRegression({ kind: 'synthetic', manifold: 'sphere', n, seed: spec.seed });
    const arr = (a: Float64Array) => Array.from(a);
    return {
      xs: arr(r.xs as Float64Array),
      ys: r.ys.map(arr),
      pHat: arr(r.pHat),
      vHat: arr(r.vHat),
      maxResidual: r.maxResidual,
    };
  });
  const file = join(mkdtempSync(join(tmpdir(), 'anchor-')), 'fig1.json');
  const points = budgetPairs('equal', spec.budgets).length;
  writeFileSync(file, JSON.stringify({ m: spec.kng.m, burnIn: spec.kng.burnIn, points, datasets }));
  log('numpy anchor of the Fig. 1 sweep…');
  const script = new URL('./anchor_fig1.py', import.meta.url).pathname;
  const anchor = JSON.parse(execFileSync('python3', [script, file], { encoding: 'utf8' })) as {
    seconds: number;
    cpuSeconds: number;
    numpy: string;
    rows: { n: number; panel: string; epsP: number; lnMeanMse: number }[];
  };
  log('Fig. 1 sweep with 2 workers…');
  const pool = await startedPool(2);
  // CPU time of the process (its worker threads included), as the anchor's process time: on a loaded machine
  // the ratio of CPU times is the steadier one
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  let c = cpu();
  const first = await timedSweep(pool, spec);
  const firstCpu = cpu() - c;
  c = cpu();
  const second = await timedSweep(pool, spec);
  const secondCpu = cpu() - c;
  pool.terminate();
  const seconds = Math.min(first.seconds, second.seconds);
  const cpuSeconds = Math.min(firstCpu, secondCpu);
  const rows = aggregateSweep(spec, second.cells).rows;
  // the curves: ln mean MSE per (panel, n, ε_p) from both
  const gaps = rows.map((r) => {
    const a = anchor.rows.find((x) => x.n === r.n && x.panel === r.split && Math.abs(x.epsP - r.epsP) < 1e-9);
    return a ? Math.abs(a.lnMeanMse - r.lnMeanMse) : NaN;
  });
  return {
    fig1SweepSecondsWith2Workers: +seconds.toFixed(2),
    numpyAnchorSeconds: +anchor.seconds.toFixed(2),
    numpyVersion: anchor.numpy,
    fig1OverAnchor: +(seconds / anchor.seconds).toFixed(4),
    anchorOverFig1: +(anchor.seconds / seconds).toFixed(1),
    fig1SweepCpuSeconds: +cpuSeconds.toFixed(2),
    numpyAnchorCpuSeconds: +anchor.cpuSeconds.toFixed(2),
    anchorOverFig1Cpu: +(anchor.cpuSeconds / cpuSeconds).toFixed(1),
    curves: {
      rows: gaps.length,
      meanAbsLnMseGap: +(gaps.reduce((a, b) => a + b, 0) / gaps.length).toFixed(3),
      maxAbsLnMseGap: +Math.max(...gaps).toFixed(3),
    },
    target: { fig1OverAnchor: 1 / 30 },
  };
}

async function main() {
  if (process.argv.includes('--anchor')) {
    process.stdout.write(
      `${JSON.stringify({ quick, numpyAnchorFig1: await anchorComparison() }, null, 2)}\n`,
    );
    return;
  }
  if (process.argv.includes('--lab')) {
    const lab = await labBench(quick, !process.argv.includes('--no-presets'));
    process.stdout.write(`${JSON.stringify({ quick, lab }, null, 2)}\n`);
    return;
  }
  if (process.argv.includes('--split-step')) {
    process.stdout.write(`${JSON.stringify({ quick, splitStep: splitStepBench(quick ? 2 : 5) }, null, 2)}\n`);
    return;
  }
  if (process.argv.includes('--advice-estimators')) {
    const estimators = adviceEstimators(quick, quick ? 20 : 60);
    process.stdout.write(`${JSON.stringify({ quick, adviceEstimators: estimators }, null, 2)}\n`);
    return;
  }
  if (process.argv.includes('--sampler-splits')) {
    const options = samplerSplitsOptions(process.argv);
    process.stdout.write(
      `${JSON.stringify({ ...options, samplerSplits: samplerSplits(options) }, null, 2)}\n`,
    );
    return;
  }
  if (process.argv.includes('--mixing')) {
    process.stdout.write(
      `${JSON.stringify({ quick, mixing: mixingBench(quick, quick ? 4 : 40) }, null, 2)}\n`,
    );
    return;
  }
  if (process.argv.includes('--frechet')) {
    log('Fréchet-mean release times at k = 30…');
    process.stdout.write(`${JSON.stringify({ quick, frechetReleaseK30: frechetReleaseTimes() }, null, 2)}\n`);
    return;
  }
  const onlySweeps = process.argv.includes('--sweeps');
  if (onlyJoint) {
    process.stdout.write(`${JSON.stringify({ quick, figureSweeps: await figureSweeps() }, null, 2)}\n`);
    return;
  }
  const chains = [];
  if (!onlySweeps) {
    for (const manifold of ['sphere', 'spd', 'kendall', 'euclidean'] as const) {
      for (const n of [20, 50, 100]) {
        log(`chain speed: ${manifold}, n = ${n}`);
        chains.push(chainSpeed(manifold, n));
      }
    }
    // each chain's step over the sphere's at the same n, in this run (the goals at n = 100: SPD(2)
    // ≤ 2×, Kendall ≤ 4×)
    for (const c of chains) {
      const sphere = chains.find((s) => s.manifold === 'sphere' && s.n === c.n)!;
      Object.assign(c, {
        footpointRatioToSphere: +(
          c.footpointMicrosecondsPerStep / sphere.footpointMicrosecondsPerStep
        ).toFixed(2),
        shootingRatioToSphere: +(c.shootingMicrosecondsPerStep / sphere.shootingMicrosecondsPerStep).toFixed(
          2,
        ),
        footpointCpuRatioToSphere: +(
          c.footpointCpuMicrosecondsPerStep / sphere.footpointCpuMicrosecondsPerStep
        ).toFixed(2),
        shootingCpuRatioToSphere: +(
          c.shootingCpuMicrosecondsPerStep / sphere.shootingCpuMicrosecondsPerStep
        ).toFixed(2),
      });
    }
  }
  // the Kendall step's floor: its two mat-vecs alone, against the sphere's footpoint step of this run
  const matVecFloor = chains
    .filter((c) => c.manifold === 'sphere')
    .map((s) => kendallMatVecFloor(s.n, s.footpointCpuMicrosecondsPerStep));
  if (!onlySweeps) log('kng-joint SPD(2) kernel: generic and fused (JavaScript, WebAssembly)…');
  const spdJoint = onlySweeps ? undefined : [20, 100, 300, 1000].map(spdJointKernelSpeed);
  if (!onlySweeps) log('kng-joint Kendall kernel: generic and fused (JavaScript, WebAssembly)…');
  const kendallJoint = onlySweeps
    ? undefined
    : [8, 50].flatMap((k) => [20, 100, 300, 1000].map((n) => kendallJointKernelSpeed(k, n)));
  if (process.argv.includes('--chains')) {
    process.stdout.write(
      `${JSON.stringify({ quick, mhChains: chains, kendallMatVecFloor: matVecFloor, spdJointKernel: spdJoint, kendallJointKernel: kendallJoint }, null, 2)}\n`,
    );
    return;
  }
  const sweeps = [];
  if (!onlySweeps) {
    for (const workers of [1, 2]) {
      log(`Fig. 1 sphere sweep with ${workers} worker(s)…`);
      sweeps.push(await sweepWallTime(workers));
    }
  }
  const figures = await figureSweeps();
  log('privacy audit: 2000 releases per side on the sphere…');
  const auditRun = await benchSphereAudit(2, 2000);
  const audit = {
    workers: auditRun.workers,
    releasesPerSide: auditRun.releasesPerSide,
    seconds: +auditRun.seconds.toFixed(2),
    ratioToFig1: +(auditRun.seconds / figures.fig1Sphere.seconds).toFixed(2),
    epsilonLower: auditRun.result.epsilonLower,
  };
  log('Fréchet-mean release times at k = 30…');
  const frechetReleaseK30 = onlySweeps ? undefined : frechetReleaseTimes();
  const lab = onlySweeps ? undefined : await labBench(quick);
  const result = {
    machine: { node: process.version, cores: (await import('node:os')).availableParallelism() },
    quick,
    // (--sweeps runs none of these four)
    mhChains: onlySweeps ? undefined : chains,
    kendallMatVecFloor: onlySweeps ? undefined : matVecFloor,
    // µs per evaluation of the kng-joint SPD(2) kernel, generic and fused, and their ratio (goal ≥ 5), at n = 20,
    // 100, 300, 1000, with the fused loop in JavaScript and in WebAssembly
    spdJointKernel: spdJoint,
    // the same for Kendall shape space, 8 and 50 landmarks at n = 20, 100, 300, 1000, with the fused loop in
    // JavaScript and in WebAssembly
    kendallJointKernel: kendallJoint,
    fig1SphereSweep: onlySweeps ? undefined : sweeps,
    figureSweeps: figures,
    // The privacy audit's N = 2000 releases per side on the sphere (n = 50, burn-in 1000, 2 workers), and its
    // ratio to the Fig. 1 sweep of this run (goal ≤ 2: about the same number of MH steps)
    auditSphereN2000Releases: audit,
    frechetReleaseK30,
    // seconds a person waits in the lab (Chromium, the built lab), and their ratios within this run
    lab,
    targets: {
      fig1SweepSecondsWith2Workers: 6,
      singleChainMicrosecondsPerStepAtN100: 3,
      stepRatioToSphereAtN100: { spd: 2, kendall: 4 },
      sweepRatioToFig1: { fig1SphereJoint: 2, fig7Spd: 1.5, fig2Kendall: 3 },
    },
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

void main();
