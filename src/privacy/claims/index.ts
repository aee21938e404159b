/**
 * What each mechanism of the lab claims for one release under the settings in force, with the conditions its
 * privacy argument needs (`statement.ts` turns claims into an output's statement). Inputs are plain values, so
 * the CLI, the lab and the tests can state a claim without preparing the mechanism again.
 *
 * One file per family of mechanisms: `kng.ts` (paper 000's KNG), `joint.ts` (the joint clipped KNG),
 * `frechet.ts` (Fréchet means), `linreg.ts` (linear regression), `generic.ts` (no noise, or a calibration
 * alone); `conditions.ts` holds the conditions they share.
 */
export * from './kng';
export * from './joint';
export * from './frechet';
export * from './linreg';
export * from './generic';
