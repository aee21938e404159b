import { timesInWords } from '../../plots/curveShape';

/**
 * Which sampler's outlines sit closer to the non-private ones in this run, from the two ln mean MSEs shown
 * (null while either is computing). Errors within a factor of 1.2 of each other count as about the same: one
 * release's m × m pairs do not support a finer claim.
 */
export function samplerComparison(lnMixed: number | null, lnPaper: number | null): string | null {
  if (lnMixed === null || lnPaper === null) return null;
  const ratio = Math.exp(Math.abs(lnMixed - lnPaper));
  if (ratio < 1.2) return 'In this run the two samplers’ errors are about the same.';
  return lnPaper < lnMixed
    ? `In this run the paper sampler’s outlines sit closer to the non-private ones: the lab’s error is ${timesInWords(ratio)} the paper sampler’s.`
    : `In this run the lab’s outlines sit closer to the non-private ones: the paper sampler’s error is ${timesInWords(ratio)} the lab’s.`;
}
