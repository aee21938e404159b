/**
 * The module-level pool of scratch buffers of the linear algebra: one slot per function that needs
 * temporaries, so no function clobbers the scratch of a function it calls.
 */
import { createSymEig, type SymEig } from './types';

/** Scratch slots: one per function that needs temporaries. */
export const Slot = {
  JacobiWork: 0,
  SymFunctionEig: 1,
  SymFunctionDiag: 2,
  SpdFunctionEig: 3,
  CongruenceTmp: 4,
  RotateInTmp: 5,
  DkRotated: 6,
  DkTmp: 7,
  FrechetEig: 8,
  FrechetKernel: 9,
  ProjectEig: 10,
} as const;
export type Slot = (typeof Slot)[keyof typeof Slot];

const pool: Map<number, Float64Array>[] = [];
const eigPool: Map<number, SymEig>[] = [];

export function scratch(slot: Slot, n: number): Float64Array {
  const m = (pool[slot] ??= new Map());
  let a = m.get(n);
  if (!a) {
    a = new Float64Array(n);
    m.set(n, a);
  }
  return a;
}

export function scratchEig(slot: Slot, k: number): SymEig {
  const m = (eigPool[slot] ??= new Map());
  let e = m.get(k);
  if (!e) {
    e = createSymEig(k);
    m.set(k, e);
  }
  return e;
}
