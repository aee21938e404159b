/**
 * The Fréchet-mean experiment's spec (frechet.ts): its checks, the layout of its cells, and the data of each
 * replicate — seeded by (seed, n, k, replicate), so every mechanism and ε sees the same data sets.
 */
import { FRECHET_MECHANISM_IDS, type FrechetMechanism } from '../privacy/frechet/mechanisms';
import type { FrechetReleaseSpec } from '../privacy/frechet/settings';
import { Rng } from '../sampling/rng';
import { frechetData, frechetPointsDataset, type FrechetDataset } from './frechetData';

/** Every mechanism, in a fixed order (its index keys the random streams: toggling one changes no other). */
export const FRECHET_MECHANISMS: readonly FrechetMechanism[] = FRECHET_MECHANISM_IDS;

/** The grid of cells (n, k, ε, mechanism) and the settings every release is calibrated with. */
export interface FrechetSpec extends FrechetReleaseSpec {
  /** SPD sizes k (one data set family each). Ignored on the sphere (S², written k = 2). */
  ks: number[];
  /** Data-set sizes. */
  ns: number[];
  eps: number[];
  mechanisms: FrechetMechanism[];
  /** Replicates (data set + release) per cell. */
  reps: number;
  seed: number;
  /** 003: dense cluster + sparse background instead of homogeneous data. */
  heterogeneous?: boolean;
  /** Releases kept per cell for drawing (the first ones). Default 20. */
  keep?: number;
  /**
   * The user's own data instead of the generator: unit 3-vectors, or k×k SPD matrices row-major. Every
   * replicate then releases the mean of these points (only the noise differs); `ns` must be [points.length]
   * and, on SPD, `ks` [k]. `radius` keeps its meaning (sphere: the data lie in a cap of radius r; SPD: their
   * eigenvalues in [e^{−r}, e^{r}]).
   */
  points?: Float64Array[];
}

/** Throws a RangeError naming the first bad field of a spec (empty lists are fine: no cells). */
export function checkFrechetSpec(spec: FrechetSpec): void {
  const fail = (msg: string) => {
    throw new RangeError(`Fréchet experiment: ${msg}`);
  };
  if (spec.manifold !== 'sphere' && spec.manifold !== 'spd')
    fail(`manifold must be 'sphere' or 'spd' (got ${String(spec.manifold)})`);
  if (spec.metric !== 'affine' && spec.metric !== 'logEuclidean')
    fail(`metric must be 'affine' or 'logEuclidean' (got ${String(spec.metric)})`);
  if (spec.ns.some((n) => !Number.isInteger(n) || n < 2))
    fail(`every n must be an integer ≥ 2 (got ${spec.ns.join(', ')})`);
  if (spec.manifold === 'spd' && spec.ks.some((k) => !Number.isInteger(k) || k < 1))
    fail(`every k must be an integer ≥ 1 (got ${spec.ks.join(', ')})`);
  if (spec.eps.some((e) => !(e > 0) || !Number.isFinite(e)))
    fail(`every ε must be a positive number (got ${spec.eps.join(', ')})`);
  if (!(spec.delta > 0 && spec.delta < 1)) fail(`δ must be in (0, 1) (got ${spec.delta})`);
  if (!(spec.radius > 0) || !Number.isFinite(spec.radius))
    fail(`the data radius r must be a positive number (got ${spec.radius})`);
  if (!Number.isInteger(spec.reps) || spec.reps < 1) fail(`reps must be an integer ≥ 1 (got ${spec.reps})`);
  for (const m of spec.mechanisms)
    if (!FRECHET_MECHANISMS.includes(m))
      fail(`unknown mechanism "${String(m)}" (the mechanisms are ${FRECHET_MECHANISMS.join(', ')})`);
  const c = spec.conformal;
  if (c) {
    if (c.phiSource !== undefined && c.phiSource !== 'private' && c.phiSource !== 'public')
      fail(`conformal φ source must be 'private' or 'public' (got ${String(c.phiSource)})`);
    if (c.publicN !== undefined && !(Number.isInteger(c.publicN) && c.publicN >= 3))
      fail(`the public reference sample needs an integer size ≥ 3 (got ${c.publicN})`);
    if (c.kNeighbors !== undefined && !(Number.isInteger(c.kNeighbors) && c.kNeighbors >= 1))
      fail(`conformal k-NN must be an integer ≥ 1 (got ${c.kNeighbors})`);
    if (c.gain !== undefined && !(c.gain >= 0 && Number.isFinite(c.gain)))
      fail(`conformal gain must be a number ≥ 0 (got ${c.gain})`);
  }
  if (spec.burnIn !== undefined && !(Number.isInteger(spec.burnIn) && spec.burnIn >= 0))
    fail(`burn-in must be an integer ≥ 0 (got ${spec.burnIn})`);
  const pts = spec.points;
  if (pts) {
    if (spec.ns.some((n) => n !== pts.length))
      fail(`with your own points, n must be their number ${pts.length} (got ${spec.ns.join(', ')})`);
    const k = spec.manifold === 'sphere' ? 2 : spec.ks[0];
    if (spec.manifold === 'spd' && spec.ks.some((kk) => kk !== k))
      fail(`with your own points, k must be their size (got ${spec.ks.join(', ')})`);
    const size = spec.manifold === 'sphere' ? 3 : k * k;
    if (pts.some((p) => p.length !== size))
      fail(
        `every point must have ${size} entries (${spec.manifold === 'sphere' ? 'a unit 3-vector' : `a ${k}×${k} matrix`})`,
      );
  }
}

/** The k values of a spec (the sphere has one: 2). */
export function frechetKs(spec: FrechetSpec): number[] {
  return spec.manifold === 'sphere' ? [2] : spec.ks;
}

/** Number of cells; also checks the spec (the pool calls this first, so a bad spec fails with its message). */
export function frechetCellCount(spec: FrechetSpec): number {
  checkFrechetSpec(spec);
  return spec.ns.length * frechetKs(spec).length * spec.eps.length * spec.mechanisms.length;
}

/** Cell index → (n, k, ε, mechanism); mechanisms vary fastest so partial results cover all of them early. */
export function frechetCellKey(spec: FrechetSpec, index: number) {
  const ks = frechetKs(spec);
  const nm = spec.mechanisms.length;
  const ne = spec.eps.length;
  const nk = ks.length;
  const m = index % nm;
  const e = Math.floor(index / nm) % ne;
  const ki = Math.floor(index / (nm * ne)) % nk;
  const ni = Math.floor(index / (nm * ne * nk));
  return { mechanism: spec.mechanisms[m], epsIndex: e, eps: spec.eps[e], k: ks[ki], n: spec.ns[ni] };
}

/** The random stream of replicate `rep`'s synthetic data for (n, k) (the lab's view draws replicate 0). */
export const frechetDataStream = (seed: number, n: number, k: number, rep: number) =>
  Rng.fromKey(seed, 0xda7a, n, k, rep);

/** The data set of replicate `rep` for (n, k): the same for every mechanism and ε (the user's own, if given). */
export function frechetDataset(spec: FrechetSpec, n: number, k: number, rep: number): FrechetDataset {
  if (spec.points) return frechetPointsDataset(spec.manifold, k, spec.metric, spec.points, spec.radius);
  return frechetData(
    {
      manifold: spec.manifold,
      k,
      metric: spec.metric,
      n,
      radius: spec.radius,
      heterogeneous: spec.heterogeneous,
    },
    frechetDataStream(spec.seed, n, k, rep),
  );
}

/** The public reference sample of (n, k): same distribution as the data, its own random stream. */
export function frechetPublicSample(spec: FrechetSpec, n: number, k: number): Float64Array[] {
  const size = spec.conformal?.publicN ?? n;
  return frechetData(
    {
      manifold: spec.manifold,
      k,
      metric: spec.metric,
      n: size,
      radius: spec.radius,
      heterogeneous: spec.heterogeneous,
    },
    Rng.fromKey(spec.seed, 0x9ab1, n, k),
  ).points;
}
