import { createSymEig, det2Sym, symEig2, SYMMETRY_TOLERANCE } from '../../geometry/linalg';
import { JOINT_SPD_FRAME_LENGTH, RECORD_LENGTH, wasmJointSpd } from '../kernels/wasm/jointSpdKernelWasm';
import type { JointKernel } from './jointKernel';

/** The WebAssembly loop's exponential holds for |h| = |t·δ| up to this (kernelMath.ts exp2x). */
const WASM_EXPONENT_LIMIT = 700;

/**
 * SPD(2) with the affine-invariant metric in one loop over the data for both gradients: the algebra of
 * geometry/spd/affine.ts and geometry/jacobi.ts, in closed form for 2×2 matrices. Everything is written in the
 * frame that whitens p and diagonalises v: with S = P^-½, V′ = S V S = U diag(μ₀, μ₁) Uᵀ and W = S U, a tangent
 * vector g at p has ‖g‖_P = ‖Uᵀ S g S U‖_F, so both gradients are summed as 2×2 matrices in that frame. For a
 * record (t, Y):
 *   Ỹ = Wᵀ Y W,  M = D^-½ Ỹ D^-½ with D = diag(e^{tμ₀}, e^{tμ₁}),  B = logm M,
 * where B is the residual Log(Exp(p, tv), Y) transported back to p, in that frame (transport back along the
 * geodesic is conjugation by expm(−tV′/2), which is exactly D^-½ there). The Jacobi eigenbasis of the geodesic
 * is the same frame: diagonal entries keep factor 1, the off-diagonal one has K·(t|v|)² = −h², h = t(μ₀ − μ₁)/2,
 * and is scaled by cosh h (footpoint) or sinh h / h (shooting vector).
 *
 * With μ̄ = (μ₀ + μ₁)/2, M = e^{−tμ̄} M̂, M̂ = [[Ỹ₀₀e^{−h}, Ỹ₀₁], [Ỹ₀₁, Ỹ₁₁e^{h}]]; det M̂ = det Y / det P, known
 * to full precision from the data. So logm M = α I + β N with α = ½ log det M̂ − tμ̄, β = atanh(r̂/m̂)
 * (half the log of M̂'s eigenvalue ratio; m̂ ± r̂ its eigenvalues) and N = (M̂ − m̂ I)/r̂, and the residual is
 * d = √(2(α² + β²)). One exp, one sqrt for r̂, one atanh or log and one sqrt per record; no eigenvectors.
 *
 * The loop over the data runs in WebAssembly with SIMD (wasm/assembly/jointSpdKernel.ts, two records per vector,
 * every case of the loop below included) wherever its exponential holds, max |t|·|δ| ≤ 700: far beyond the
 * sampler's states, where |δ| ≤ ‖v‖_P/√2 and |t| ≤ ½ keep |h| ≤ 1.5 in the default ball ‖v‖_P ≤ 4. The loop
 * below takes the rest, every result the WebAssembly loop leaves non-finite (as it does for every record it
 * leaves to this loop: M̂ not positive definite or nearly singular, extreme scales; so this loop decides every
 * failure) and everything with `options.wasm === false`. The checks of p and v and the per-call 2×2
 * algebra run here for both loops, which read the same frame: the nine linear forms of Ỹ, δ, μ̄ and log det P
 * (and, for the WebAssembly loop, 1/√det P and 1/δ).
 */
export function spdJointKernel(
  ts: Float64Array,
  ys: readonly Float64Array[],
  clip: number,
  options: { wasm?: boolean } = {},
): JointKernel {
  const n = ys.length;
  if (ts.length !== n) throw new RangeError(`spdJointKernel: ${ts.length} covariates but ${n} responses`);
  for (const y of ys)
    if (y.length !== 4) throw new RangeError(`spdJointKernel: responses must be 2×2 matrices (4 entries)`);
  // per record: t, Y₀₀, Y₀₁, Y₁₁, log det Y, √det Y (for the WebAssembly loop)
  const data = new Float64Array(RECORD_LENGTH * n);
  // a response that is not SPD makes every evaluation fail, as the generic kernel's log refuses it
  let dataValid = true;
  for (let i = 0; i < n; i++) {
    const y = ys[i];
    const a = y[0],
      b = 0.5 * (y[1] + y[2]),
      c = y[3];
    const scale = Math.max(Math.abs(a), Math.abs(y[1]), Math.abs(y[2]), Math.abs(c));
    const det = det2Sym(a, b, c);
    const ok =
      Number.isFinite(scale) && Math.abs(y[1] - y[2]) <= SYMMETRY_TOLERANCE * scale && a > 0 && det > 0;
    if (!ok) dataValid = false;
    data.set([ts[i], a, b, c, Math.log(det), Math.sqrt(det)], RECORD_LENGTH * i);
  }
  let tMin = 0,
    tMax = 0;
  for (const t of ts) {
    tMin = Math.min(tMin, t);
    tMax = Math.max(tMax, t);
  }
  /** The generic kernel fails where a prediction's sym eigenvalue e^{tμ} is not representable. */
  const representable = (mu: number) => {
    const lo = Math.exp(tMin * mu),
      hi = Math.exp(tMax * mu);
    return lo > 0 && lo < Infinity && hi > 0 && hi < Infinity;
  };
  const maxAbsT = Math.max(-tMin, tMax);
  const halfClipSq = 0.5 * clip * clip;
  const wasm = options.wasm === false ? null : wasmJointSpd(data, clip);
  // the per-call values a₀, b₀, c₀, a₁, b₁, c₁, a×, b×, c×, δ, μ̄, log det P, 1/√det P, 1/δ (in the WebAssembly
  // kernel's own memory where it runs, so that they are written once for either loop)
  const frame = wasm ? wasm.frame : new Float64Array(JOINT_SPD_FRAME_LENGTH);
  const eigP = createSymEig(2);
  const eigV = createSymEig(2);
  const sym = new Float64Array(4);

  const fail = (out: Float64Array) => {
    out.fill(Infinity, 0, 3);
  };

  // the loop over the data in JavaScript, for the frame of the call; its stride in a local (V8 re-reads an
  // imported binding on every use: the loop ran at half speed with RECORD_LENGTH in it)
  const stride = RECORD_LENGTH,
    end = stride * n;
  const javaScript = (out: Float64Array) => {
    const a0 = frame[0],
      b0 = frame[1],
      c0 = frame[2],
      a1 = frame[3],
      b1 = frame[4],
      c1 = frame[5],
      aX = frame[6],
      bX = frame[7],
      cX = frame[8],
      delta = frame[9],
      muBar = frame[10],
      logDetP = frame[11];
    let e = 0,
      gp00 = 0,
      gp11 = 0,
      gp01 = 0,
      gv00 = 0,
      gv11 = 0,
      gv01 = 0;
    for (let j = 0; j < end; j += stride) {
      const t = data[j],
        ya = data[j + 1],
        yb = data[j + 2],
        yc = data[j + 3];
      const halfLogDet = 0.5 * (data[j + 4] - logDetP); // ½ log det M̂
      const h = t * delta;
      const eh = Math.exp(h),
        ehInv = 1 / eh;
      const m00 = (a0 * ya + b0 * yb + c0 * yc) * ehInv,
        m11 = (a1 * ya + b1 * yb + c1 * yc) * eh,
        m01 = aX * ya + bX * yb + cX * yc;
      const mid = 0.5 * (m00 + m11),
        half = 0.5 * (m00 - m11);
      const r = Math.sqrt(half * half + m01 * m01);
      // M̂ not positive definite in floating point: where the generic kernel's whitening fails
      if (!(r < mid)) return fail(out);
      const x = r / mid;
      // β/r̂ (the log's divided difference): a series where r̂ → 0 leaves N undefined; atanh while it is
      // well conditioned; beyond, log λ̂₁ − ½ log det M̂, which uses the exact determinant for λ̂₀
      let beta: number, kappa: number;
      if (x < 1e-3) {
        const x2 = x * x;
        kappa = (1 + x2 * (1 / 3 + x2 / 5)) / mid;
        beta = kappa * r;
      } else {
        beta = x < 0.5 ? Math.atanh(x) : Math.log(mid + r) - halfLogDet;
        kappa = beta / r;
      }
      const alpha = halfLogDet - t * muBar;
      const d = Math.sqrt(2 * (alpha * alpha + beta * beta));
      e += d <= clip ? 0.5 * d * d : clip * d - halfClipSq;
      const f = d > clip ? clip / d : 1;
      const diag0 = f * (alpha + kappa * half),
        diag1 = f * (alpha - kappa * half),
        off = f * kappa * m01;
      const cosh = 0.5 * (eh + ehInv);
      // sinh h / h with the Taylor branch of jacobi.ts's shootingFactor (|K L²| < 1e-6)
      const sinhc = h * h < 1e-6 ? 1 + (h * h) / 6 + (h * h * h * h) / 120 : (0.5 * (eh - ehInv)) / h;
      gp00 += diag0;
      gp11 += diag1;
      gp01 += cosh * off;
      gv00 += t * diag0;
      gv11 += t * diag1;
      gv01 += t * sinhc * off;
    }
    out[0] = e / n;
    out[1] = Math.sqrt(gp00 * gp00 + gp11 * gp11 + 2 * gp01 * gp01) / n;
    out[2] = Math.sqrt(gv00 * gv00 + gv11 * gv11 + 2 * gv01 * gv01) / n;
  };

  return {
    implementation: wasm ? 'WebAssembly SIMD (SPD(2))' : 'JavaScript (SPD(2))',
    evaluate(p, v, out) {
      const p0 = p[0],
        p1 = p[1],
        p2 = p[2],
        p3 = p[3];
      const pScale = Math.max(Math.abs(p0), Math.abs(p1), Math.abs(p2), Math.abs(p3));
      if (
        !dataValid ||
        !Number.isFinite(pScale) ||
        Math.abs(p1 - p2) > SYMMETRY_TOLERANCE * pScale ||
        !(Number.isFinite(v[0]) && Number.isFinite(v[1]) && Number.isFinite(v[2]) && Number.isFinite(v[3]))
      )
        return fail(out);
      // P = Up diag(λ) Upᵀ, S = Up diag(λ^-½) Upᵀ
      sym[0] = p0;
      sym[1] = p1;
      sym[2] = p2;
      sym[3] = p3;
      symEig2(sym, eigP);
      const lam0 = eigP.values[0],
        lam1 = eigP.values[1];
      if (!(lam0 > 0 && lam1 < Infinity)) return fail(out);
      const logDetP = Math.log(lam0) + Math.log(lam1);
      const i0 = 1 / Math.sqrt(lam0),
        i1 = 1 / Math.sqrt(lam1);
      const e00 = eigP.vectors[0],
        e01 = eigP.vectors[1],
        e10 = eigP.vectors[2],
        e11 = eigP.vectors[3];
      const s00 = e00 * e00 * i0 + e01 * e01 * i1,
        s01 = e00 * e10 * i0 + e01 * e11 * i1,
        s11 = e10 * e10 * i0 + e11 * e11 * i1;
      // V′ = S sym(V) S
      const va = v[0],
        vb = 0.5 * (v[1] + v[2]),
        vc = v[3];
      const t00 = s00 * va + s01 * vb,
        t01 = s00 * vb + s01 * vc,
        t10 = s01 * va + s11 * vb,
        t11 = s01 * vb + s11 * vc;
      sym[0] = t00 * s00 + t01 * s01;
      sym[1] = sym[2] = 0.5 * (t00 * s01 + t01 * s11 + t10 * s00 + t11 * s01);
      sym[3] = t10 * s01 + t11 * s11;
      symEig2(sym, eigV);
      const mu0 = eigV.values[0],
        mu1 = eigV.values[1];
      if (!(representable(mu0) && representable(mu1))) return fail(out);
      const delta = 0.5 * (mu0 - mu1);
      // W = S U (columns w₀, w₁); Ỹ = Wᵀ Y W is linear in (Y₀₀, Y₀₁, Y₁₁): the frame
      const u00 = eigV.vectors[0],
        u01 = eigV.vectors[1],
        u10 = eigV.vectors[2],
        u11 = eigV.vectors[3];
      const w0x = s00 * u00 + s01 * u10,
        w0y = s01 * u00 + s11 * u10,
        w1x = s00 * u01 + s01 * u11,
        w1y = s01 * u01 + s11 * u11;
      frame[0] = w0x * w0x;
      frame[1] = 2 * w0x * w0y;
      frame[2] = w0y * w0y;
      frame[3] = w1x * w1x;
      frame[4] = 2 * w1x * w1y;
      frame[5] = w1y * w1y;
      frame[6] = w0x * w1x;
      frame[7] = w0x * w1y + w0y * w1x;
      frame[8] = w0y * w1y;
      frame[9] = delta;
      frame[10] = 0.5 * (mu0 + mu1);
      frame[11] = logDetP;
      frame[12] = i0 * i1; // 1/√det P
      frame[13] = 1 / delta;
      if (wasm && maxAbsT * Math.abs(delta) <= WASM_EXPONENT_LIMIT) {
        wasm.run(out);
        if (Number.isFinite(out[0]) && Number.isFinite(out[1]) && Number.isFinite(out[2])) return;
      }
      javaScript(out);
      if (!(Number.isFinite(out[0]) && Number.isFinite(out[1]) && Number.isFinite(out[2]))) fail(out);
    },
  };
}
