import type { Covariates } from '../../regression/geodesicRegression';
import type { GradientNormKernel } from './types';
import { cosOnHalfTurn, sinOnHalfTurn, thetaOverSin } from './kernelMath';
import { wasmSphereGradNorms } from './wasm/sphereKernelWasm';

/**
 * The KNG gradient norms of geodesic regression on S², fused into one allocation-free loop per call: the
 * same mathematics as the generic kernel (Exp, Log, the Jacobi adjoints; docs/geometry.md), reduced to a few
 * dozen flops per data point and no library calls (polynomial sin, cos and atan: kernelMath.ts).
 *
 * For a point (x, y), L = x|v|, û = v/|v|, c = cos L, s = sin L: the prediction is q = c p + s û and the
 * unit velocity t = c û − s p. With residual w = Log(q, y) = f (y − ⟨q,y⟩ q), f = θ/sin θ, and a = ⟨w, t⟩,
 * transporting w back along the geodesic gives a û + (w − a t), so
 *   d_pExp† w = a û + cos L (w − a t),   d_vExp† w = a û + (sin L / L)(w − a t).
 * Everything is expressed through the two scalars ⟨p,y⟩ and ⟨û,y⟩: ⟨q,y⟩ = c⟨p,y⟩ + s⟨û,y⟩,
 * a = f (c⟨û,y⟩ − s⟨p,y⟩) (as q ⊥ t), sin²θ = 1 − ⟨q,y⟩², and
 *   w − a t = f y − (f⟨q,y⟩c − a s) p − (f⟨q,y⟩s + a c) û,
 * so the sum over points is Σ kᵢ yᵢ plus scalar multiples of p and û, accumulated as three sums
 * (p, y and û are unit vectors and û ⊥ p; the samplers keep them so up to rounding).
 *
 * The same loop also exists in WebAssembly with SIMD (wasm/assembly/sphereKernel.ts, ~2.5× faster); it runs
 * wherever WebAssembly does, and this JavaScript loop otherwise, and for shooting vectors whose angles xᵢ|v|
 * leave [0, π] (the polynomial range; only the unbounded "plane" domain gets there).
 */
export function sphereGradientKernel(
  xs: Covariates,
  ys: readonly Float64Array[],
  pHat: Float64Array,
  vHat: Float64Array,
  options: { wasm?: boolean } = {},
): GradientNormKernel {
  const n = ys.length;
  // One record per point, read sequentially: x, y (3), and — since in the footpoint chain v is v̂ carried
  // to p, so |v| = |v̂| — the fixed cos(xᵢ|v̂|), sin(xᵢ|v̂|).
  const RECORD = 6;
  const data = new Float64Array(RECORD * n);
  const vHatNorm = Math.hypot(vHat[0], vHat[1], vHat[2]);
  for (let i = 0; i < n; i++) {
    const x = xs[i];
    data.set([x, ys[i][0], ys[i][1], ys[i][2], Math.cos(x * vHatNorm), Math.sin(x * vHatNorm)], RECORD * i);
  }

  /**
   * ‖Σ weightᵢ adjointᵢ‖ / n for the footpoint (d_p adjoint: factor cos L, weight 1, trig from the fixed
   * table) or the shooting vector (d_v adjoint: factor sin L / L, weight xᵢ, per-point cos/sin).
   * One loop with a loop-invariant flag: V8 predicts the branch, and there is one copy of the geometry.
   */
  function gradNorm(
    p0: number,
    p1: number,
    p2: number,
    v0: number,
    v1: number,
    v2: number,
    footpoint: boolean,
  ) {
    const L = Math.sqrt(v0 * v0 + v1 * v1 + v2 * v2);
    const inv = L > 0 ? 1 / L : 0;
    const u0 = v0 * inv,
      u1 = v1 * inv,
      u2 = v2 * inv;
    // g = Σ kᵢ yᵢ − gp p + gu û
    let gy0 = 0,
      gy1 = 0,
      gy2 = 0,
      gp = 0,
      gu = 0;
    const d = data;
    for (let j = 0; j < RECORD * n; j += RECORD) {
      // adjointᵢ w = a û + k (w − a t): `along` is the point's weight on a û, `across` its weight times k.
      let c: number, s: number, along: number, across: number;
      if (footpoint) {
        c = d[j + 4];
        s = d[j + 5];
        along = 1;
        across = c;
      } else {
        const x = d[j];
        const Li = x * L;
        c = cosOnHalfTurn(Li);
        s = sinOnHalfTurn(Li);
        along = x;
        across = L > 0 ? s * inv : x; // xᵢ·sin(xᵢL)/(xᵢL) = sin(xᵢL)/L: no division per point
      }
      const y0 = d[j + 1],
        y1 = d[j + 2],
        y2 = d[j + 3];
      const py = p0 * y0 + p1 * y1 + p2 * y2;
      const uy = u0 * y0 + u1 * y1 + u2 * y2;
      const dot = c * py + s * uy; // ⟨q, y⟩ = cos θ
      const f = thetaOverSin((1 - dot) * (1 + dot), dot);
      if (f < 0) return Infinity;
      const a = f * (c * uy - s * py);
      const k = across * f;
      const kDot = k * dot;
      gy0 += k * y0;
      gy1 += k * y1;
      gy2 += k * y2;
      gp += kDot * c - across * a * s;
      gu += along * a - kDot * s - across * a * c;
    }
    const g0 = gy0 - gp * p0 + gu * u0,
      g1 = gy1 - gp * p1 + gu * u1,
      g2 = gy2 - gp * p2 + gu * u2;
    return Math.sqrt(g0 * g0 + g1 * g1 + g2 * g2) / n;
  }

  const wasm =
    options.wasm === false
      ? null
      : wasmSphereGradNorms(xs, ys, vHatNorm, (p0, p1, p2, v0, v1, v2) =>
          gradNorm(p0, p1, p2, v0, v1, v2, false),
        );
  let xMin = Infinity,
    xMax = -Infinity;
  for (let i = 0; i < n; i++) {
    xMin = Math.min(xMin, xs[i]);
    xMax = Math.max(xMax, xs[i]);
  }
  const footpointLoop = (p0: number, p1: number, p2: number, v0: number, v1: number, v2: number) =>
    wasm ? wasm.footpoint(p0, p1, p2, v0, v1, v2) : gradNorm(p0, p1, p2, v0, v1, v2, true);
  const shootingLoop = (p0: number, p1: number, p2: number, v0: number, v1: number, v2: number) =>
    wasm && xMin >= 0 && xMax * Math.sqrt(v0 * v0 + v1 * v1 + v2 * v2) <= Math.PI
      ? wasm.shooting(p0, p1, p2, v0, v1, v2)
      : gradNorm(p0, p1, p2, v0, v1, v2, false);

  const h0 = pHat[0],
    h1 = pHat[1],
    h2 = pHat[2];
  return {
    implementation: wasm ? 'WebAssembly SIMD' : 'JavaScript',
    footpointGradNorm(p) {
      // v̂ transported from p̂ to p: w − ⟨p,w⟩/(1+⟨p̂,p⟩) (p̂ + p)
      const cpp = h0 * p[0] + h1 * p[1] + h2 * p[2];
      if (1 + cpp < 1e-12) return Infinity; // p antipodal to p̂: transport undefined
      const k = (p[0] * vHat[0] + p[1] * vHat[1] + p[2] * vHat[2]) / (1 + cpp);
      return footpointLoop(
        p[0],
        p[1],
        p[2],
        vHat[0] - k * (h0 + p[0]),
        vHat[1] - k * (h1 + p[1]),
        vHat[2] - k * (h2 + p[2]),
      );
    },
    shootingGradNorm: (p, v) => shootingLoop(p[0], p[1], p[2], v[0], v[1], v[2]),
    chains: wasm?.chains(pHat, vHat, xMin, xMax),
  };
}
