import { describe, expect, it } from 'vitest';
import { samplerComparison } from './samplerComparison';

describe('Fig. 3: which sampler sits closer, from the two errors shown', () => {
  it('waits for both numbers', () => {
    expect(samplerComparison(null, -3)).toBeNull();
    expect(samplerComparison(-3, null)).toBeNull();
  });
  it('names the closer sampler and by how much', () => {
    // the paper sampler's error e^-5 against the lab's e^-3: the lab's is e² ≈ 7.4× the paper sampler's
    expect(samplerComparison(-3, -5)).toBe(
      'In this run the paper sampler’s outlines sit closer to the non-private ones: the lab’s error is about 7.4× the paper sampler’s.',
    );
    expect(samplerComparison(-5, -3)).toContain('the lab’s outlines sit closer');
  });
  it('calls errors within a factor 1.2 about the same, in either order', () => {
    expect(samplerComparison(-3, -3.1)).toBe('In this run the two samplers’ errors are about the same.');
    expect(samplerComparison(-3.1, -3)).toBe('In this run the two samplers’ errors are about the same.');
  });
});
