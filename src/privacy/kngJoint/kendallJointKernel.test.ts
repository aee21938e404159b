import { describe, expect, it } from 'vitest';
import { kendall } from '../../geometry/kendall';
import { GeometryError, type Manifold } from '../../geometry/types';
import { randomTangent, relativeGap } from '../../geometry/testkit';
import { Rng } from '../../sampling/rng';
import { genericJointKernel, type JointKernel } from './jointKernel';
import { jointKernel } from '.';
import { kendallJointKernel } from './kendallJointKernel';

/** A shape drawn uniformly (the projection of a standard Gaussian configuration). */
function randomShape(M: Manifold, rng: Rng): Float64Array {
  return M.projectPoint(Float64Array.from({ length: M.ambientDim }, () => rng.normal()));
}

/**
 * n records around the geodesic (p₀, v₀): covariates uniform on [−½, ½] (both ends included when n > 1), half the
 * responses within 0.3 of the geodesic's point, half uniform shapes (near π/2 away for many landmarks).
 */
function randomData(M: Manifold, rng: Rng, n: number, p0: Float64Array, v0: Float64Array) {
  const ts = Float64Array.from({ length: n }, () => rng.uniform() - 0.5);
  if (n > 1) {
    ts[0] = -0.5;
    ts[1] = 0.5;
  }
  const ys = Array.from(ts, (t, i) => {
    if (i % 2 === 1) return randomShape(M, rng);
    const q = M.exp(
      p0,
      v0.map((x) => t * x),
    );
    return M.exp(q, randomTangent(M, q, rng, 0.3 * rng.uniform()));
  });
  return { ts, ys };
}

describe('kendallJointKernel: the fused Kendall kernel is the generic one', () => {
  it('agrees to 1e-9 (relative) at random states, v = 0, |v| = π/2, for k = 3, 8, 50, n = 1, 7, 300 and clips below and above the residuals', () => {
    const rng = Rng.fromKey(91);
    const a = new Float64Array(3);
    const b = new Float64Array(3);
    let worst = 0;
    let states = 0;
    let farthest = 0;
    let clippedResiduals = 0;
    let unclippedResiduals = 0;
    for (const k of [3, 8, 50]) {
      const M = kendall(k);
      for (const n of [1, 7, 300]) {
        const p0 = randomShape(M, rng);
        const v0 = randomTangent(M, p0, rng, 1);
        const { ts, ys } = randomData(M, rng, n, p0, v0);
        if (n === 7) {
          // at (p₀, v₀): a record on the footpoint (θ = 0), one at its cut locus (y ⊥ every rotation of p₀),
          // and one on the geodesic away from the footpoint (θ = 0 at t ≠ 0)
          ts[2] = 0;
          ys[2] = p0;
          ts[3] = 0;
          ys[3] = M.exp(p0, randomTangent(M, p0, rng, Math.PI / 2));
          expect(() => M.log(p0, ys[3])).toThrow(GeometryError);
          ts[4] = -0.3;
          ys[4] = M.exp(
            p0,
            v0.map((x) => -0.3 * x),
          );
        }
        // 0.05: below nearly every residual; 0.7: between; 1e3: above all of them
        for (const clip of [0.05, 0.7, 1e3]) {
          const generic = genericJointKernel(M, ts, ys, clip);
          // the WebAssembly loop, and the JavaScript one
          const fused = [
            kendallJointKernel(k, ts, ys, clip),
            kendallJointKernel(k, ts, ys, clip, { wasm: false }),
          ];
          for (let trial = 0; trial < 6; trial++) {
            const p = trial === 2 ? p0 : randomShape(M, rng);
            const length = trial === 0 ? 0 : trial === 1 ? Math.PI / 2 : (Math.PI / 2) * rng.uniform();
            const v = trial === 2 ? v0 : randomTangent(M, p, rng, length);
            generic.evaluate(p, v, a);
            expect(Number.isFinite(a[0] + a[1] + a[2])).toBe(true);
            for (const kernel of fused) {
              kernel.evaluate(p, v, b);
              worst = Math.max(worst, relativeGap(a, b));
            }
            states++;
            if (clip === 0.7)
              for (let i = 0; i < n; i++) {
                const d = M.dist(
                  M.exp(
                    p,
                    v.map((x) => ts[i] * x),
                  ),
                  ys[i],
                );
                farthest = Math.max(farthest, d);
                if (d > clip) clippedResiduals++;
                else unclippedResiduals++;
              }
          }
        }
      }
    }
    expect(states).toBeGreaterThanOrEqual(150);
    expect(farthest).toBeGreaterThan(1.5);
    expect(clippedResiduals).toBeGreaterThan(0);
    expect(unclippedResiduals).toBeGreaterThan(0);
    expect(worst).toBeLessThan(1e-9);
  });

  // Both kernels form the residual y* − m q from unit vectors, so they differ by ~1e-16/θ relative (1e-9 at
  // θ = 1e-7); without its term-by-term branch the fused one would differ by ~1e-16/θ² in the energy.
  it('keeps the energy to 1e-9 (relative) when every residual is tiny: n = 1, θ from 1e-2 down to 1e-5', () => {
    const rng = Rng.fromKey(94);
    const a = new Float64Array(3);
    const b = new Float64Array(3);
    let worst = 0;
    for (const k of [3, 8, 50]) {
      const M = kendall(k);
      for (const theta of [1e-2, 1e-3, 1e-4, 1e-5]) {
        const p = randomShape(M, rng);
        const v = randomTangent(M, p, rng, (Math.PI / 2) * rng.uniform());
        const t = rng.uniform() - 0.5;
        const q = M.exp(
          p,
          v.map((x) => t * x),
        );
        const ys = [M.exp(q, randomTangent(M, q, rng, theta))];
        const ts = Float64Array.of(t);
        genericJointKernel(M, ts, ys, 0.05).evaluate(p, v, a);
        kendallJointKernel(k, ts, ys, 0.05).evaluate(p, v, b);
        worst = Math.max(worst, relativeGap(a, b));
      }
    }
    expect(worst).toBeLessThan(1e-9);
  });

  it('the comparison would see a small error: one response moved by 1e-6 is caught', () => {
    const rng = Rng.fromKey(92);
    const M = kendall(8);
    const p0 = randomShape(M, rng);
    const { ts, ys } = randomData(M, rng, 7, p0, randomTangent(M, p0, rng, 1));
    const moved = ys.slice();
    moved[3] = M.exp(ys[3], randomTangent(M, ys[3], rng, 1e-6));
    const generic = genericJointKernel(M, ts, ys, 0.7);
    const fused = kendallJointKernel(8, ts, moved, 0.7);
    const a = new Float64Array(3);
    const b = new Float64Array(3);
    let worst = 0;
    for (let trial = 0; trial < 10; trial++) {
      const p = randomShape(M, rng);
      const v = randomTangent(M, p, rng, (Math.PI / 2) * rng.uniform());
      generic.evaluate(p, v, a);
      fused.evaluate(p, v, b);
      worst = Math.max(worst, relativeGap(a, b));
    }
    expect(worst).toBeGreaterThan(1e-8);
  });

  it('fails where the generic kernel fails: all three +Infinity', () => {
    const rng = Rng.fromKey(93);
    const M = kendall(5);
    const p = randomShape(M, rng);
    const v = randomTangent(M, p, rng, 1);
    const { ts, ys } = randomData(M, rng, 7, p, v);
    const generic = genericJointKernel(M, ts, ys, 0.05);
    const fused = kendallJointKernel(5, ts, ys, 0.05);
    expect(fused.implementation).toBe('WebAssembly SIMD (Kendall)');
    const shifted = p.map((x, j) => x + (j % 2 === 0 ? 1e-3 : 0));
    const vNaN = v.slice();
    vNaN[3] = NaN;
    const cases: [string, Float64Array, Float64Array][] = [
      ['p not of unit norm', p.map((x) => 1.01 * x), v],
      ['p not centred', shifted, v],
      ['p not finite', p.map((x, j) => (j === 2 ? NaN : x)), v],
      ['v not finite', p, vNaN],
      ['v infinite', p, v.map((x, j) => (j === 1 ? Infinity : x))],
      ['p of the wrong length', p.subarray(0, 8), v],
    ];
    const a = new Float64Array(3);
    const b = new Float64Array(3);
    for (const [what, pp, vv] of cases) {
      generic.evaluate(pp, vv, a);
      fused.evaluate(pp, vv, b);
      expect([...a], what).toEqual([Infinity, Infinity, Infinity]);
      expect([...b], what).toEqual([Infinity, Infinity, Infinity]);
    }
    // a response that is not a preshape
    const bad = ys.slice();
    bad[2] = ys[2].map((x) => 2 * x);
    genericJointKernel(M, ts, bad, 0.05).evaluate(p, v, a);
    kendallJointKernel(5, ts, bad, 0.05).evaluate(p, v, b);
    expect([...a]).toEqual([Infinity, Infinity, Infinity]);
    expect([...b]).toEqual([Infinity, Infinity, Infinity]);
  });

  it('jointKernel picks it for Kendall shape space, in WebAssembly', () => {
    for (const k of [3, 8, 50]) {
      const M = kendall(k);
      const y = M.basePoint();
      expect(jointKernel(M, Float64Array.of(-0.5, 0.5), [y, y], 0.05).implementation).toBe(
        'WebAssembly SIMD (Kendall)',
      );
      expect(kendallJointKernel(k, Float64Array.of(0), [y], 0.05, { wasm: false }).implementation).toBe(
        'JavaScript (Kendall)',
      );
    }
  });
});

/**
 * Both loops evaluate the same closed forms and differ only in rounding: the polynomial cos, sin and atan
 * against Math's, and sums over two lanes of records. A record's sin²θ = |y|² − m² carries that rounding
 * (~2e-16) divided by θ², so a lone record close to its prediction (θ ≈ 0.01, just above the term-by-term
 * pass) differs by up to ~1e-12 relative in either loop; the random data below put several records together.
 */
describe('kendallJointKernel: the WebAssembly loop is the JavaScript loop', () => {
  const evaluate = (kernel: JointKernel, p: Float64Array, v: Float64Array) => {
    const out = new Float64Array(3);
    kernel.evaluate(p, v, out);
    return out;
  };

  it('agrees to 1e-12 (relative) for k = 3, 8, 50, n = 2, 7, 8, 301, clips that bind and do not, |t|·|v| up to π/2', () => {
    const rng = Rng.fromKey(95);
    let worst = 0;
    let states = 0;
    for (const k of [3, 8, 50]) {
      const M = kendall(k);
      for (const n of [2, 7, 8, 301]) {
        const p0 = randomShape(M, rng);
        const { ts, ys } = randomData(M, rng, n, p0, randomTangent(M, p0, rng, 1));
        for (const clip of [0.05, 0.7, 1e3]) {
          const wasm = kendallJointKernel(k, ts, ys, clip);
          const javaScript = kendallJointKernel(k, ts, ys, clip, { wasm: false });
          expect(wasm.implementation).toBe('WebAssembly SIMD (Kendall)');
          for (let trial = 0; trial < 8; trial++) {
            const p = randomShape(M, rng);
            // |v| = 0, π (|t|·|v| = π/2 at t = ±½: the polynomials' limit, still WebAssembly), then random
            const length = trial === 0 ? 0 : trial === 1 ? Math.PI : Math.PI * rng.uniform();
            const v = randomTangent(M, p, rng, length);
            const a = evaluate(wasm, p, v);
            expect(Number.isFinite(a[0] + a[1] + a[2])).toBe(true);
            worst = Math.max(worst, relativeGap(a, evaluate(javaScript, p, v)));
            states++;
          }
        }
      }
    }
    expect(states).toBe(288);
    expect(worst).toBeLessThan(1e-12);
  });

  it('hands |t|·|v| > π/2 to the JavaScript loop: the same numbers bit for bit, and to 1e-12 just below', () => {
    const rng = Rng.fromKey(96);
    for (const k of [3, 8, 50]) {
      const M = kendall(k);
      const p0 = randomShape(M, rng);
      const { ts, ys } = randomData(M, rng, 9, p0, randomTangent(M, p0, rng, 1));
      const wasm = kendallJointKernel(k, ts, ys, 0.7);
      const javaScript = kendallJointKernel(k, ts, ys, 0.7, { wasm: false });
      let roundedDifferently = 0;
      for (let trial = 0; trial < 10; trial++) {
        const p = randomShape(M, rng);
        const direction = randomTangent(M, p, rng, 1);
        // max |t| = ½: the limit is |v| = π
        for (const length of [Math.PI * (1 - 1e-9), Math.PI * (1 + 1e-9), 4, 6, 20]) {
          const v = direction.map((x) => length * x);
          const [a, b] = [evaluate(wasm, p, v), evaluate(javaScript, p, v)];
          if (length > Math.PI) expect([...a]).toEqual([...b]);
          else {
            expect(relativeGap(a, b)).toBeLessThan(1e-12);
            if (a.some((x, i) => x !== b[i])) roundedDifferently++;
          }
        }
      }
      // below the limit the WebAssembly loop did run: its rounding is its own
      expect(roundedDifferently).toBeGreaterThan(0);
    }
  });

  it('agrees at the cut locus and at tiny residuals, alone and beside an ordinary record in the other lane', () => {
    const rng = Rng.fromKey(97);
    let worstCut = 0;
    let worstTiny = 0;
    for (const k of [3, 8, 50]) {
      const M = kendall(k);
      const p = randomShape(M, rng);
      const v = randomTangent(M, p, rng, (Math.PI / 2) * rng.uniform());
      const t = rng.uniform() - 0.5;
      const q = M.exp(
        p,
        v.map((x) => t * x),
      );
      const ordinary = M.exp(q, randomTangent(M, q, rng, 0.5));
      // y ⊥ every rotation of the prediction: the generic log refuses it, both loops pull with 0
      const cut = M.exp(q, randomTangent(M, q, rng, Math.PI / 2));
      expect(() => M.log(q, cut)).toThrow(GeometryError);
      for (const clip of [0.05, 2]) {
        for (const [ts, ys] of [
          [Float64Array.of(t), [cut]],
          [Float64Array.of(t, t), [cut, ordinary]],
          [Float64Array.of(t, t, t), [ordinary, ordinary, cut]],
        ] as const) {
          const a = evaluate(kendallJointKernel(k, ts, ys, clip), p, v);
          const b = evaluate(kendallJointKernel(k, ts, ys, clip, { wasm: false }), p, v);
          expect(Number.isFinite(a[0] + a[1] + a[2])).toBe(true);
          worstCut = Math.max(worstCut, relativeGap(a, b));
        }
      }
      // θ from 2e-2 (above the term-by-term pass's threshold) down to 1e-7 (far into it). A record's rounding is
      // ~2e-16/θ² relative above the pass (the comment above) and ~1e-16/θ in it, where both loops sum
      // |y* − m q|² term by term. Alone (n = 1), the energy shows it; beside an ordinary record in the other lane
      // of the pair, a clip below θ makes the tiny record's pull clip·(y* − m q)/sin θ depend on sin θ too
      for (const theta of [2e-2, 9e-3, 1e-3, 1e-5, 1e-7]) {
        const tiny = M.exp(q, randomTangent(M, q, rng, theta));
        const rounding = theta >= 1e-2 ? 1e-15 / theta ** 2 : 1e-15 / theta;
        for (const [ts, ys, clip] of [
          [Float64Array.of(t), [tiny], 0.05],
          [Float64Array.of(t, t), [ordinary, tiny], theta / 10],
        ] as const) {
          const a = evaluate(kendallJointKernel(k, ts, ys, clip), p, v);
          const b = evaluate(kendallJointKernel(k, ts, ys, clip, { wasm: false }), p, v);
          worstTiny = Math.max(worstTiny, relativeGap(a, b) / (rounding + 1e-12));
        }
      }
    }
    expect(worstCut).toBeLessThan(1e-12);
    expect(worstTiny).toBeLessThan(1);
  });
});
