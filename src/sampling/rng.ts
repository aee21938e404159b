import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { JumpableRandomGenerator } from 'pure-rand/types/JumpableRandomGenerator';

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
 */
function stateFromKey(key: readonly number[]): number[] {
  const state = [0x9e3779b9, 0x243f6a88, 0xb7e15162, 0x85a308d3];
  for (let round = 0; round < 2; round++) {
    for (const k of key) {
      const lo = k | 0;
      const hi = Math.floor(k / 0x100000000) | 0;
      for (let i = 0; i < 4; i++) {
        state[i] = fmix32(state[i] ^ fmix32(lo + Math.imul(i + 1, 0x6d2b79f5)) ^ Math.imul(hi, 0x27d4eb2f));
        state[(i + 1) & 3] ^= state[i] >>> 7;
      }
    }
  }
  if (state.every((s) => s === 0)) state[0] = 1; // the all-zero state is a fixed point
  return state;
}

/**
 * Seeded pseudo-random generator (pure-rand's xoroshiro128+, mutated in place for speed).
 * `Rng.fromKey(seed, i, j)` gives independent, reproducible streams.
 */
export class Rng {
  private readonly gen: JumpableRandomGenerator;
  private spareNormal = NaN;

  private constructor(gen: JumpableRandomGenerator) {
    this.gen = gen;
  }

  /** A stream identified by a seed and an optional path of stream indices (non-negative integers). */
  static fromKey(seed: number, ...path: number[]): Rng {
    return new Rng(xoroshiro128plusFromState(stateFromKey([seed, path.length, ...path])));
  }

  /** A child stream, independent of this one and of its other children. */
  split(...path: number[]): Rng {
    const s = this.gen.getState();
    return new Rng(xoroshiro128plusFromState(stateFromKey([...s, 0x5eed, ...path])));
  }

  /** Uniform double in [0, 1) with 53 random bits. */
  uniform(): number {
    const hi = this.gen.next() >>> 5; // 27 bits
    const lo = this.gen.next() >>> 6; // 26 bits
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

  /** Standard normal by the polar Box–Muller method (caches the second variate). */
  normal(): number {
    if (!Number.isNaN(this.spareNormal)) {
      const z = this.spareNormal;
      this.spareNormal = NaN;
      return z;
    }
    let u: number, v: number, s: number;
    do {
      u = 2 * this.uniform() - 1;
      v = 2 * this.uniform() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const f = Math.sqrt((-2 * Math.log(s)) / s);
    this.spareNormal = v * f;
    return u * f;
  }
}
