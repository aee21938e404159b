import { describe, expect, it } from 'vitest';
import { DEFAULT_KNG_JOINT, MIXTURE_MAX_DIMENSION, WALK_SAMPLER } from './calibration';
import { jointSamplerInForce, jointSamplerInWords, samplerFields } from './samplerInForce';

describe('the joint sampler in force', () => {
  it('is the mixture up to MIXTURE_MAX_DIMENSION and the walk above it', () => {
    expect(jointSamplerInForce(DEFAULT_KNG_JOINT, MIXTURE_MAX_DIMENSION)).toBe(DEFAULT_KNG_JOINT);
    expect(jointSamplerInForce(DEFAULT_KNG_JOINT, MIXTURE_MAX_DIMENSION + 2)).toMatchObject(WALK_SAMPLER);
    const walk = { ...DEFAULT_KNG_JOINT, ...WALK_SAMPLER };
    expect(jointSamplerInForce(walk, 2)).toBe(walk);
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
