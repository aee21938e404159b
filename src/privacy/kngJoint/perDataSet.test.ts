import { describe, expect, it } from 'vitest';
import { generate } from '../../data';
import { dataManifold } from '../../data/manifolds';
import { kendall } from '../../geometry/kendall';
import type { Manifold } from '../../geometry/types';
import { Rng } from '../../sampling/rng';
import {
  DEFAULT_DOMAIN,
  DEFAULT_KNG_JOINT,
  linearisedProposal,
  prepareKngJoint,
  publicStart,
  splitJointBudget,
  type KngJointSettings,
} from '.';

/** A data set of the space and its settings at a total ε split evenly. */
function setUp(kind: 'sphere' | 'spd' | 'kendall') {
  const M: Manifold = kind === 'kendall' ? kendall(4) : dataManifold(kind);
  const data = generate(kind, { n: 80, seed: 7, landmarks: kind === 'kendall' ? 4 : undefined });
  const xs = 'covariates' in data && data.covariates ? data.covariates.raw : data.xs;
  const range = 'covariates' in data && data.covariates ? data.covariates.publicRange : ([0, 1] as const);
  const at = (epsilon: number): KngJointSettings => ({
    ...DEFAULT_KNG_JOINT,
    ...splitJointBudget(epsilon, 0.5, kind),
    clip: DEFAULT_DOMAIN[kind].clip,
    xRange: range,
  });
  return { M, xs, ys: data.ys, at };
}

describe('the linearisation made once per data set', () => {
  for (const kind of ['sphere', 'kendall', 'spd'] as const) {
    it(`${kind}: another budget on the same data gives the proposal made from scratch, draw for draw`, () => {
      const { M, xs, ys, at } = setUp(kind);
      const first = prepareKngJoint(M, xs, ys, at(1)).linearised!;
      const reused = prepareKngJoint(M, xs, ys, at(4)).linearised!;
      // copies of the data: nothing made before applies to them
      const fresh = prepareKngJoint(
        M,
        Array.from(xs),
        ys.map((y) => Float64Array.from(y)),
        at(4),
      ).linearised!;
      // the same chart object: the linearisation was made once
      expect(reused.pHat).toBe(first.pHat);
      expect(fresh.pHat).not.toBe(first.pHat);
      expect(reused.A).toEqual(fresh.A);
      expect(reused.centre).toEqual(fresh.centre);
      expect(reused.logAbsDetA).toBe(fresh.logAbsDetA);
      expect(reused.residualGradient).toBe(fresh.residualGradient);
      expect(reused.calibration).toEqual(fresh.calibration);
      const [q, r] = [reused, fresh].map((law) => linearisedProposal(law));
      const [rq, rr] = [Rng.fromKey(11), Rng.fromKey(11)];
      const zq = new Float64Array(2 * M.ambientDim);
      const zr = new Float64Array(2 * M.ambientDim);
      for (let i = 0; i < 50; i++) {
        expect(q.draw(rq, zq)).toBe(r.draw(rr, zr));
        expect(zq).toEqual(zr);
        expect(q.logDensity(zr)).toBe(r.logDensity(zr));
      }
    });
  }

  it('covariates built anew with the same numbers (imported data in their own units) keep the linearisation', () => {
    const { M, xs, ys, at } = setUp('sphere');
    const first = prepareKngJoint(M, xs, ys, at(1)).linearised!;
    expect(prepareKngJoint(M, Float64Array.from(xs), ys, at(2)).linearised!.pHat).toBe(first.pHat);
    // other numbers are other data
    const moved = Float64Array.from(xs);
    moved[0] = (moved[0] + moved[1]) / 2;
    expect(prepareKngJoint(M, moved, ys, at(2)).linearised!.pHat).not.toBe(first.pHat);
  });

  it('a budget rescales the law: A at ε is A at 1 with its rows times ε (σ ∝ 1/ε)', () => {
    const { M, xs, ys, at } = setUp('sphere');
    const one = prepareKngJoint(M, xs, ys, at(1)).linearised!;
    const three = prepareKngJoint(M, xs, ys, at(3)).linearised!;
    three.A.forEach((a, k) => expect(a).toBeCloseTo(3 * one.A[k], 6));
    expect(three.logAbsDetA).toBeCloseTo(one.logAbsDetA + 2 * one.d * Math.log(3), 9);
  });
});

describe('the kernel made once per data set', () => {
  for (const kind of ['sphere', 'kendall', 'spd'] as const) {
    it(`${kind}: every budget on the same data shares one kernel, which evaluates as a kernel made from scratch`, () => {
      const { M, xs, ys, at } = setUp(kind);
      const kernels = [0.5, 1, 2, 8].map((eps) => prepareKngJoint(M, xs, ys, at(eps)).kernel);
      // one kernel (a WebAssembly kernel holds a memory of its own, and a page holds only about 120)
      for (const k of kernels) expect(k).toBe(kernels[0]);
      const fresh = prepareKngJoint(
        M,
        Array.from(xs),
        ys.map((y) => Float64Array.from(y)),
        at(1),
      ).kernel;
      expect(fresh).not.toBe(kernels[0]);
      const rng = Rng.fromKey(5);
      const [a, b] = [new Float64Array(3), new Float64Array(3)];
      for (let i = 0; i < 20; i++) {
        const p = publicStart(M, rng).subarray(0, M.ambientDim);
        const v = M.randomTangent(p, rng).map((x) => 0.3 * x);
        kernels[0].evaluate(p, v, a);
        fresh.evaluate(p, v, b);
        expect(a).toEqual(b);
      }
    });
  }
});
