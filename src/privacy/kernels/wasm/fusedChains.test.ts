import { describe, expect, it } from 'vitest';
import { prepareRegression } from '../../../experiments/regressionSetup';
import { runChain, type ChainOptions, type RandomWalkTarget } from '../../../sampling/mh';
import { Rng } from '../../../sampling/rng';
import { DEFAULT_KNG_SETTINGS, prepareKng, shootingTarget } from '../../kng';
import { kernelInstance, wasmRng } from './instance';

/** The same target with its steps in JavaScript (propose and potential, one call each per step). */
const inJavaScript = (target: RandomWalkTarget): RandomWalkTarget => ({ ...target, runSteps: undefined });

/** Runs both chains from one seed and expects the same states, acceptance, step, trace and stream after. */
function expectSameChain(target: RandomWalkTarget, start: Float64Array, opts: ChainOptions, seed: number) {
  expect(target.runSteps, 'the fused path runs').toBeDefined();
  const [rngFused, rngJs] = [Rng.fromKey(seed), Rng.fromKey(seed)];
  const fused = runChain(target, start, rngFused, opts);
  const js = runChain(inJavaScript(target), start, rngJs, opts);
  expect(fused.draws).toEqual(js.draws);
  expect(fused.trace).toEqual(js.trace);
  expect([fused.acceptanceRate, fused.burnInAcceptanceRate, fused.step]).toEqual([
    js.acceptanceRate,
    js.burnInAcceptanceRate,
    js.step,
  ]);
  expect(rngFused.uniform()).toBe(rngJs.uniform());
  return fused;
}

describe('chains in one WebAssembly call (runSteps) are the JavaScript loop bit for bit', () => {
  it('the generator: a million normals, tail and wedge included, are rng.ts’s', () => {
    const count = 1_000_000;
    const exports = kernelInstance<{
      memory: WebAssembly.Memory;
      dataStart(): number;
      fillNormals(out: number, count: number): void;
      zigguratTables(): number;
      setRngState(w0: number, w1: number, w2: number, w3: number): void;
      rngWord(i: number): number;
    }>('kendall', () => 8 * count)!;
    const rng = wasmRng(exports);
    const [stream, reference] = [Rng.fromKey(9, 1), Rng.fromKey(9, 1)];
    rng.load(stream);
    exports.fillNormals(exports.dataStart(), count);
    rng.store(stream);
    const drawn = new Float64Array(exports.memory.buffer, exports.dataStart(), count);
    const expected = reference.normals(new Float64Array(count));
    let differ = 0;
    for (let i = 0; i < count; i++) if (!Object.is(drawn[i], expected[i])) differ++;
    expect(differ).toBe(0);
    // the Ziggurat's tail starts at 3.654: a million draws have ~260 beyond it
    expect(expected.filter((x) => Math.abs(x) > 3.654152885361009).length).toBeGreaterThan(100);
    expect(stream.uniform()).toBe(reference.uniform());
  });

  for (const [manifold, landmarks, n] of [
    ['sphere', 0, 20],
    ['sphere', 0, 100],
    ['spd', 0, 20],
    ['spd', 0, 100],
    ['kendall', 7, 9],
    ['kendall', 50, 20],
  ] as const) {
    const reg = prepareRegression({
      kind: 'synthetic',
      manifold,
      n,
      seed: 3,
      landmarks: landmarks || undefined,
    });
    const ctx = prepareKng(reg, { ...DEFAULT_KNG_SETTINGS, epsP: 0.5, epsV: 0.5 });
    const cal = ctx.calibration;
    const name = `${manifold}${landmarks ? `, ${landmarks} landmarks` : ''}, n = ${n}`;

    it(`${name}: the footpoint chain (adapting burn-in, kept states, trace)`, () => {
      const opts = { burnIn: 300, draws: 4, step: 0.5 * cal.sigmaP, adaptTarget: 0.3, traceEvery: 7 };
      const c = expectSameChain(ctx.footpoint, reg.pHat, opts, 11);
      expect(c.burnInAcceptanceRate).toBeGreaterThan(0); // it moved
      // and without adaptation, from a start off the fit, no burn-in
      const moved = c.draws[c.draws.length - 1];
      expectSameChain(ctx.footpoint, moved, { burnIn: 0, draws: 50, step: cal.sigmaP }, 12);
    });

    it(`${name}: the shooting chain, inside its ball, at its edge and beyond`, () => {
      const opts = { burnIn: 300, draws: 3, step: 0.5 * cal.sigmaV, adaptTarget: 0.3, traceEvery: 50 };
      const target = shootingTarget(reg.M, ctx.kernel, reg.pHat, cal.sigmaV, cal.vRadius);
      expectSameChain(target, reg.vHat, opts, 13);
      // a ball just around the start: many proposals leave it (+∞, rejected without a uniform draw)
      const vNorm = reg.M.norm(reg.pHat, reg.vHat);
      const tight = shootingTarget(reg.M, ctx.kernel, reg.pHat, cal.sigmaV, vNorm * 1.001);
      const c = expectSameChain(tight, reg.vHat, { ...opts, adaptTarget: undefined, step: vNorm }, 14);
      expect(c.burnInAcceptanceRate).toBeLessThan(0.5);
      // no ball (the "plane" domain), a flat target and long steps: on the sphere, vectors whose angles xᵢ|v|
      // pass π, on SPD(2) exponents xᵢ(μ₁ − μ₀)/2 past the loop's 700 (here ‖v‖ ≳ 400 at p̂), both of which the
      // WebAssembly loops leave to the JavaScript ones through a call back
      const [flat, step] = manifold === 'spd' ? [1e8, 2000] : [1e4, 4];
      const plane = shootingTarget(reg.M, ctx.kernel, reg.pHat, flat * cal.sigmaV, Infinity);
      const far = expectSameChain(plane, reg.vHat, { burnIn: 200, draws: 30, step }, 15);
      const farthest = Math.max(...far.draws.map((v) => reg.M.norm(reg.pHat, v)));
      if (manifold === 'sphere') expect(farthest).toBeGreaterThan(Math.PI);
      if (manifold === 'spd') expect(farthest).toBeGreaterThan(400);
    });
  }
});
