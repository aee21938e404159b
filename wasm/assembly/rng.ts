/**
 * The lab's seeded generator (src/sampling/rng.ts) in AssemblyScript, for kernels that run whole chains in one
 * call: xoroshiro128+ on the same four int32 words, uniform() and the 256-layer Ziggurat normal(), drawing the
 * same numbers in the same order. The caller copies the JavaScript Rng's words in before a call and out after
 * (setRngState, rngWord), and fills the Ziggurat tables once per instance from rng.ts's (zigguratTables).
 *
 * Bit for bit: every operation here is one IEEE operation in the order rng.ts writes it (WebAssembly never fuses
 * a multiply and an add), and the few transcendental calls — exp and log in the Ziggurat's rare slow path, the
 * chains' exp and pow — are the JavaScript paths' own functions, imported, not AssemblyScript's (whose last digits
 * may differ): Math's, and for pow src/sampling/power.ts.
 */

@external('env', 'exp') export declare function jsExp(x: f64): f64;
@external('env', 'log') export declare function jsLog(x: f64): f64;
@external('env', 'pow') export declare function jsPow(x: f64, y: f64): f64;
@external('env', 'cos') export declare function jsCos(x: f64): f64;
@external('env', 'sin') export declare function jsSin(x: f64): f64;
@external('env', 'hypot') export declare function jsHypot(x: f64, y: f64): f64;

// The two 64-bit halves of the state. rng.ts keeps them as four int32 words [s01, s00, s11, s10] (high and low
// word of each); here they are i64, so a step is xoroshiro128+ as it is meant — s₁ ^= s₀, s₀ = rotl(s₀, 24) ^
// s₁ ^ (s₁ << 16), s₁ = rotl(s₁, 37), the output the low word of s₀ + s₁ — in half the operations.
let s0: i64 = 0,
  s1: i64 = 0;

export function setRngState(w0: i32, w1: i32, w2: i32, w3: i32): void {
  s0 = (<i64>w0 << 32) | <i64>(<u32>w1);
  s1 = (<i64>w2 << 32) | <i64>(<u32>w3);
}

export function rngWord(i: i32): i32 {
  const half = i < 2 ? s0 : s1;
  return <i32>((i & 1) == 0 ? half >>> 32 : half);
}

/** ZIG_X[0..256] then ZIG_F[0..256] (rng.ts), written by the caller. */
const ZIG = memory.data(2 * 257 * 8, 16);
const ZIG_F = ZIG + 257 * 8;
const ZIG_R: f64 = 3.654152885361009;
const TWO_POW_M45: f64 = 2.842170943040401e-14; // 2⁻⁴⁵

export function zigguratTables(): usize {
  return ZIG;
}

@inline function next(): i32 {
  const out = <i32>(s0 + s1);
  const t = s1 ^ s0;
  s0 = rotl<i64>(s0, 24) ^ t ^ (t << 16);
  s1 = rotl<i64>(t, 37);
  return out;
}

/** Uniform in [0, 1) with 53 random bits. */
export function uniform(): f64 {
  const hi = <f64>(next() >>> 5);
  const lo = <f64>(next() >>> 6);
  return (hi * 67108864 + lo) / 9007199254740992;
}

function uniformOpen(): f64 {
  let u = uniform();
  while (u == 0) u = uniform();
  return u;
}

@inline function zigX(i: i32): f64 {
  return load<f64>(ZIG + (<usize>i << 3));
}

/** Standard normal: rng.ts's normal() (fast path inline, the rest in normalSlow). */
@inline export function normal(): f64 {
  const a = next();
  const x = abscissa(a, next());
  if (x < zigX((a >>> 24) + 1)) return withSign(x, a);
  return normalSlow(a, x);
}

/** The draw's abscissa in its layer (the 8 high bits of a), from 18 bits of a and 27 of b. */
@inline function abscissa(a: i32, b: i32): f64 {
  return (<f64>((a >>> 5) & 0x3ffff) * 134217728 + <f64>(b >>> 5)) * TWO_POW_M45 * zigX(a >>> 24);
}

/**
 * −x where bit 23 of a is set, by flipping the sign bit: the same number as rng.ts's branch, without one that is
 * mispredicted every other draw.
 */
@inline function withSign(x: f64, a: i32): f64 {
  return reinterpret<f64>(reinterpret<i64>(x) ^ (<i64>(a & 0x00800000) << 40));
}

/** Tail (Marsaglia 1964: rng.ts normalTail), wedge, or a new draw. */
function normalSlow(a: i32, x: f64): f64 {
  const i = a >>> 24;
  const negative = (a & 0x00800000) != 0;
  if (i == 0) {
    let t: f64, y: f64;
    do {
      t = -jsLog(uniformOpen()) / ZIG_R;
      y = -jsLog(uniformOpen());
    } while (2 * y < t * t);
    const tail = ZIG_R + t;
    return negative ? -tail : tail;
  }
  const f0 = load<f64>(ZIG_F + (<usize>i << 3));
  if (f0 + uniform() * (load<f64>(ZIG_F + (<usize>(i + 1) << 3)) - f0) < jsExp(-0.5 * x * x)) return negative ? -x : x;
  return normal();
}

/**
 * count standard normals into out: successive normal() draws, with the state in locals for the block (a global
 * costs a load and a store per step: 11 ns a normal against 6.4); the ~1% of draws that leave the fast path go
 * through normalSlow with the state put back.
 */
export function fillNormals(out: usize, count: i32): void {
  let x0 = s0,
    x1 = s1;
  const end = out + (<usize>count << 3);
  for (let q = out; q < end; q += 8) {
    // two steps of next()
    const a = <i32>(x0 + x1);
    let t = x1 ^ x0;
    x0 = rotl<i64>(x0, 24) ^ t ^ (t << 16);
    x1 = rotl<i64>(t, 37);
    const b = <i32>(x0 + x1);
    t = x1 ^ x0;
    x0 = rotl<i64>(x0, 24) ^ t ^ (t << 16);
    x1 = rotl<i64>(t, 37);
    const x = abscissa(a, b);
    if (x < zigX((a >>> 24) + 1)) {
      store<f64>(q, withSign(x, a));
      continue;
    }
    s0 = x0;
    s1 = x1;
    store<f64>(q, normalSlow(a, x));
    x0 = s0;
    x1 = s1;
  }
  s0 = x0;
  s1 = x1;
}
