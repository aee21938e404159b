import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { compileKernels, POLYNOMIAL_PATHS, polynomialModules } from '../../../../wasm/build';
import { POLYNOMIALS } from '../../../../wasm/polynomials';
import { atanOverArg, sinNearZero } from '../polynomials.generated';
import { sphereData } from '../../../data/sphereData';
import { spdData } from '../../../data/spdData';
import { kendall, sphere, spd } from '../../../geometry';
import { corpusCallosumData } from '../../../data/corpusCallosum';
import { randomTangent } from '../../../geometry/testkit';
import { fitGeodesicRegression } from '../../../regression';
import { Rng } from '../../../sampling/rng';
import { kendallGradientKernel } from '../kendall';
import { kendallJointKernel } from '../../kngJoint/kendallJointKernel';
import { spdJointKernel } from '../../kngJoint/spdJointKernel';
import { sphereGradientKernel } from '../sphere';
import { spd2GradientKernel } from '../spd';
import * as generated from './kernels.generated';
import { wasmSphereGradNorms } from './sphereKernelWasm';
import { wasmSpdMath } from './spdKernelWasm';

describe('WebAssembly kernels', () => {
  it('the committed modules are the build of wasm/assembly/ (run `npm run build:wasm` after editing it)', async () => {
    const built = await compileKernels();
    expect(Object.keys(built).sort()).toEqual(Object.keys(generated).sort());
    for (const [name, base64] of Object.entries(built))
      expect(base64 === generated[name as keyof typeof generated], name).toBe(true);
  });

  it('both languages’ polynomial coefficients are the build of wasm/polynomials.ts (one table)', () => {
    const modules = polynomialModules();
    expect(readFileSync(POLYNOMIAL_PATHS.js, 'utf8') === modules.js, POLYNOMIAL_PATHS.js).toBe(true);
    expect(readFileSync(POLYNOMIAL_PATHS.as, 'utf8') === modules.as, POLYNOMIAL_PATHS.as).toBe(true);
    // and the JavaScript functions evaluate that table: sin r = r·Σ SINᵢ r²ⁱ at a point inside the range
    const r = 0.7;
    const direct = POLYNOMIALS.SIN.reduce((acc, c, i) => acc + c * r ** (2 * i), 0) * r;
    expect(Math.abs(sinNearZero(r) - direct)).toBeLessThan(1e-15);
    expect(
      Math.abs(atanOverArg(0.1) - POLYNOMIALS.ATAN.reduce((acc, c, i) => acc + c * 0.1 ** i, 0)),
    ).toBeLessThan(1e-15);
  });

  it('runs here (Node, like the browsers the lab supports, has WebAssembly SIMD)', () => {
    const data = sphereData({ n: 5, noiseVariance: 0.01, seed: 1 });
    expect(wasmSphereGradNorms(data.xs, data.ys, 1, () => NaN)).not.toBeNull();
  });

  it('gives each kernel its own memory: kernels over different data do not disturb each other', () => {
    const M = sphere();
    const a = sphereData({ n: 7, noiseVariance: 0.02, seed: 2 });
    const b = sphereData({ n: 300, noiseVariance: 0.2, seed: 3 });
    const fitA = fitGeodesicRegression(M, a.xs, a.ys);
    const fitB = fitGeodesicRegression(M, b.xs, b.ys);
    const kernelA = sphereGradientKernel(a.xs, a.ys, fitA.p, fitA.v);
    const rng = Rng.fromKey(4);
    const v = randomTangent(M, fitA.p, rng, 1);
    const before = [kernelA.footpointGradNorm(fitA.p), kernelA.shootingGradNorm(fitA.p, v)];
    const kernelB = sphereGradientKernel(b.xs, b.ys, fitB.p, fitB.v);
    kernelB.shootingGradNorm(fitB.p, randomTangent(M, fitB.p, rng, 2));
    expect([kernelA.footpointGradNorm(fitA.p), kernelA.shootingGradNorm(fitA.p, v)]).toEqual(before);
  });

  it('agrees with the JavaScript loop to rounding for n = 1…9 (padding of odd n) and at v = 0', () => {
    const M = sphere();
    const rng = Rng.fromKey(5);
    for (let n = 1; n <= 9; n++) {
      const data = sphereData({ n: Math.max(n, 3), noiseVariance: 0.3, seed: n });
      const xs = data.xs.slice(0, n);
      const ys = data.ys.slice(0, n);
      const p = data.ys[0];
      const vHat = randomTangent(M, p, rng, 1);
      const wasm = sphereGradientKernel(xs, ys, p, vHat);
      const js = sphereGradientKernel(xs, ys, p, vHat, { wasm: false });
      for (let t = 0; t < 50; t++) {
        const q = M.exp(p, randomTangent(M, p, rng, 2 * rng.uniform()));
        const v = t === 0 ? new Float64Array(3) : randomTangent(M, q, rng, Math.PI * rng.uniform());
        for (const [x, y] of [
          [wasm.footpointGradNorm(q), js.footpointGradNorm(q)],
          [wasm.shootingGradNorm(q, v), js.shootingGradNorm(q, v)],
        ]) {
          if (y === Infinity) expect(x).toBe(Infinity);
          else expect(Math.abs(x - y)).toBeLessThan(1e-12 * Math.max(1, y));
        }
      }
    }
  });

  it('Kendall: agrees with the JavaScript loop to rounding for n = 1…9 (padding to four rows) and k = 3, 7, 50', () => {
    const rng = Rng.fromKey(11);
    const full = corpusCallosumData({ n: 9, seed: 3 });
    for (const k of [3, 7, 50]) {
      const M = kendall(k);
      // k landmarks of the outlines (every ⌊50/k⌋-th), as preshapes
      const ys = full.ys.map((y) =>
        M.projectPoint(
          Float64Array.from({ length: 2 * k }, (_, j) => y[2 * Math.floor(50 / k) * (j >> 1) + (j & 1)]),
        ),
      );
      for (let n = 1; n <= 9; n++) {
        const p = ys[0];
        const vHat = randomTangent(M, p, rng, 0.5);
        const wasm = kendallGradientKernel(full.xs.slice(0, n), ys.slice(0, n), p, vHat);
        const js = kendallGradientKernel(full.xs.slice(0, n), ys.slice(0, n), p, vHat, { wasm: false });
        expect(wasm.implementation).toBe('WebAssembly SIMD');
        for (let t = 0; t < 20; t++) {
          const q = M.exp(p, randomTangent(M, p, rng, 0.8 * rng.uniform()));
          const v = t === 0 ? new Float64Array(2 * k) : randomTangent(M, q, rng, 2 * rng.uniform());
          for (const [x, y] of [
            [wasm.footpointGradNorm(q), js.footpointGradNorm(q)],
            [wasm.shootingGradNorm(q, v), js.shootingGradNorm(q, v)],
          ]) {
            if (y === Infinity) expect(x).toBe(Infinity);
            else expect(Math.abs(x - y)).toBeLessThan(1e-12 * Math.max(1, y));
          }
        }
      }
    }
  });

  it('Kendall joint (kng-joint): agrees with the JavaScript loop to rounding for n = 1…9 (padding of odd n), k = 3, 8, 50 and at v = 0', () => {
    const rng = Rng.fromKey(12);
    const full = corpusCallosumData({ n: 9, seed: 4 });
    const out = [new Float64Array(3), new Float64Array(3)];
    for (const k of [3, 8, 50]) {
      const M = kendall(k);
      // k landmarks of the outlines (every ⌊50/k⌋-th), as preshapes; covariates centred on [−½, ½]
      const ys = full.ys.map((y) =>
        M.projectPoint(
          Float64Array.from({ length: 2 * k }, (_, j) => y[2 * Math.floor(50 / k) * (j >> 1) + (j & 1)]),
        ),
      );
      const xMin = Math.min(...full.xs),
        xMax = Math.max(...full.xs);
      const ts = Float64Array.from(full.xs, (x) => (x - xMin) / (xMax - xMin) - 0.5);
      for (let n = 1; n <= 9; n++) {
        const wasm = kendallJointKernel(k, ts.slice(0, n), ys.slice(0, n), 0.1);
        const js = kendallJointKernel(k, ts.slice(0, n), ys.slice(0, n), 0.1, { wasm: false });
        expect(wasm.implementation).toBe('WebAssembly SIMD (Kendall)');
        for (let t = 0; t < 20; t++) {
          const p = M.exp(ys[0], randomTangent(M, ys[0], rng, 0.8 * rng.uniform()));
          const v = t === 0 ? new Float64Array(2 * k) : randomTangent(M, p, rng, Math.PI * rng.uniform());
          wasm.evaluate(p, v, out[0]);
          js.evaluate(p, v, out[1]);
          for (let i = 0; i < 3; i++) expect(Math.abs(out[0][i] - out[1][i])).toBeLessThan(1e-12 * out[1][i]);
        }
      }
    }
  });

  it('SPD(2) joint (kng-joint): agrees with the JavaScript loop to rounding for n = 1…9 (padding of odd n) and at v = 0', () => {
    const M = spd(2);
    const rng = Rng.fromKey(13);
    const data = spdData({ n: 9, noiseSd: 0.2, seed: 5 });
    const ts = Float64Array.from(data.xs, (x) => x - 0.5); // covariates centred on [−½, ½]
    const out = [new Float64Array(3), new Float64Array(3)];
    for (let n = 1; n <= 9; n++) {
      const wasm = spdJointKernel(ts.slice(0, n), data.ys.slice(0, n), 0.1);
      const js = spdJointKernel(ts.slice(0, n), data.ys.slice(0, n), 0.1, { wasm: false });
      expect(wasm.implementation).toBe('WebAssembly SIMD (SPD(2))');
      for (let t = 0; t < 20; t++) {
        const p = M.exp(data.ys[0], randomTangent(M, data.ys[0], rng, rng.uniform()));
        const v = t === 0 ? new Float64Array(4) : randomTangent(M, p, rng, 4 * rng.uniform());
        wasm.evaluate(p, v, out[0]);
        js.evaluate(p, v, out[1]);
        for (let i = 0; i < 3; i++) expect(Math.abs(out[0][i] - out[1][i])).toBeLessThan(1e-12 * out[1][i]);
      }
    }
  });

  it("the SPD loop's e^x and ln y match Math.exp and Math.log (relative 1e-15) over their whole ranges", () => {
    const math = wasmSpdMath()!;
    const rng = Rng.fromKey(6);
    let worstExp = 0;
    let worstLog = 0;
    for (let i = 0; i < 20000; i++) {
      // dense near 0 (where the kernels mostly are), and out to ±700
      const x = i % 2 === 0 ? 4 * (rng.uniform() - 0.5) : 1400 * (rng.uniform() - 0.5);
      worstExp = Math.max(worstExp, Math.abs(math.expLane(x) / Math.exp(x) - 1));
      // positive normals of every magnitude, and near 1 (absolute error there: ln y → 0)
      const y = i % 2 === 0 ? 1 + 0.5 * (rng.uniform() - 0.5) : Math.exp(1400 * (rng.uniform() - 0.5));
      const ln = Math.log(y);
      worstLog = Math.max(worstLog, Math.abs(math.logLane(y) - ln) / Math.max(1, Math.abs(ln)));
    }
    expect(worstExp).toBeLessThan(1e-15);
    expect(worstLog).toBeLessThan(1e-15);
    for (const x of [0, -0, 1e-300, -700, 700, Math.LN2, -Math.LN2 / 2])
      expect(Math.abs(math.expLane(x) / Math.exp(x) - 1)).toBeLessThan(1e-15);
    for (const y of [
      1,
      Math.SQRT2,
      Math.SQRT1_2,
      2,
      0.5,
      1e-300,
      1e300,
      Number.MAX_VALUE,
      2.2250738585072014e-308,
    ])
      expect(Math.abs(math.logLane(y) - Math.log(y))).toBeLessThan(
        1e-15 * Math.max(1, Math.abs(Math.log(y))),
      );
    // where Math.log is not finite (or y is subnormal): NaN, never a finite number read off the bits
    for (const y of [0, -1, 1e-310, Infinity, -Infinity, NaN]) expect(math.logLane(y)).toBeNaN();
    expect(math.expLane(NaN)).toBeNaN();
  });

  it('SPD(2): exponents beyond the range of its exp (raw covariates up to 300) go to the JavaScript loop', () => {
    const M = spd(2);
    const data = spdData({ n: 9, noiseSd: 0.2, seed: 7 });
    const xs = data.xs.map((x) => 300 * x);
    const p = data.ys[0];
    const vHat = randomTangent(M, p, Rng.fromKey(8), 0.05);
    const wasm = spd2GradientKernel(xs, data.ys, p, vHat);
    const js = spd2GradientKernel(xs, data.ys, p, vHat, { wasm: false });
    const rng = Rng.fromKey(9);
    for (let t = 0; t < 40; t++) {
      const v = randomTangent(M, p, rng, 10 * rng.uniform()); // |xμ| from 0 to ~3000
      const [a, b] = [wasm.shootingGradNorm(p, v), js.shootingGradNorm(p, v)];
      if (b === Infinity) expect(a).toBe(Infinity);
      else expect(Math.abs(a - b)).toBeLessThan(1e-10 * Math.max(1, b));
    }
  });
});
