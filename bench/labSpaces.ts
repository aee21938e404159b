/** What the sampler benches share: the lab's default data on each space, the splits they compare, a log line. */

/** The lab's default data per space (n, the generator's noise; shapes with 8 landmarks). */
export const LAB_SPACES = [
  { manifold: 'sphere', n: 300, noise: 0.001 },
  { manifold: 'spd', n: 1000, noise: 0.01 },
  { manifold: 'kendall', n: 2000, noise: 1, landmarks: 8 },
] as const;

/** Shares ε_p / (ε_p + ε_v) from one end of the split range to the other. */
export const SPLITS = [0.02, 0.1, 0.3, 0.5, 0.7, 0.9, 0.98];

export const log = (msg: string) => process.stderr.write(`${msg}\n`);
