import { GeometryError, type Manifold } from '../../geometry/types';
import { accumulateGradient, RegressionWorkspace } from '../../regression/geodesicRegression';
import { wasmJointSphere } from '../kernels/wasm/jointSphereKernelWasm';
import { huber } from './calibration';

export { huber };

/**
 * The three statistics of the clipped energy that the joint KNG density reads at a candidate (p, v), over fixed
 * data with centred public covariates tᵢ ∈ [−½, ½]:
 *   E_c(p, v) = (1/n) Σ ρ_c(dᵢ),  ‖∇_p E_c‖,  ‖∇_v E_c‖   (dᵢ = d(Exp(p, tᵢv), yᵢ), ρ_c the Huber loss).
 * `evaluate` writes them into out[0..2]; where the geometry cannot be computed it writes +Infinity (a null set of
 * the target's domain).
 */
export interface JointKernel {
  readonly implementation: string;
  evaluate(p: Float64Array, v: Float64Array, out: Float64Array): void;
}

/** Through the Manifold interface: the reference for the fused kernels. */
export function genericJointKernel(
  M: Manifold,
  ts: Float64Array,
  ys: readonly Float64Array[],
  clip: number,
): JointKernel {
  const ws = new RegressionWorkspace(M.ambientDim);
  const gp = new Float64Array(M.ambientDim);
  const gv = new Float64Array(M.ambientDim);
  return {
    implementation: 'JavaScript (generic)',
    evaluate(p, v, out) {
      try {
        const [e] = accumulateGradient(M, ts, ys, p, v, ws, gp, gv, clip);
        out[0] = e;
        out[1] = M.norm(p, gp);
        out[2] = M.norm(p, gv);
      } catch (err) {
        if (!(err instanceof GeometryError)) throw err;
        out.fill(Infinity, 0, 3);
      }
      if (!(Number.isFinite(out[0]) && Number.isFinite(out[1]) && Number.isFinite(out[2])))
        out.fill(Infinity, 0, 3);
    },
  };
}

/**
 * S² in one loop over the data for both gradients (the algebra of kernels/sphere.ts, which this generalises to
 * clipped residuals and covariates of either sign). For a point (t, y), L = t|v|, û = v/|v|, c = cos L,
 * s = sin L: prediction q = c p + s û, unit velocity t̂ = c û − s p, θ = d(q, y), clipped residual
 * w = f (y − ⟨q,y⟩ q) with f = min(θ, clip)/sin θ, a = ⟨w, t̂⟩ = f (c⟨û,y⟩ − s⟨p,y⟩), and
 *   d_pExp† w = a û + cos L (w − a t̂),   t · d_vExp† w = t a û + (sin L/|v|)(w − a t̂),
 *   w − a t̂ = f y − (f⟨q,y⟩c − a s) p − (f⟨q,y⟩s + a c) û.
 * At the cut locus (θ → π) the residual direction is undefined; the record then pulls with the zero vector, one
 * of the vectors of norm ≤ clip that keep the sensitivity bound.
 */
export function sphereJointKernel(
  ts: Float64Array,
  ys: readonly Float64Array[],
  clip: number,
  options: { wasm?: boolean } = {},
): JointKernel {
  const n = ys.length;
  // the WebAssembly loop where its polynomials hold: angles |t|·|v| ≤ π/2
  const wasm = options.wasm === false ? null : wasmJointSphere(ts, ys, clip);
  let maxT = 0;
  for (const t of ts) maxT = Math.max(maxT, Math.abs(t));
  const data = new Float64Array(4 * n);
  for (let i = 0; i < n; i++) data.set([ts[i], ys[i][0], ys[i][1], ys[i][2]], 4 * i);
  const halfClipSq = 0.5 * clip * clip;
  const javaScript = (p: Float64Array, v: Float64Array, out: Float64Array) => {
    const p0 = p[0],
      p1 = p[1],
      p2 = p[2];
    const len = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    const inv = len > 0 ? 1 / len : 0;
    const u0 = v[0] * inv,
      u1 = v[1] * inv,
      u2 = v[2] * inv;
    // each gradient = Σ kᵢ yᵢ − gp p + gu û
    let pY0 = 0,
      pY1 = 0,
      pY2 = 0,
      pP = 0,
      pU = 0,
      vY0 = 0,
      vY1 = 0,
      vY2 = 0,
      vP = 0,
      vU = 0,
      e = 0;
    for (let j = 0; j < 4 * n; j += 4) {
      const t = data[j],
        y0 = data[j + 1],
        y1 = data[j + 2],
        y2 = data[j + 3];
      const L = t * len;
      const c = Math.cos(L),
        s = Math.sin(L);
      const py = p0 * y0 + p1 * y1 + p2 * y2;
      const uy = u0 * y0 + u1 * y1 + u2 * y2;
      const dot = c * py + s * uy;
      const sinTheta = Math.sqrt(Math.max(0, (1 - dot) * (1 + dot)));
      const theta = Math.atan2(sinTheta, dot);
      e += theta <= clip ? 0.5 * theta * theta : clip * theta - halfClipSq;
      const f = sinTheta > 1e-12 ? Math.min(theta, clip) / sinTheta : theta < 1 ? 1 : 0;
      const a = f * (c * uy - s * py);
      const fDot = f * dot;
      const rp = fDot * c - a * s; // coefficient of p in w − a t̂
      const ru = fDot * s + a * c; // coefficient of û in w − a t̂
      // footpoint: along 1, across cos L
      pY0 += c * f * y0;
      pY1 += c * f * y1;
      pY2 += c * f * y2;
      pP += c * rp;
      pU += a - c * ru;
      // shooting vector: along t, across sin L/|v| (t when v = 0)
      const across = len > 0 ? s * inv : t;
      vY0 += across * f * y0;
      vY1 += across * f * y1;
      vY2 += across * f * y2;
      vP += across * rp;
      vU += t * a - across * ru;
    }
    const g0 = pY0 - pP * p0 + pU * u0,
      g1 = pY1 - pP * p1 + pU * u1,
      g2 = pY2 - pP * p2 + pU * u2;
    const h0 = vY0 - vP * p0 + vU * u0,
      h1 = vY1 - vP * p1 + vU * u1,
      h2 = vY2 - vP * p2 + vU * u2;
    out[0] = e / n;
    out[1] = Math.sqrt(g0 * g0 + g1 * g1 + g2 * g2) / n;
    out[2] = Math.sqrt(h0 * h0 + h1 * h1 + h2 * h2) / n;
    if (!(Number.isFinite(out[1]) && Number.isFinite(out[2]))) out.fill(Infinity, 0, 3);
  };
  return {
    implementation: wasm ? 'WebAssembly SIMD (sphere)' : 'JavaScript (sphere)',
    evaluate(p, v, out) {
      if (wasm && maxT * Math.hypot(v[0], v[1], v[2]) <= Math.PI / 2) {
        wasm(p, v, out);
        if (!(Number.isFinite(out[1]) && Number.isFinite(out[2]))) out.fill(Infinity, 0, 3);
      } else javaScript(p, v, out);
    },
  };
}
