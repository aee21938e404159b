import { describe, expect, it } from 'vitest';
import { expm, matMul, sqrtm } from '../../geometry/linalg';
import { spd } from '../../geometry/spd';
import { randomTangent, relativeGap } from '../../geometry/testkit';
import { Rng } from '../../sampling/rng';
import { genericJointKernel, type JointKernel } from './jointKernel';
import { jointKernel } from '.';
import { spdJointKernel } from './spdJointKernel';

const M = spd(2);
const I = M.basePoint();

/** A point at a uniform distance up to R from c, in a random direction. */
function pointNear(rng: Rng, c: Float64Array, R: number): Float64Array {
  const u = M.randomTangent(c, rng);
  const k = (R * rng.uniform()) / M.norm(c, u);
  return M.exp(
    c,
    u.map((x) => k * x),
  );
}

function randomData(rng: Rng, n: number) {
  const ts = Float64Array.from({ length: n }, () => rng.uniform() - 0.5);
  // responses up to 3 from I and footpoints up to 3 from I: residuals up to about 6
  const ys = Array.from({ length: n }, () => pointNear(rng, I, 3));
  return { ts, ys };
}

describe('spdJointKernel: the fused SPD(2) kernel is the generic one', () => {
  it('agrees to 1e-9 (relative) at random states, v = 0, |v| = 4, for n = 1, 7, 300 and clips below and above the residuals', () => {
    const rng = Rng.fromKey(77);
    const a = new Float64Array(3);
    const b = new Float64Array(3);
    let worst = 0;
    let states = 0;
    let farthest = 0;
    let clippedResiduals = 0;
    let unclippedResiduals = 0;
    for (const n of [1, 7, 300]) {
      const { ts, ys } = randomData(rng, n);
      // a response 3 from I, and (trial 4) a footpoint 3 from I on the other side: distance 6
      const away = randomTangent(M, I, rng, 3);
      ys[n - 1] = M.exp(I, away);
      const opposite = M.exp(
        I,
        away.map((x) => -x),
      );
      if (n === 7) {
        ts[0] = 0; // a record on the footpoint itself
        ys[1] = I.map((x) => 2.5 * x); // with p = I and v ∝ I: a residual along the identity (r̂ = 0)
      }
      // 0.05: below nearly every residual; 1.5: between; 1e3: above all of them
      for (const clip of [0.05, 1.5, 1e3]) {
        const generic = genericJointKernel(M, ts, ys, clip);
        // the WebAssembly loop, and the JavaScript one
        const fused = [spdJointKernel(ts, ys, clip), spdJointKernel(ts, ys, clip, { wasm: false })];
        for (let trial = 0; trial < 25; trial++) {
          const p = trial === 2 || trial === 3 ? I : trial === 4 ? opposite : pointNear(rng, I, 3);
          const length = trial === 0 ? 0 : trial === 1 ? 4 : 4 * rng.uniform();
          let v = randomTangent(M, p, rng, length);
          // v ∝ p (h = 0), and v ∝ p up to 1e-5 (|h| and r̂/m̂ tiny, non-zero): the series branches
          if (trial === 2) v = I.map((x) => 0.3 * x);
          if (trial === 3) v = I.map((x, i) => 0.3 * x + 1e-5 * v[i]);
          generic.evaluate(p, v, a);
          expect(Number.isFinite(a[0] + a[1] + a[2])).toBe(true);
          for (const kernel of fused) {
            kernel.evaluate(p, v, b);
            worst = Math.max(worst, relativeGap(a, b));
          }
          states++;
          if (clip === 1.5 && n <= 7)
            for (let i = 0; i < n; i++) {
              const d = M.dist(
                M.exp(
                  p,
                  v.map((x) => ts[i] * x),
                ),
                ys[i],
              );
              farthest = Math.max(farthest, M.dist(p, ys[i]));
              if (d > clip) clippedResiduals++;
              else unclippedResiduals++;
            }
        }
      }
    }
    expect(states).toBeGreaterThanOrEqual(200);
    expect(farthest).toBeGreaterThan(5.99);
    expect(clippedResiduals).toBeGreaterThan(0);
    expect(unclippedResiduals).toBeGreaterThan(0);
    expect(worst).toBeLessThan(1e-9);
  });

  it('the comparison would see a small error: one response moved by 1e-6 is caught', () => {
    const rng = Rng.fromKey(78);
    const { ts, ys } = randomData(rng, 7);
    const moved = ys.map((y) => Float64Array.from(y));
    moved[3][0] *= 1 + 1e-6;
    const generic = genericJointKernel(M, ts, ys, 1.5);
    const fused = spdJointKernel(ts, moved, 1.5);
    const a = new Float64Array(3);
    const b = new Float64Array(3);
    let worst = 0;
    for (let trial = 0; trial < 10; trial++) {
      const p = pointNear(rng, I, 3);
      const v = randomTangent(M, p, rng, 4 * rng.uniform());
      generic.evaluate(p, v, a);
      fused.evaluate(p, v, b);
      worst = Math.max(worst, relativeGap(a, b));
    }
    expect(worst).toBeGreaterThan(1e-8);
  });

  it('fails where the generic kernel fails: all three +Infinity', () => {
    const rng = Rng.fromKey(79);
    const { ts, ys } = randomData(rng, 7);
    const generic = genericJointKernel(M, ts, ys, 0.05);
    const fused = spdJointKernel(ts, ys, 0.05);
    expect(fused.implementation).toBe('WebAssembly SIMD (SPD(2))');
    const javaScript = spdJointKernel(ts, ys, 0.05, { wasm: false });
    const p = pointNear(rng, I, 2);
    const v = randomTangent(M, p, rng, 1);
    const cases: [string, Float64Array, Float64Array][] = [
      ['p not positive definite', Float64Array.of(1, 0, 0, -1), v],
      ['p not symmetric', Float64Array.of(1, 0.5, 0, 1), v],
      ['p not finite', Float64Array.of(1, 0, 0, NaN), v],
      ['v not finite', p, Float64Array.of(0, Infinity, Infinity, 0)],
      // e^{tμ} beyond floating point at the extreme covariates
      ['v too long', I, Float64Array.of(1e4, 0, 0, 1e4)],
    ];
    const a = new Float64Array(3);
    const b = new Float64Array(3);
    for (const [what, pp, vv] of cases) {
      generic.evaluate(pp, vv, a);
      expect([...a], what).toEqual([Infinity, Infinity, Infinity]);
      for (const kernel of [fused, javaScript]) {
        kernel.evaluate(pp, vv, b);
        expect([...b], what).toEqual([Infinity, Infinity, Infinity]);
      }
    }
    // a response that is not SPD
    const bad = ys.slice();
    bad[2] = Float64Array.of(1, 2, 2, 1);
    genericJointKernel(M, ts, bad, 0.05).evaluate(p, v, a);
    expect([...a]).toEqual([Infinity, Infinity, Infinity]);
    for (const options of [{}, { wasm: false }]) {
      spdJointKernel(ts, bad, 0.05, options).evaluate(p, v, b);
      expect([...b]).toEqual([Infinity, Infinity, Infinity]);
    }
  });

  it('jointKernel picks it for affine SPD(2) only, in WebAssembly', () => {
    const ts = Float64Array.of(-0.5, 0.5);
    const ys = [I, I];
    expect(jointKernel(spd(2), ts, ys, 0.05).implementation).toBe('WebAssembly SIMD (SPD(2))');
    expect(spdJointKernel(ts, ys, 0.05, { wasm: false }).implementation).toBe('JavaScript (SPD(2))');
    expect(jointKernel(spd(2, 'logEuclidean'), ts, ys, 0.05).implementation).toBe('JavaScript (generic)');
    const I3 = spd(3).basePoint();
    expect(jointKernel(spd(3), ts, [I3, I3], 0.05).implementation).toBe('JavaScript (generic)');
  });
});

/**
 * The response whose residual from q, in q's whitened frame, is R(φ) diag(α + β, α − β) R(φ)ᵀ: M̂ has eigenvalue
 * ratio e^{2β} there, whatever p and v put q.
 */
function responseAt(q: Float64Array, alpha: number, beta: number, phi: number): Float64Array {
  const c = Math.cos(2 * phi),
    s = Math.sin(2 * phi);
  const residual = Float64Array.of(alpha + beta * c, beta * s, beta * s, alpha - beta * c);
  const half = sqrtm(q, 2);
  const y = matMul(matMul(half, expm(residual, 2), 2), half, 2);
  y[1] = y[2] = 0.5 * (y[1] + y[2]);
  return y;
}

/**
 * Both loops evaluate the same closed forms and differ only in rounding: the polynomial exp, atanh and log against
 * Math's, and sums over two lanes of records. Where every residual is tiny (θ), M̂ is close to a multiple of I and
 * both lose ~1e-16/θ relative in logm (r̂ is a difference of M̂'s entries); the random data below put records of
 * ordinary size together.
 */
describe('spdJointKernel: the WebAssembly loop is the JavaScript loop', () => {
  const evaluate = (kernel: JointKernel, p: Float64Array, v: Float64Array) => {
    const out = new Float64Array(3);
    kernel.evaluate(p, v, out);
    return out;
  };

  it('agrees to 1e-12 (relative) for n = 1, 2, 7, 8, 301, responses up to 3 and 8 from I, |v| from 0 to 12, clips that bind and do not', () => {
    const rng = Rng.fromKey(80);
    let worst = 0;
    let states = 0;
    let clippedResiduals = 0;
    let unclippedResiduals = 0;
    for (const n of [1, 2, 7, 8, 301])
      for (const radius of [3, 8]) {
        const ts = Float64Array.from({ length: n }, () => rng.uniform() - 0.5);
        const ys = Array.from({ length: n }, () => pointNear(rng, I, radius));
        for (const clip of [0.05, 1.5, 1e3]) {
          const wasm = spdJointKernel(ts, ys, clip);
          const javaScript = spdJointKernel(ts, ys, clip, { wasm: false });
          expect(wasm.implementation).toBe('WebAssembly SIMD (SPD(2))');
          for (let trial = 0; trial < 8; trial++) {
            const p = pointNear(rng, I, 3);
            // v = 0; |v| = 4e-3 (|h| about the threshold of sinh h/h's series); |v| = 12; then up to 8
            const length = [0, 4e-3, 12][trial] ?? 8 * rng.uniform();
            const v = randomTangent(M, p, rng, length);
            const a = evaluate(wasm, p, v);
            expect(Number.isFinite(a[0] + a[1] + a[2])).toBe(true);
            worst = Math.max(worst, relativeGap(a, evaluate(javaScript, p, v)));
            states++;
            if (clip === 1.5 && n <= 8)
              for (let i = 0; i < n; i++) {
                const d = M.dist(
                  M.exp(
                    p,
                    v.map((x) => ts[i] * x),
                  ),
                  ys[i],
                );
                if (d > clip) clippedResiduals++;
                else unclippedResiduals++;
              }
          }
        }
      }
    expect(states).toBe(240);
    expect(clippedResiduals).toBeGreaterThan(0);
    expect(unclippedResiduals).toBeGreaterThan(0);
    expect(worst).toBeLessThan(1e-12);
  });

  it('agrees across the series’ limit (β = ln 2) and up to nearly singular residuals; beyond (β > 14.2) the JavaScript loop decides, bit for bit', () => {
    const rng = Rng.fromKey(81);
    // M̂'s condition number e^{2β} reaches 2^41 (where the WebAssembly loop stops deciding) at β = 14.2
    const decided = [0, 1e-9, 1e-4, 0.3, Math.LN2 * (1 - 1e-9), Math.LN2 * (1 + 1e-9), 1, 4, 10, 14];
    const handedOver = [14.5, 18, 25];
    let worst = 0;
    let roundedDifferently = 0;
    for (const beta of [...decided, ...handedOver])
      for (let trial = 0; trial < 6; trial++) {
        const p = pointNear(rng, I, 2);
        const v = randomTangent(M, p, rng, 3 * rng.uniform());
        const t = rng.uniform() - 0.5;
        const q = M.exp(
          p,
          v.map((x) => t * x),
        );
        const odd = responseAt(q, 0.3 * (rng.uniform() - 0.5), beta, Math.PI * rng.uniform());
        const ordinary = pointNear(rng, I, 1);
        // alone, and beside an ordinary record in the other lane of its pair
        for (const [ts, ys] of [
          [Float64Array.of(t), [odd]],
          [Float64Array.of(0.2, t), [ordinary, odd]],
        ] as const)
          for (const clip of [0.05, 1e3]) {
            const a = evaluate(spdJointKernel(ts, ys, clip), p, v);
            const b = evaluate(spdJointKernel(ts, ys, clip, { wasm: false }), p, v);
            if (beta > 14.2) expect([...a]).toEqual([...b]);
            else {
              worst = Math.max(worst, relativeGap(a, b));
              if (a.some((x, i) => x !== b[i])) roundedDifferently++;
            }
          }
      }
    expect(worst).toBeLessThan(1e-12);
    // where it decides, the WebAssembly loop did run: its rounding is its own
    expect(roundedDifferently).toBeGreaterThan(0);
  });

  it('leaves a response positive definite or not by rounding (condition number 2⁵⁴) to the JavaScript loop: the same numbers, +Infinity where M̂ is not positive definite', () => {
    const rng = Rng.fromKey(82);
    const big = 2 ** 53;
    const ts = Float64Array.of(0.3, -0.2);
    const ys = [Float64Array.of(big, big - 1, big - 1, big), pointNear(rng, I, 1)];
    const wasm = spdJointKernel(ts, ys, 0.05);
    const javaScript = spdJointKernel(ts, ys, 0.05, { wasm: false });
    let failed = 0;
    for (let trial = 0; trial < 40; trial++) {
      const p = pointNear(rng, I, 3);
      const v = randomTangent(M, p, rng, 4 * rng.uniform());
      const b = evaluate(javaScript, p, v);
      expect([...evaluate(wasm, p, v)]).toEqual([...b]);
      if (b[0] === Infinity) failed++;
    }
    expect(failed).toBeGreaterThan(0);
    expect(failed).toBeLessThan(40);
  });

  it('hands max |t|·|δ| > 700 (the exponential’s range) to the JavaScript loop: the same numbers bit for bit, and to 1e-12 just below', () => {
    const rng = Rng.fromKey(83);
    // responses around the geodesic from I along diag(μ, −μ), μ = 1400: at t = ±½ the limit, |h| = 700
    const mu = 1400;
    const ts = Float64Array.from({ length: 9 }, (_, i) => i / 8 - 0.5);
    const ys = Array.from(ts, (t) =>
      Float64Array.of(Math.exp(t * mu + 0.3 * rng.normal()), 0, 0, Math.exp(-t * mu + 0.3 * rng.normal())),
    );
    for (const clip of [0.05, 1e3]) {
      const wasm = spdJointKernel(ts, ys, clip);
      const javaScript = spdJointKernel(ts, ys, clip, { wasm: false });
      for (const scale of [1 - 1e-9, 1 + 1e-9, 1.01]) {
        const v = Float64Array.of(scale * mu, 0, 0, -scale * mu);
        const [a, b] = [evaluate(wasm, I, v), evaluate(javaScript, I, v)];
        expect(Number.isFinite(b[0] + b[1] + b[2])).toBe(true);
        if (scale > 1) expect([...a]).toEqual([...b]);
        else {
          expect(relativeGap(a, b)).toBeLessThan(1e-12);
          expect(a.some((x, i) => x !== b[i])).toBe(true);
        }
      }
    }
  });

  it('hands M̂ of scale below 1e-140 or above 1e140 to the JavaScript loop: the same numbers bit for bit', () => {
    const rng = Rng.fromKey(84);
    const ts = Float64Array.from({ length: 7 }, () => rng.uniform() - 0.5);
    const ys = Array.from(ts, () => pointNear(rng, I, 1));
    for (const scale of [1e-75, 1e75]) {
      // M̂ ~ det Y/det P up to its eigenvalue ratio: responses scaled by `scale`, footpoints by 1/scale
      const scaled = ys.map((y) => y.map((x) => scale * x));
      const wasm = spdJointKernel(ts, scaled, 0.05);
      const javaScript = spdJointKernel(ts, scaled, 0.05, { wasm: false });
      for (let trial = 0; trial < 5; trial++) {
        const p = pointNear(rng, I, 1).map((x) => x / scale);
        const v = randomTangent(M, p, rng, 2 * rng.uniform());
        const b = evaluate(javaScript, p, v);
        expect(Number.isFinite(b[0] + b[1] + b[2])).toBe(true);
        expect([...evaluate(wasm, p, v)]).toEqual([...b]);
      }
    }
  });

  it('agrees to the rounding of logm at tiny residuals (θ from 1e-1 down to 1e-7), alone and beside an ordinary record', () => {
    const rng = Rng.fromKey(85);
    let worst = 0;
    for (const theta of [1e-1, 1e-2, 1e-3, 1e-5, 1e-7])
      for (let trial = 0; trial < 10; trial++) {
        const p = pointNear(rng, I, 2);
        const v = randomTangent(M, p, rng, 3 * rng.uniform());
        const t = rng.uniform() - 0.5;
        const q = M.exp(
          p,
          v.map((x) => t * x),
        );
        const tiny = M.exp(q, randomTangent(M, q, rng, theta));
        const ordinary = M.exp(q, randomTangent(M, q, rng, 0.5));
        // alone, the energy shows the rounding; beside an ordinary record, a clip below θ makes the tiny record's
        // pull clip·B/θ depend on its direction too
        for (const [ts, ys, clip] of [
          [Float64Array.of(t), [tiny], 0.05],
          [Float64Array.of(t, t), [ordinary, tiny], theta / 10],
        ] as const) {
          const a = evaluate(spdJointKernel(ts, ys, clip), p, v);
          const b = evaluate(spdJointKernel(ts, ys, clip, { wasm: false }), p, v);
          worst = Math.max(worst, relativeGap(a, b) / (2e-15 / theta + 1e-12));
        }
      }
    expect(worst).toBeLessThan(1);
  });
});
