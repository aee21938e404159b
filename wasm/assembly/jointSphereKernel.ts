/**
 * The clipped joint kernel of src/privacy/kngJoint/jointKernel.ts (sphereJointKernel: read its comments first)
 * in AssemblyScript, two data points per f64x2 vector: E_c, ‖∇_p E_c‖ and ‖∇_v E_c‖ in one loop. The angles
 * L = t|v| must satisfy |L| ≤ π/2 (centred covariates |t| ≤ ½ and |v| ≤ π; the caller checks), where cos and
 * sin are the kernels' polynomials; θ/sin θ as in sphereKernel.ts.
 *
 * Memory from `base` (16-byte aligned), N = n rounded up to even: arrays of N f64 at base + index·8N — t, y (three
 * arrays), weight (1, or 0 for the padding point, which repeats the last one).
 */

import { COS, SIN, add, at, atanOverArg, estrin8, laneSum, mul, sub } from './kernelMath';

const T = 0,
  Y = 1,
  WEIGHT = 4,
  ARRAYS = 5;

export function dataStart(): usize {
  return (__heap_base + 15) & ~15;
}

export function arrayCount(): i32 {
  return ARRAYS;
}

const ZERO = memory.data<f64>([0]),
  QUARTER = memory.data<f64>([0.25]),
  HALF = memory.data<f64>([0.5]),
  ONE = memory.data<f64>([1]),
  TWO = memory.data<f64>([2]),
  PI = memory.data<f64>([Math.PI]),
  CUT_LOCUS_SIN_SQ = memory.data<f64>([1e-24]);

/** Per call: p, û, |v|, 1/|v|, the clip and ½clip²; then the three results. */
const P = memory.data(24, 16),
  U = memory.data(24, 16),
  LENGTH = memory.data(8, 8),
  INV_LENGTH = memory.data(8, 8),
  CLIP = memory.data(8, 8),
  HALF_CLIP_SQ = memory.data(8, 8),
  OUT = memory.data(24, 8);

/** Where `evaluate` writes E_c, ‖∇_p E_c‖, ‖∇_v E_c‖. */
export function outputs(): usize {
  return OUT;
}

export function evaluate(base: usize, N: i32, n: f64, clip: f64, p0: f64, p1: f64, p2: f64, v0: f64, v1: f64, v2: f64): void {
  const len = Math.sqrt(v0 * v0 + v1 * v1 + v2 * v2);
  const inv = len > 0 ? 1 / len : 0;
  store<f64>(P, p0);
  store<f64>(P, p1, 8);
  store<f64>(P, p2, 16);
  store<f64>(U, v0 * inv);
  store<f64>(U, v1 * inv, 8);
  store<f64>(U, v2 * inv, 16);
  store<f64>(LENGTH, len);
  store<f64>(INV_LENGTH, inv);
  store<f64>(CLIP, clip);
  store<f64>(HALF_CLIP_SQ, 0.5 * clip * clip);
  const stride = <usize>N << 3;
  const tt = base + T * stride,
    y = base + Y * stride,
    w = base + WEIGHT * stride;
  let e = at(ZERO),
    pY0 = at(ZERO),
    pY1 = at(ZERO),
    pY2 = at(ZERO),
    pP = at(ZERO),
    pU = at(ZERO),
    vY0 = at(ZERO),
    vY1 = at(ZERO),
    vY2 = at(ZERO),
    vP = at(ZERO),
    vU = at(ZERO);
  for (let j: usize = 0; j < stride; j += 16) {
    const t = v128.load(tt + j),
      wj = v128.load(w + j);
    const y0 = v128.load(y + j),
      y1 = v128.load(y + stride + j),
      y2 = v128.load(y + 2 * stride + j);
    const r = mul(t, at(LENGTH));
    const z = mul(r, r),
      z2 = mul(z, z),
      z4 = mul(z2, z2);
    const c = add(estrin8(COS, z, z2, z4), mul(mul(z4, z4), at(COS, 8)));
    const s = mul(r, estrin8(SIN, z, z2, z4));
    const py = add(add(mul(at(P, 0), y0), mul(at(P, 1), y1)), mul(at(P, 2), y2));
    const uy = add(add(mul(at(U, 0), y0), mul(at(U, 1), y1)), mul(at(U, 2), y2));
    const dot = add(mul(c, py), mul(s, uy));
    // θ/sin θ (sphereKernel.ts): g = θ'/sin θ with θ' = θ or π − θ; f0 = g, or π/sin θ − g when cos θ < 0
    const sinSq = f64x2.max(mul(sub(at(ONE), dot), add(at(ONE), dot)), at(ZERO));
    const sinTheta = f64x2.sqrt(sinSq);
    const h = f64x2.sqrt(mul(at(HALF), add(at(ONE), f64x2.abs(dot))));
    const invH = f64x2.div(at(ONE), mul(h, add(at(ONE), h)));
    const g = mul(mul(at(TWO), atanOverArg(mul(mul(at(QUARTER), sinSq), mul(invH, invH)))), invH);
    const obtuse = f64x2.lt(dot, at(ZERO));
    const gSin = mul(g, sinTheta);
    const theta = v128.bitselect(sub(at(PI), gSin), gSin, obtuse);
    const f0 = v128.bitselect(f64x2.div(sub(at(PI), gSin), sinTheta), g, obtuse);
    // at the cut locus the residual's direction is undefined: the record pulls with 0 (and θ = π)
    const cut = v128.and(obtuse, f64x2.lt(sinSq, at(CUT_LOCUS_SIN_SQ)));
    const inside = f64x2.le(theta, at(CLIP));
    const clipped = v128.bitselect(f0, f64x2.div(at(CLIP), sinTheta), inside);
    const f = mul(v128.bitselect(at(ZERO), clipped, cut), wj);
    const rho = v128.bitselect(
      mul(at(HALF), mul(theta, theta)),
      sub(mul(at(CLIP), theta), at(HALF_CLIP_SQ)),
      inside,
    );
    e = add(e, mul(rho, wj));
    const a = mul(f, sub(mul(c, uy), mul(s, py)));
    const fDot = mul(f, dot);
    const rp = sub(mul(fDot, c), mul(a, s));
    const ru = add(mul(fDot, s), mul(a, c));
    const cf = mul(c, f);
    pY0 = add(pY0, mul(cf, y0));
    pY1 = add(pY1, mul(cf, y1));
    pY2 = add(pY2, mul(cf, y2));
    pP = add(pP, mul(c, rp));
    pU = add(pU, sub(a, mul(c, ru)));
    // across = sin L/|v|, or t when v = 0
    const across = len > 0 ? mul(s, at(INV_LENGTH)) : t;
    const af = mul(across, f);
    vY0 = add(vY0, mul(af, y0));
    vY1 = add(vY1, mul(af, y1));
    vY2 = add(vY2, mul(af, y2));
    vP = add(vP, mul(across, rp));
    vU = add(vU, sub(mul(t, a), mul(across, ru)));
  }
  const u0 = v0 * inv,
    u1 = v1 * inv,
    u2 = v2 * inv;
  const gp = laneSum(pP),
    gu = laneSum(pU);
  const g0 = laneSum(pY0) - gp * p0 + gu * u0,
    g1 = laneSum(pY1) - gp * p1 + gu * u1,
    g2 = laneSum(pY2) - gp * p2 + gu * u2;
  const hp = laneSum(vP),
    hu = laneSum(vU);
  const h0 = laneSum(vY0) - hp * p0 + hu * u0,
    h1 = laneSum(vY1) - hp * p1 + hu * u1,
    h2 = laneSum(vY2) - hp * p2 + hu * u2;
  store<f64>(OUT, laneSum(e) / n);
  store<f64>(OUT, Math.sqrt(g0 * g0 + g1 * g1 + g2 * g2) / n, 8);
  store<f64>(OUT, Math.sqrt(h0 * h0 + h1 * h1 + h2 * h2) / n, 16);
}
