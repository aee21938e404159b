import { describe, expect, it } from 'vitest';
import { euclidean } from './euclidean';
import { registerIdentityTests } from './testkit';

describe('euclidean identities', () => {
  registerIdentityTests(euclidean(1));
  registerIdentityTests(euclidean(4), { distances: [1e-9, 0.5, 10, 1e3], adjointLengths: [0, 1, 100] });
  it('refuses a non-positive dimension', () => {
    expect(() => euclidean(0)).toThrow(/positive integer/);
  });
});
