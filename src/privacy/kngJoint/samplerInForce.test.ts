import { describe, expect, it } from 'vitest';
import {
  DEFAULT_KNG_JOINT,
  MIXTURE_MAX_DIMENSION,
  mixtureStepsFactor,
  splitJointBudget,
  WALK_SAMPLER,
} from './calibration';
import {
  jointSamplerInForce,
  jointSamplerInWords,
  longerStepsAtSplits,
  samplerFields,
} from './samplerInForce';

describe('the joint sampler in force', () => {
  it('is the mixture up to MIXTURE_MAX_DIMENSION and the walk above it', () => {
    expect(jointSamplerInForce(DEFAULT_KNG_JOINT, MIXTURE_MAX_DIMENSION)).toBe(DEFAULT_KNG_JOINT);
    expect(jointSamplerInForce(DEFAULT_KNG_JOINT, MIXTURE_MAX_DIMENSION + 2)).toMatchObject(WALK_SAMPLER);
    const walk = { ...DEFAULT_KNG_JOINT, ...WALK_SAMPLER };
    expect(jointSamplerInForce(walk, 2)).toBe(walk);
  });

  it('runs the mixture longer at extreme splits only, by a rule of the budget alone', () => {
    const at = (split: number) =>
      jointSamplerInForce({ ...DEFAULT_KNG_JOINT, ...splitJointBudget(1, split, 'sphere') }, 4);
    for (const split of [0.3, 0.5, 0.7]) expect(at(split)).toMatchObject({ burnIn: 100, frozenSteps: 100 });
    expect(at(0.1)).toMatchObject({ burnIn: 300, frozenSteps: 300 });
    expect(at(0.9)).toMatchObject({ burnIn: 300, frozenSteps: 300 });
    for (const split of [0.02, 0.05, 0.95, 0.98])
      expect(at(split)).toMatchObject({ burnIn: 400, frozenSteps: 400 });
    expect(mixtureStepsFactor(1, 1)).toBe(1);
    // the walk keeps its own steps at every split
    const walk = { ...DEFAULT_KNG_JOINT, ...WALK_SAMPLER, ...splitJointBudget(1, 0.02, 'sphere') };
    expect(jointSamplerInForce(walk, 4)).toBe(walk);
  });

  it('names the splits whose chains ran longer, for the exports', () => {
    expect(longerStepsAtSplits(DEFAULT_KNG_JOINT, 4, [0.02, 0.1, 0.5, 0.7, 0.1, 0.98])).toEqual([
      { split: 0.02, burnIn: 400, frozenSteps: 400 },
      { split: 0.1, burnIn: 300, frozenSteps: 300 },
      { split: 0.98, burnIn: 400, frozenSteps: 400 },
    ]);
    // the walk, and the mixture above its dimension, run the same steps everywhere
    expect(longerStepsAtSplits(jointSamplerInForce(DEFAULT_KNG_JOINT, 96), 96, [0.02, 0.5])).toEqual([]);
  });

  it('is described by what runs: the mixture its independence share and 100 + 100 steps, the walk its copies', () => {
    const mixture = jointSamplerInWords(samplerFields(DEFAULT_KNG_JOINT));
    expect(mixture).toContain('50% of its moves are independent draws');
    expect(mixture).toContain('adapts its step for 100 steps and runs 100 more');
    expect(mixture).not.toMatch(/hotter/);
    const walk = jointSamplerInWords(jointSamplerInForce(DEFAULT_KNG_JOINT, 96));
    expect(walk).toContain('3 hotter copies');
    expect(walk).toContain('adapts its step for 1,000 steps and runs 500 more');
    expect(walk).not.toMatch(/independent draws/);
    expect(jointSamplerInWords({ ...WALK_SAMPLER, replicas: 1 })).not.toMatch(/hotter|trades/);
  });
});
