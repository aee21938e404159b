import { sameNumbers } from '../geometry/vec';
import { prepareRegression, type DataSource, type PreparedRegression } from './regressionSetup';

/**
 * The data sets last prepared on this thread (a worker, or the CLI's main thread), with their fits, so that a
 * job on the same data as the one before reuses them: a split step in the lab starts a new release job on the
 * same data, and before this cache its worker generated the data again (1.2 s for the shapes' 2,000 outlines),
 * fitted them again and — since the kng-joint linearisation is cached per responses array — linearised them
 * again. Preparing is a function of the source (a seeded generator, or the file's numbers), so reusing it changes
 * no number. Prepared data are never changed by their users. (The sweep keeps a cache of its own, sweep.ts.)
 *
 * Synthetic sources are matched by their generator's settings; imported ones by their numbers (each job receives
 * its own copy of a file's arrays, so identity would never match), compared in full.
 */
const KEEP = 2;
const recent: { key: string; source: DataSource; reg: PreparedRegression }[] = [];

/** What the data of a source depend on (prepareRegression): the generator's settings, or the file's shape. */
function keyOf(source: DataSource): string {
  if (source.kind === 'synthetic') {
    const { manifold, n, noise, seed, d, landmarks } = source;
    return JSON.stringify(['synthetic', manifold, n, noise ?? null, seed, d ?? null, landmarks ?? null]);
  }
  return JSON.stringify(['imported', source.manifold, source.xs.length, source.ys[0]?.length ?? 0]);
}

function sameSource(a: DataSource, b: DataSource): boolean {
  if (a.kind === 'synthetic' || b.kind === 'synthetic') return true; // the key holds all they depend on
  return (
    sameNumbers(a.xs, b.xs) && a.ys.length === b.ys.length && a.ys.every((y, i) => sameNumbers(y, b.ys[i]))
  );
}

function find(source: DataSource): number {
  const key = keyOf(source);
  return recent.findIndex((r) => r.key === key && sameSource(r.source, source));
}

function keep(source: DataSource, reg: PreparedRegression) {
  recent.unshift({ key: keyOf(source), source, reg });
  recent.length = Math.min(recent.length, KEEP);
}

/** The source's data and fit: the ones prepared last on this thread when the source is the same, else new. */
export function preparedRegression(source: DataSource): PreparedRegression {
  const at = find(source);
  if (at >= 0) {
    const [hit] = recent.splice(at, 1);
    recent.unshift(hit);
    return hit.reg;
  }
  const reg = prepareRegression(source);
  keep(source, reg);
  return reg;
}

/** Forget every prepared data set (tests). */
export function forgetPrepared(): void {
  recent.length = 0;
}
