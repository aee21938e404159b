/**
 * The S² KNG gradient-norm kernel of src/privacy/kernels/sphere.ts in AssemblyScript, two data points per
 * f64x2 vector: the same formulas and polynomials as the JavaScript kernel (read its comments first), 2–3×
 * faster. `npm run build:wasm` compiles it into src/privacy/kernels/wasm/kernels.generated.ts.
 *
 * Memory from `base` (16-byte aligned), N = n rounded up to even: arrays of N f64 at base + index·8N, the
 * indices below. A padding point repeats the last one with weight 0, so it is finite wherever that one is.
 * Shooting angles xᵢ|v| must lie in [0, π] (the caller checks; the JavaScript kernel handles the rest).
 *
 * Written for V8's code generator, as measured on the sweep's data (≈ 2× over a direct port):
 *  - constants and loop invariants are read from memory with one load-and-splat each (kernelMath.ts); a
 *    v128.const in a loop costs three instructions every iteration there, and register pressure made it spill
 *    the sums;
 *  - the work per point is split into short loops over the points (angle table, residual angle, residual
 *    factor, sums) with the intermediates stored in memory: each point's computation is one long chain of
 *    dependent operations (polynomial, square root, division, polynomial), and short loops let the CPU
 *    overlap many points' chains where one long loop body stalled on them.
 */

import { COS, SIN, add, at, atanOverArg, estrin8, laneSum, mul, sub } from './kernelMath';
import { beginSteps, currentStep, endSteps, metropolis } from './chain';
import { jsCos, jsPow, jsSin, normal, uniform } from './rng';
export { rngWord, setRngState, zigguratTables } from './rng';

/** The JavaScript kernel's shooting loop, for the rare v whose angles xᵢ|v| leave [0, π] (runSteps). */
@external('env', 'shootingOutsideRange')
declare function shootingOutsideRange(p0: f64, p1: f64, p2: f64, v0: f64, v1: f64, v2: f64): f64;

// Array indices of the layout.
const X = 0, // covariates
  Y = 1, // responses, three arrays
  WEIGHT = 4, // 1, or 0 for the padding point
  FOOTPOINT = 5, // cos(x|v̂|), sin(x|v̂|), along = weight, across = weight·cos — filled once by the caller
  SHOOTING = 9, // the same four for the current v, filled by shootingGradNorm
  RESIDUAL = 13, // per call: cos θ, then θ/sin θ, and ⟨w, t⟩ (JavaScript kernel's notation)
  ARRAYS = 16;

/** First 16-byte-aligned address after the static data: where the caller puts the arrays. */
export function dataStart(): usize {
  return (__heap_base + 15) & ~15;
}

/** Number of f64 arrays of the layout (the caller reserves ARRAYS·8N bytes). */
export function arrayCount(): i32 {
  return ARRAYS;
}

const ZERO = memory.data<f64>([0]),
  QUARTER = memory.data<f64>([0.25]),
  HALF = memory.data<f64>([0.5]),
  ONE = memory.data<f64>([1]),
  TWO = memory.data<f64>([2]),
  MINUS_ONE = memory.data<f64>([-1]),
  HALF_PI = memory.data<f64>([Math.PI / 2]),
  PI = memory.data<f64>([Math.PI]),
  CUT_LOCUS_SIN_SQ = memory.data<f64>([1e-24]); // sin²θ below this with cos θ < 0: antipodal, as in kernelMath.ts

/** Loop invariants of one call: p, û, |v|, 1/|v|. */
const P = memory.data(24, 16),
  U = memory.data(24, 16),
  LENGTH = memory.data(8, 8),
  INV_LENGTH = memory.data(8, 8);

/**
 * ‖Σᵢ adjointᵢ Log(qᵢ, yᵢ)‖ / n from a table of cᵢ = cos Lᵢ, sᵢ = sin Lᵢ and the JavaScript kernel's weights
 * `along` and `across`; +Infinity if a point is antipodal to its prediction.
 */
function gradNormFromTable(base: usize, N: i32, n: f64, table: usize, p0: f64, p1: f64, p2: f64, u0: f64, u1: f64, u2: f64): f64 {
  store<f64>(P, p0);
  store<f64>(P, p1, 8);
  store<f64>(P, p2, 16);
  store<f64>(U, u0);
  store<f64>(U, u1, 8);
  store<f64>(U, u2, 16);
  const stride = <usize>N << 3;
  const y = base + Y * stride,
    t = base + table * stride,
    r = base + RESIDUAL * stride;

  // cos θ = ⟨q, y⟩ = c⟨p,y⟩ + s⟨û,y⟩; 1/(h(1 + h)) with h = cos(θ'/2), θ' = θ or π − θ (kernelMath.ts
  // thetaOverSin without its small-residual series: a branch per pair would mispredict, and this form is
  // accurate for every θ); and ⟨w, t⟩/(θ/sin θ) = c⟨û,y⟩ − s⟨p,y⟩.
  for (let j: usize = 0; j < stride; j += 16) {
    const c = v128.load(t + j),
      s = v128.load(t + stride + j);
    const y0 = v128.load(y + j),
      y1 = v128.load(y + stride + j),
      y2 = v128.load(y + 2 * stride + j);
    const py = add(add(mul(at(P, 0), y0), mul(at(P, 1), y1)), mul(at(P, 2), y2));
    const uy = add(add(mul(at(U, 0), y0), mul(at(U, 1), y1)), mul(at(U, 2), y2));
    const dot = add(mul(c, py), mul(s, uy));
    const h = f64x2.sqrt(mul(at(HALF), add(at(ONE), f64x2.abs(dot))));
    v128.store(r + j, dot);
    v128.store(r + stride + j, f64x2.div(at(ONE), mul(h, add(at(ONE), h))));
    v128.store(r + 2 * stride + j, sub(mul(c, uy), mul(s, py)));
  }

  // f = θ/sin θ: g = θ'/sin θ = 2 P(b²)/(h(1 + h)), b = tan(θ'/4); f = g, or π/sin θ − g when cos θ < 0
  // (rare: that branch is taken for whole pairs). Then a = f⟨w, t⟩/… as in the JavaScript kernel.
  let fMin = at(ONE);
  for (let j: usize = 0; j < stride; j += 16) {
    const dot = v128.load(r + j),
      inv = v128.load(r + stride + j);
    const sinSq = mul(sub(at(ONE), dot), add(at(ONE), dot));
    const g = mul(mul(at(TWO), atanOverArg(mul(mul(at(QUARTER), sinSq), mul(inv, inv)))), inv);
    const obtuse = f64x2.lt(dot, at(ZERO));
    let f = g;
    if (v128.any_true(obtuse)) {
      const far = sub(f64x2.div(at(PI), f64x2.sqrt(sinSq)), g);
      const cut = v128.and(obtuse, f64x2.lt(sinSq, at(CUT_LOCUS_SIN_SQ)));
      f = v128.bitselect(at(MINUS_ONE), v128.bitselect(far, g, obtuse), cut);
    }
    fMin = f64x2.pmin(fMin, f);
    v128.store(r + stride + j, f);
    v128.store(r + 2 * stride + j, mul(f, v128.load(r + 2 * stride + j)));
  }
  if (f64x2.extract_lane(fMin, 0) < 0 || f64x2.extract_lane(fMin, 1) < 0) return Infinity;

  // g = Σ kᵢ yᵢ − gp p + gu û, as in the JavaScript kernel.
  let gy0 = at(ZERO),
    gy1 = at(ZERO),
    gy2 = at(ZERO),
    gp = at(ZERO),
    gu = at(ZERO);
  for (let j: usize = 0; j < stride; j += 16) {
    const c = v128.load(t + j),
      s = v128.load(t + stride + j),
      along = v128.load(t + 2 * stride + j),
      across = v128.load(t + 3 * stride + j);
    const dot = v128.load(r + j),
      f = v128.load(r + stride + j),
      a = v128.load(r + 2 * stride + j);
    const k = mul(across, f);
    const kDot = mul(k, dot);
    const acrossA = mul(across, a);
    gy0 = add(gy0, mul(k, v128.load(y + j)));
    gy1 = add(gy1, mul(k, v128.load(y + stride + j)));
    gy2 = add(gy2, mul(k, v128.load(y + 2 * stride + j)));
    gp = add(gp, sub(mul(kDot, c), mul(acrossA, s)));
    gu = add(gu, sub(sub(mul(along, a), mul(kDot, s)), mul(acrossA, c)));
  }
  const Gp = laneSum(gp),
    Gu = laneSum(gu);
  const g0 = laneSum(gy0) - Gp * p0 + Gu * u0,
    g1 = laneSum(gy1) - Gp * p1 + Gu * u1,
    g2 = laneSum(gy2) - Gp * p2 + Gu * u2;
  return Math.sqrt(g0 * g0 + g1 * g1 + g2 * g2) / n;
}

/** ‖∇_p E(p, v)‖ with v = v̂ carried to p (|v| = |v̂|, so the caller's footpoint table applies). */
export function footpointGradNorm(base: usize, N: i32, n: f64, p0: f64, p1: f64, p2: f64, v0: f64, v1: f64, v2: f64): f64 {
  const L = Math.sqrt(v0 * v0 + v1 * v1 + v2 * v2);
  const inv = L > 0 ? 1 / L : 0;
  return gradNormFromTable(base, N, n, FOOTPOINT, p0, p1, p2, v0 * inv, v1 * inv, v2 * inv);
}

/** ‖∇_v E(p, v)‖: the table for this |v| (cos, sin, along = xᵢ, across = sin(xᵢ|v|)/|v|), then the sum. */
export function shootingGradNorm(base: usize, N: i32, n: f64, p0: f64, p1: f64, p2: f64, v0: f64, v1: f64, v2: f64): f64 {
  const L = Math.sqrt(v0 * v0 + v1 * v1 + v2 * v2);
  const inv = L > 0 ? 1 / L : 0;
  store<f64>(LENGTH, L);
  store<f64>(INV_LENGTH, inv);
  const stride = <usize>N << 3;
  const x = base + X * stride,
    w = base + WEIGHT * stride,
    t = base + SHOOTING * stride;
  for (let j: usize = 0; j < stride; j += 16) {
    const xj = v128.load(x + j),
      wj = v128.load(w + j);
    // cos L = −sin(L − π/2), sin L = cos(L − π/2) with the polynomials on [−π/2, π/2] (kernelMath.ts)
    const r = sub(mul(xj, at(LENGTH)), at(HALF_PI));
    const z = mul(r, r),
      z2 = mul(z, z),
      z4 = mul(z2, z2);
    const s = add(estrin8(COS, z, z2, z4), mul(mul(z4, z4), at(COS, 8)));
    const along = mul(xj, wj);
    v128.store(t + j, f64x2.neg(mul(r, estrin8(SIN, z, z2, z4))));
    v128.store(t + stride + j, s);
    v128.store(t + 2 * stride + j, along);
    // xᵢ·sin(xᵢL)/(xᵢL) = sin(xᵢL)/L, and xᵢ at L = 0
    v128.store(t + 3 * stride + j, L > 0 ? mul(mul(s, at(INV_LENGTH)), wj) : along);
  }
  return gradNormFromTable(base, N, n, SHOOTING, p0, p1, p2, v0 * inv, v1 * inv, v2 * inv);
}

// ---- whole chains: runChain's loop (src/sampling/mh.ts) over kngTargets.ts's two targets, in one call ----

/**
 * Written by the caller: U(z), step, accepted counts (read back after runSteps); then the chain's state z, the
 * footpoint p̃ of a shooting chain, p̂ and v̂ (the footpoint chain's transport), and min xᵢ, max xᵢ.
 */
const CHAIN = memory.data(144, 16);
const STATE = CHAIN + 32,
  FOOT = CHAIN + 56,
  FIT = CHAIN + 80, // p̂ then v̂
  X_RANGE = CHAIN + 128;

export function chainScalars(): usize {
  return CHAIN;
}

/** src/geometry/vec.ts norm2 of three numbers (scaled by the largest, as there). */
function norm3(a: f64, b: f64, c: f64): f64 {
  let scale: f64 = 0;
  scale = Math.max(scale, Math.abs(a));
  scale = Math.max(scale, Math.abs(b));
  scale = Math.max(scale, Math.abs(c));
  if (scale == 0 || !isFinite(scale)) return scale;
  const ta = a / scale,
    tb = b / scale,
    tc = c / scale;
  let s: f64 = 0;
  s += ta * ta;
  s += tb * tb;
  s += tc * tc;
  return scale * Math.sqrt(s);
}

/** sphereGeometry().tangentBall (src/privacy/kernels/proposals.ts) at p into NU, in its order. */
const NU = memory.data(24, 16);
function tangentBall(p0: f64, p1: f64, p2: f64, r: f64): void {
  const z0 = normal(),
    z1 = normal(),
    z2 = normal();
  const c = p0 * z0 + p1 * z1 + p2 * z2;
  let o0 = z0 - c * p0,
    o1 = z1 - c * p1,
    o2 = z2 - c * p2;
  const k = (r * jsPow(uniform(), 1.0 / 2)) / norm3(o0, o1, o2);
  store<f64>(NU, o0 * k);
  store<f64>(NU, o1 * k, 8);
  store<f64>(NU, o2 * k, 16);
}

/**
 * Steps from + 1 … to of runChain's loop (the Kendall kernel's runSteps says how), for the sphere: the footpoint
 * chain walks p with Exp of a tangent-ball draw and the potential ‖∇_p E(p, Γv̂)‖/σ (v̂ carried from p̂ as in
 * src/privacy/kernels/sphere.ts); the shooting chain walks v at p̃ inside |v| ≤ vRadius.
 */
export function runSteps(base: usize, N: i32, n: f64, footpoint: bool, from: i32, to: i32, burnIn: i32, adaptTarget: f64, sigma: f64, vRadius: f64): void {
  beginSteps(CHAIN);
  let z0 = load<f64>(STATE),
    z1 = load<f64>(STATE, 8),
    z2 = load<f64>(STATE, 16);
  const f0 = load<f64>(FOOT),
    f1 = load<f64>(FOOT, 8),
    f2 = load<f64>(FOOT, 16);
  const h0 = load<f64>(FIT),
    h1 = load<f64>(FIT, 8),
    h2 = load<f64>(FIT, 16),
    w0 = load<f64>(FIT, 24),
    w1 = load<f64>(FIT, 32),
    w2 = load<f64>(FIT, 40);
  const xMin = load<f64>(X_RANGE),
    xMax = load<f64>(X_RANGE, 8);
  for (let t = from + 1; t <= to; t++) {
    let uNew: f64, q0: f64, q1: f64, q2: f64;
    if (footpoint) {
      tangentBall(z0, z1, z2, currentStep());
      // sphereGeometry().exp
      const v0 = load<f64>(NU),
        v1 = load<f64>(NU, 8),
        v2 = load<f64>(NU, 16);
      const L = Math.sqrt(v0 * v0 + v1 * v1 + v2 * v2);
      const c = jsCos(L);
      const s = Math.abs(L) < 1e-4 ? 1 - (L * L) / 6 + (L * L * L * L) / 120 : jsSin(L) / L;
      const x = c * z0 + s * v0,
        y = c * z1 + s * v1,
        zz = c * z2 + s * v2;
      const r = Math.sqrt(x * x + y * y + zz * zz);
      if (!(r > 0 && r < Infinity)) {
        q0 = q1 = q2 = NaN;
        uNew = Infinity;
      } else {
        q0 = x / r;
        q1 = y / r;
        q2 = zz / r;
        // v̂ carried from p̂ to q: w − ⟨q,w⟩/(1+⟨p̂,q⟩) (p̂ + q)
        const cpp = h0 * q0 + h1 * q1 + h2 * q2;
        if (1 + cpp < 1e-12) uNew = Infinity;
        else {
          const k = (q0 * w0 + q1 * w1 + q2 * w2) / (1 + cpp);
          uNew = footpointGradNorm(base, N, n, q0, q1, q2, w0 - k * (h0 + q0), w1 - k * (h1 + q1), w2 - k * (h2 + q2)) / sigma;
        }
      }
    } else {
      tangentBall(f0, f1, f2, currentStep());
      q0 = z0 + load<f64>(NU);
      q1 = z1 + load<f64>(NU, 8);
      q2 = z2 + load<f64>(NU, 16);
      if (norm3(q0, q1, q2) > vRadius) uNew = Infinity;
      else if (xMin >= 0 && xMax * Math.sqrt(q0 * q0 + q1 * q1 + q2 * q2) <= Math.PI)
        uNew = shootingGradNorm(base, N, n, f0, f1, f2, q0, q1, q2) / sigma;
      else uNew = shootingOutsideRange(f0, f1, f2, q0, q1, q2) / sigma;
    }
    if (metropolis(uNew, t, burnIn, adaptTarget)) {
      z0 = q0;
      z1 = q1;
      z2 = q2;
    }
  }
  endSteps(CHAIN);
  store<f64>(STATE, z0);
  store<f64>(STATE, z1, 8);
  store<f64>(STATE, z2, 16);
}
