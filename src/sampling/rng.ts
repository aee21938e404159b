/** 32-bit finaliser of MurmurHash3: a bijective mixer used to derive generator states from keys. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/**
 * Derives a 128-bit xoroshiro state from a key path (seed, stream, substream, …). Different paths give
 * unrelated states, so every chain, worker or experiment cell can own a stream that does not depend on how
 * the work was scheduled — the basis of "same seed, same numbers, whatever the number of workers".
 * The state is returned as four int32 words in pure-rand's order [s01, s00, s11, s10].
 */
function stateFromKey(key: ArrayLike<number>): Int32Array {
  const state = new Int32Array([0x9e3779b9, 0x243f6a88, 0xb7e15162, 0x85a308d3]);
  for (let round = 0; round < 2; round++) {
    for (let j = 0; j < key.length; j++) {
      const k = key[j];
      const lo = k | 0;
      const hi = Math.floor(k / 0x100000000) | 0;
      for (let i = 0; i < 4; i++) {
        state[i] = fmix32(state[i] ^ fmix32(lo + Math.imul(i + 1, 0x6d2b79f5)) ^ Math.imul(hi, 0x27d4eb2f));
        state[(i + 1) & 3] ^= state[i] >>> 7;
      }
    }
  }
  if (state[0] === 0 && state[1] === 0 && state[2] === 0 && state[3] === 0) state[0] = 1; // fixed point
  return state;
}

// ---------------------------------------------------------------------------------------------------------
// Ziggurat tables for the standard normal (Marsaglia & Tsang 2000, 256 layers of equal area under
// f(x) = exp(−x²/2)). ZIG_R is the start of the tail, ZIG_V the common layer area; both were solved to 25
// digits so that the layer recursion closes exactly at the mode (X[N] = 0).
// ---------------------------------------------------------------------------------------------------------
const ZIG_N = 256;
const ZIG_R = 3.654152885361009;
const ZIG_V = 0.004928673233974655;
/** X[i]: right edge of layer i (X[0] = V/f(R) is the virtual width of the base layer, X[1] = R, X[N] = 0). */
const ZIG_X = new Float64Array(ZIG_N + 1);
/** F[i] = f(X[i]). */
const ZIG_F = new Float64Array(ZIG_N + 1);
{
  const fR = Math.exp(-0.5 * ZIG_R * ZIG_R);
  ZIG_X[0] = ZIG_V / fR;
  ZIG_X[1] = ZIG_R;
  for (let i = 1; i < ZIG_N - 1; i++) {
    const xi = ZIG_X[i];
    ZIG_X[i + 1] = Math.sqrt(-2 * Math.log(ZIG_V / xi + Math.exp(-0.5 * xi * xi)));
  }
  ZIG_X[ZIG_N] = 0;
  for (let i = 0; i <= ZIG_N; i++) ZIG_F[i] = Math.exp(-0.5 * ZIG_X[i] * ZIG_X[i]);
}
const TWO_POW_M45 = 2 ** -45;

/** The Ziggurat's tables, for a copy of this generator elsewhere (wasm/assembly/rng.ts): X then F, 257 each. */
export function zigguratTables(): Float64Array {
  const t = new Float64Array(2 * (ZIG_N + 1));
  t.set(ZIG_X);
  t.set(ZIG_F, ZIG_N + 1);
  return t;
}

/**
 * Seeded pseudo-random generator: xoroshiro128+ exactly as implemented by pure-rand
 * (`pure-rand/generator/xoroshiro128plus`, whose 32-bit output is the low word of the 64-bit sum s0 + s1),
 * inlined here on an Int32Array state so that the hot path never boxes numbers — field representations of
 * a shared generator class degrade to heap doubles in V8 as soon as one instance holds a non-Smi word, which
 * made `uniform()` ~2.5× slower. The streams are bit-for-bit those of the former pure-rand wrapper
 * (checked by golden values in rng.test.ts).
 *
 * `Rng.fromKey(seed, i, j)` gives independent, reproducible streams; `split` derives child streams.
 */
export class Rng {
  /** [s01, s00, s11, s10]: high and low words of the two 64-bit halves of the state. */
  private readonly s: Int32Array;

  private constructor(state: Int32Array) {
    this.s = state;
  }

  /** A stream identified by a seed and an optional path of stream indices (non-negative integers). */
  static fromKey(seed: number, ...path: number[]): Rng {
    return new Rng(stateFromKey([seed, path.length, ...path]));
  }

  /** A child stream, independent of this one and of its other children. Does not advance this stream. */
  split(...path: number[]): Rng {
    const s = this.s;
    return new Rng(stateFromKey([s[0], s[1], s[2], s[3], 0x5eed, ...path]));
  }

  /**
   * The live state, four int32 words [s01, s00, s11, s10]: a copy of this generator elsewhere (a WebAssembly
   * chain, wasm/assembly/rng.ts) reads them before it draws and writes them back after, so the stream goes on
   * as if this object had drawn the numbers.
   */
  stateWords(): Int32Array {
    return this.s;
  }

  /** Next raw 32-bit output (as a signed int32). The low bits of xoroshiro128+ are weak: use the high ones. */
  private next(): number {
    const s = this.s;
    const s01 = s[0];
    const s00 = s[1];
    const s11 = s[2];
    const s10 = s[3];
    const out = (s00 + s10) | 0;
    const a0 = s10 ^ s00;
    const a1 = s11 ^ s01;
    s[1] = (s00 << 24) ^ (s01 >>> 8) ^ a0 ^ (a0 << 16);
    s[0] = (s01 << 24) ^ (s00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
    s[3] = (a1 << 5) ^ (a0 >>> 27);
    s[2] = (a0 << 5) ^ (a1 >>> 27);
    return out;
  }

  /** Uniform double in [0, 1) with 53 random bits (never returns 1). */
  uniform(): number {
    const hi = this.next() >>> 5; // 27 bits
    const lo = this.next() >>> 6; // 26 bits
    return (hi * 67108864 + lo) / 9007199254740992;
  }

  /** Uniform double in (0, 1): safe for logarithms. */
  uniformOpen(): number {
    let u = this.uniform();
    while (u === 0) u = this.uniform();
    return u;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.uniform() * n);
  }

  /**
   * Standard normal by the 256-layer Ziggurat method (Marsaglia & Tsang 2000, with Doornik's 2005 fix:
   * the layer index, the sign and the 45-bit abscissa come from disjoint bits of two 32-bit outputs).
   * About 99% of calls return after two generator steps, a table lookup and a comparison; the rest go to
   * normalSlow (kept apart so that this fast path is small enough to inline).
   */
  normal(): number {
    const a = this.next();
    const b = this.next();
    const i = a >>> 24; // layer, 8 high bits
    // 18 + 27 bits, in [0, 1), times the layer's width
    const x = (((a >>> 5) & 0x3ffff) * 134217728 + (b >>> 5)) * TWO_POW_M45 * ZIG_X[i];
    if (x < ZIG_X[i + 1]) return (a & 0x00800000) !== 0 ? -x : x; // sign: bit 23
    return this.normalSlow(a, x);
  }

  /**
   * Fills out[from, to) with standard normals: exactly the numbers successive normal() calls give (the same
   * stream, the same state afterwards), with the generator state in locals for the whole block instead of a
   * load and store of it per output; the ~1% of draws that leave the fast path go through normalSlow.
   */
  normals(out: Float64Array, from = 0, to = out.length): Float64Array {
    const s = this.s;
    let s01 = s[0],
      s00 = s[1],
      s11 = s[2],
      s10 = s[3];
    for (let k = from; k < to; k++) {
      // two steps of next(), as there
      const a = (s00 + s10) | 0;
      let a0 = s10 ^ s00,
        a1 = s11 ^ s01;
      const t00 = (s00 << 24) ^ (s01 >>> 8) ^ a0 ^ (a0 << 16);
      const t01 = (s01 << 24) ^ (s00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
      const t10 = (a1 << 5) ^ (a0 >>> 27);
      const t11 = (a0 << 5) ^ (a1 >>> 27);
      const b = (t00 + t10) | 0;
      a0 = t10 ^ t00;
      a1 = t11 ^ t01;
      s00 = (t00 << 24) ^ (t01 >>> 8) ^ a0 ^ (a0 << 16);
      s01 = (t01 << 24) ^ (t00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
      s10 = (a1 << 5) ^ (a0 >>> 27);
      s11 = (a0 << 5) ^ (a1 >>> 27);
      const i = a >>> 24;
      const x = (((a >>> 5) & 0x3ffff) * 134217728 + (b >>> 5)) * TWO_POW_M45 * ZIG_X[i];
      if (x < ZIG_X[i + 1]) {
        out[k] = (a & 0x00800000) !== 0 ? -x : x;
        continue;
      }
      s[0] = s01;
      s[1] = s00;
      s[2] = s11;
      s[3] = s10;
      out[k] = this.normalSlow(a, x);
      s01 = s[0];
      s00 = s[1];
      s11 = s[2];
      s10 = s[3];
    }
    s[0] = s01;
    s[1] = s00;
    s[2] = s11;
    s[3] = s10;
    return out;
  }

  /** The rest of normal() after a draw (a, x) missed the rectangle of its layer: tail, wedge, or a new draw. */
  private normalSlow(a: number, x: number): number {
    const i = a >>> 24;
    const negative = (a & 0x00800000) !== 0;
    if (i === 0) {
      const t = normalTail(this, ZIG_R);
      return negative ? -t : t;
    }
    // Wedge: uniform height within layer i, accepted below the density.
    const f0 = ZIG_F[i];
    if (f0 + this.uniform() * (ZIG_F[i + 1] - f0) < Math.exp(-0.5 * x * x)) return negative ? -x : x;
    return this.normal();
  }
}

/**
 * Standard normal conditioned on exceeding a > 0, by Marsaglia's (1964) method: a + E/a with E ~ Exp(1),
 * accepted with probability exp(−(E/a)²/2). Efficient for a ≳ 1 (acceptance > 0.6, → 1 as a grows); used
 * for the tail of the Ziggurat.
 */
export function normalTail(rng: Rng, a: number): number {
  if (!(a > 0)) throw new RangeError(`normalTail: a must be > 0, got ${a}`);
  let t: number, y: number;
  do {
    t = -Math.log(rng.uniformOpen()) / a;
    y = -Math.log(rng.uniformOpen());
  } while (2 * y < t * t);
  return a + t;
}
