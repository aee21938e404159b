import { describe, expect, it } from 'vitest';
import { compileKernels } from '../../../wasm/build';
import { sphereData } from '../../data/sphereData';
import { sphere } from '../../geometry';
import { randomTangent } from '../../geometry/testkit';
import { fitGeodesicRegression } from '../../regression';
import { Rng } from '../../sampling/rng';
import { sphereGradientKernel } from '../sphereKernel';
import * as generated from './kernels.generated';
import { wasmSphereGradNorms } from './sphereKernelWasm';

describe('WebAssembly kernels', () => {
  it('the committed modules are the build of wasm/assembly/ (run `npm run build:wasm` after editing it)', async () => {
    const built = await compileKernels();
    expect(Object.keys(built).sort()).toEqual(Object.keys(generated).sort());
    for (const [name, base64] of Object.entries(built))
      expect(base64 === generated[name as keyof typeof generated], name).toBe(true);
  });

  it('runs here (Node, like the browsers the lab supports, has WebAssembly SIMD)', () => {
    const data = sphereData({ n: 5, noiseVariance: 0.01, seed: 1 });
    expect(wasmSphereGradNorms(data.xs, data.ys, 1)).not.toBeNull();
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
});
