import { wasmJointKendall } from '../kernels/wasm/jointKendallKernelWasm';
import type { JointKernel } from './jointKernel';

/** The tolerances of geometry/kendall/, so that the same inputs fail here as in the generic kernel. */
const PRESHAPE_TOL = 1e-6;
const CUT_LOCUS_TOL = 1e-12;
/** sin²θ below which the residual's norm is summed term by term (θ < 0.01: rare at real noise levels). */
const SMALL_SIN_SQ = 1e-4;

/**
 * Kendall's planar shape space with k landmarks in one loop over the data for both gradients: the algebra of
 * geometry/kendall/ (exp, log with the aligning rotation, the Jacobi adjoints) and of kernels/kendall.ts,
 * extended to clipped residuals. Points are preshapes read as z ∈ Cᵏ with ⟨z,w⟩ = Σ zⱼ conj(wⱼ); v must be
 * horizontal at p (⟨v,p⟩ = 0, as the sampler's states are): the closed forms below assume it.
 *
 * With ℓ = |v|, û = v/ℓ and, for a record (t, y), x = tℓ, c = cos x, s = sin x: the prediction is
 * q = c p + s û and the unit velocity τ = −s p + c û (for t < 0 the geodesic runs along −û; the signed angle x
 * absorbs that). Everything about the residual follows from two complex numbers, P = ⟨p,y⟩ and U = ⟨û,y⟩:
 *   A = ⟨q,y⟩ = cP + sU,  m = |A|,  φ = A/m aligns y (y* = φy),  sin²θ = |y|² − m²,  θ = atan2(sin θ, m);
 * the residual is Log(q, y) = (r/sin θ)(y* − m q) with r = θ|y| (θ for a unit preshape), the clipped one
 * w = f (y* − m q) with f = min(r, clip)/sin θ, and its components along τ and iτ are
 * α + iβ = ⟨w,τ⟩ = f φ conj(cU − sP). The adjoints carry w back along the geodesic and scale it by the Jacobi
 * factors, 1 along û, f₄ along iû (curvature 4), f₁ on the rest (curvature 1): f₁ = cos x, f₄ = cos 2x for
 * d_p; t·sin x/x = s/ℓ and t·sin 2x/(2x) = s c/ℓ for t·d_v (t at v = 0). Written out in y, p, ip, û, iû:
 *   d_p† w = c f φ y + (α s c − f m c²) p + β s c ip + (α s² − f m s c) û − β s² iû,
 *   t d_v† w = (s/ℓ)[f φ y + (α s − f m c) p + β s ip − (f m s + α c) û] + t α û
 * (nothing along iû in t d_v†: s c/ℓ − (s/ℓ) c = 0). So a record adds complex multiples of y to two vectors
 * and real numbers to seven coefficients: one pass over y for P and U, one for the multiples of y, and a cos,
 * a sin, an atan2 and two square roots.
 *
 * sin²θ = |y|² − m² loses digits as θ → 0 (relative error ~1e-16/θ²): below θ = 0.01 the record takes a
 * third pass over y for |y* − m q|², summed as the generic log sums it; both kernels' residuals then carry
 * the same ~1e-16 absolute error (~1e-16/θ relative).
 *
 * At the cut locus (m < 1e-12: y orthogonal to every rotation of the prediction) the record pulls with the
 * zero vector and adds ρ_c(θ) to the energy, as the generic kernel does. A p that is not a preshape (to the
 * tolerance of geometry/kendall/preshape.ts), a response that is not one, a non-finite covariate, non-finite
 * entries of v and a |v|² beyond floating point give +Infinity.
 *
 * The same loop runs in WebAssembly with SIMD (wasm/assembly/jointKendallKernel.ts, two records per vector,
 * every case above included) wherever its cos and sin polynomials hold, |tᵢ|·|v| ≤ π/2 — always within the
 * sampler's ball |v| ≤ π/2 with centred covariates; this loop takes the rest, and everything with
 * `options.wasm === false`. The checks of p and v run here for both.
 */
export function kendallJointKernel(
  k: number,
  ts: Float64Array,
  ys: readonly Float64Array[],
  clip: number,
  options: { wasm?: boolean } = {},
): JointKernel {
  if (!Number.isInteger(k) || k < 3)
    throw new RangeError(`kendallJointKernel: k must be an integer ≥ 3 (landmarks), got ${k}`);
  const n = ys.length;
  const k2 = 2 * k;
  if (ts.length !== n) throw new RangeError(`kendallJointKernel: ${ts.length} covariates but ${n} responses`);
  for (const y of ys)
    if (y.length !== k2)
      throw new RangeError(`kendallJointKernel: responses must be ${k}-landmark preshapes (${k2} entries)`);
  const T = Float64Array.from(ts);
  // responses back to back, and |y| and |y|² per record
  const Y = new Float64Array(n * k2);
  const yNorm = new Float64Array(n);
  const yNormSq = new Float64Array(n);
  // a response that is not a preshape makes every evaluation fail, as the generic kernel's log refuses it
  let dataValid = true;
  for (let i = 0; i < n; i++) {
    const y = ys[i];
    Y.set(y, i * k2);
    let ss = 0,
      sx = 0,
      sy = 0;
    for (let j = 0; j < k2; j += 2) {
      ss += y[j] * y[j] + y[j + 1] * y[j + 1];
      sx += y[j];
      sy += y[j + 1];
    }
    if (!isPreshape(ss, sx, sy) || !Number.isFinite(T[i])) dataValid = false;
    yNormSq[i] = ss;
    yNorm[i] = Math.sqrt(ss);
  }
  let maxT = 0;
  for (const t of T) maxT = Math.max(maxT, Math.abs(t));
  const wasm = options.wasm === false ? null : wasmJointKendall(k2, T, ys, clip);
  const halfClipSq = 0.5 * clip * clip;
  // per landmark: p and û interleaved (px, py, ux, uy), and the two multiples of the yᵢ (∇_p, ∇_v parts)
  const pu = new Float64Array(2 * k2);
  const g = new Float64Array(2 * k2);

  const fail = (out: Float64Array) => {
    out.fill(Infinity, 0, 3);
  };

  // the loop in JavaScript, for p and v already checked and len = |v|
  const javaScript = (p: Float64Array, v: Float64Array, len: number, out: Float64Array) => {
    const inv = len > 0 ? 1 / len : 0;
    for (let j = 0, l = 0; j < k2; j += 2, l += 4) {
      pu[l] = p[j];
      pu[l + 1] = p[j + 1];
      pu[l + 2] = v[j] * inv;
      pu[l + 3] = v[j + 1] * inv;
    }
    g.fill(0);
    // coefficients of p, ip, û, iû in Σ d_p† wᵢ (cP…) and in Σ tᵢ d_v† wᵢ (vP…; none along iû)
    let e = 0,
      cP = 0,
      cIP = 0,
      cU = 0,
      cIU = 0,
      vP = 0,
      vIP = 0,
      vU = 0;
    for (let i = 0, off = 0; i < n; i++, off += k2) {
      // P = ⟨p, y⟩, U = ⟨û, y⟩
      let pr = 0,
        pi = 0,
        ur = 0,
        ui = 0;
      for (let j = off, l = 0; l < 2 * k2; j += 2, l += 4) {
        const yx = Y[j],
          yy = Y[j + 1];
        const px = pu[l],
          py = pu[l + 1],
          ux = pu[l + 2],
          uy = pu[l + 3];
        pr += px * yx + py * yy;
        pi += py * yx - px * yy;
        ur += ux * yx + uy * yy;
        ui += uy * yx - ux * yy;
      }
      const t = T[i];
      const x = t * len;
      const c = Math.cos(x),
        s = Math.sin(x);
      const ar = c * pr + s * ur,
        ai = c * pi + s * ui;
      const m2 = ar * ar + ai * ai;
      const m = Math.sqrt(m2);
      let sinSq = yNormSq[i] - m2;
      if (m < CUT_LOCUS_TOL) {
        // no residual vector: the distance counts, the pull is zero
        const theta = Math.atan2(Math.sqrt(sinSq), m);
        e += theta <= clip ? 0.5 * theta * theta : clip * theta - halfClipSq;
        continue;
      }
      const phr = ar / m,
        phi = ai / m; // φ
      if (sinSq < SMALL_SIN_SQ) {
        // |y* − m q|² term by term, as the generic log does: |y|² − m² has lost the digits here
        sinSq = 0;
        for (let j = off, l = 0; l < 2 * k2; j += 2, l += 4) {
          const yx = Y[j],
            yy = Y[j + 1];
          const dx = phr * yx - phi * yy - m * (c * pu[l] + s * pu[l + 2]),
            dy = phr * yy + phi * yx - m * (c * pu[l + 1] + s * pu[l + 3]);
          sinSq += dx * dx + dy * dy;
        }
      }
      const sinTheta = Math.sqrt(Math.max(0, sinSq));
      const r = Math.atan2(sinTheta, m) * yNorm[i];
      e += r <= clip ? 0.5 * r * r : clip * r - halfClipSq;
      const f = sinTheta > 0 ? Math.min(r, clip) / sinTheta : 1;
      const fr = f * phr,
        fi = f * phi; // f φ
      const br = c * ur - s * pr,
        bi = s * pi - c * ui; // conj(cU − sP)
      const alpha = fr * br - fi * bi,
        beta = fr * bi + fi * br;
      const fm = f * m;
      cP += alpha * s * c - fm * c * c;
      cIP += beta * s * c;
      cU += alpha * s * s - fm * s * c;
      cIU -= beta * s * s;
      // t·sin x/x, and t at v = 0
      const w1 = len > 0 ? s * inv : t;
      vP += w1 * (alpha * s - fm * c);
      vIP += w1 * beta * s;
      vU += t * alpha - w1 * (fm * s + alpha * c);
      const wpr = c * fr,
        wpi = c * fi,
        wvr = w1 * fr,
        wvi = w1 * fi;
      for (let j = off, l = 0; l < 2 * k2; j += 2, l += 4) {
        const yx = Y[j],
          yy = Y[j + 1];
        g[l] += wpr * yx - wpi * yy;
        g[l + 1] += wpr * yy + wpi * yx;
        g[l + 2] += wvr * yx - wvi * yy;
        g[l + 3] += wvr * yy + wvi * yx;
      }
    }
    // the multiples of the yᵢ plus the coefficients times p, ip, û, iû, with i(x + iy) = −y + ix
    let gp2 = 0,
      gv2 = 0;
    for (let l = 0; l < 2 * k2; l += 4) {
      const px = pu[l],
        py = pu[l + 1],
        ux = pu[l + 2],
        uy = pu[l + 3];
      const gpx = g[l] + cP * px - cIP * py + cU * ux - cIU * uy,
        gpy = g[l + 1] + cP * py + cIP * px + cU * uy + cIU * ux;
      const gvx = g[l + 2] + vP * px - vIP * py + vU * ux,
        gvy = g[l + 3] + vP * py + vIP * px + vU * uy;
      gp2 += gpx * gpx + gpy * gpy;
      gv2 += gvx * gvx + gvy * gvy;
    }
    out[0] = e / n;
    out[1] = Math.sqrt(gp2) / n;
    out[2] = Math.sqrt(gv2) / n;
  };

  return {
    implementation: wasm ? 'WebAssembly SIMD (Kendall)' : 'JavaScript (Kendall)',
    evaluate(p, v, out) {
      if (!dataValid || p.length !== k2 || v.length !== k2) return fail(out);
      let pp = 0,
        sx = 0,
        sy = 0,
        vv = 0;
      for (let j = 0; j < k2; j += 2) {
        pp += p[j] * p[j] + p[j + 1] * p[j + 1];
        sx += p[j];
        sy += p[j + 1];
        vv += v[j] * v[j] + v[j + 1] * v[j + 1];
      }
      if (!isPreshape(pp, sx, sy) || !Number.isFinite(vv)) return fail(out);
      const len = Math.sqrt(vv);
      if (wasm && maxT * len <= Math.PI / 2) wasm(p, v, len, out);
      else javaScript(p, v, len, out);
      if (!(Number.isFinite(out[0]) && Number.isFinite(out[1]) && Number.isFinite(out[2]))) fail(out);
    },
  };
}

/** Squared norm 1 and coordinate sums 0 to geometry/kendall/preshape.ts's tolerance (false for NaN). */
function isPreshape(ss: number, sx: number, sy: number): boolean {
  return Math.abs(ss - 1) <= PRESHAPE_TOL && Math.abs(sx) <= PRESHAPE_TOL && Math.abs(sy) <= PRESHAPE_TOL;
}
