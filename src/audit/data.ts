/**
 * What an audit spec names, without preparing a mechanism: its checks, its mechanism, the data set D and the
 * neighbouring pair D, D′.
 */
import { euclidean } from '../geometry/euclidean';
import { sphere } from '../geometry/sphere';
import { spd } from '../geometry/spd';
import type { Manifold } from '../geometry/types';
import { frechetDataStream } from '../experiments/frechetSpec';
import { frechetData } from '../experiments/frechetData';
import { MECHANISMS, type MechanismSettings, type TableMechanism } from '../experiments/mechanisms';
import { mechanismInfoById } from '../experiments/mechanismInfo';
import { prepareRegression } from '../experiments/regressionSetup';
import type { MechanismData } from '../privacy/mechanism';
import { uniformInBall } from '../sampling/distributions';
import { Rng } from '../sampling/rng';
import { neighbouringData, type Neighbours } from './neighbours';
import type { AuditPair, AuditSpec } from './types';

export const DEFAULT_CELL_RELEASES = 200;

export function mechanismById(id: string): TableMechanism {
  const known = mechanismInfoById(id).id;
  return MECHANISMS.find((x) => x.id === known)!;
}

function pointManifold(space: 'sphere' | 'spd' | 'euclidean', k: number, s: MechanismSettings): Manifold {
  if (space === 'sphere') return sphere();
  if (space === 'spd') return spd(k, s.frechet.metric);
  return euclidean(k);
}

/** The data set D of a spec. */
export function auditData(spec: AuditSpec): MechanismData {
  const d = spec.data;
  if (d.kind === 'regression') {
    const r = prepareRegression(d.source);
    return { M: r.M, xs: Float64Array.from(r.xs), ys: r.ys };
  }
  if (d.kind === 'imported-points') {
    const k = d.space === 'spd' ? Math.round(Math.sqrt(d.ys[0]?.length ?? 4)) : (d.ys[0]?.length ?? 1);
    return { M: pointManifold(d.space, k, spec.settings), xs: null, ys: d.ys };
  }
  const k = d.k ?? (d.space === 'spd' ? 2 : 1);
  // on S² and SPD: replicate 0 of the Fréchet experiment, the very points the lab's view and `frechet` draw
  const rng = d.space === 'euclidean' ? Rng.fromKey(d.seed, 0xda7a) : frechetDataStream(d.seed, d.n, k, 0);
  const radius = spec.settings.frechet.radius;
  const ys =
    d.space === 'euclidean'
      ? Array.from({ length: d.n }, () => uniformInBall(rng, k, radius))
      : frechetData(
          {
            manifold: d.space,
            k,
            metric: spec.settings.frechet.metric,
            n: d.n,
            radius,
            heterogeneous: d.heterogeneous,
          },
          rng,
        ).points;
  return { M: pointManifold(d.space, k, spec.settings), xs: null, ys };
}

export function checkAuditSpec(spec: AuditSpec): void {
  const fail = (msg: string) => {
    throw new RangeError(`audit: ${msg}`);
  };
  if (!(Number.isInteger(spec.releases) && spec.releases >= 4))
    fail(`the number of releases per side must be an integer ≥ 4 (got ${spec.releases})`);
  const c = spec.cellReleases ?? DEFAULT_CELL_RELEASES;
  if (!(Number.isInteger(c) && c >= 4 && c % 4 === 0))
    fail(`releases per cell must be a positive multiple of 4 (got ${c})`);
  const m = mechanismInfoById(spec.mechanism);
  const wantsPoints = m.family === 'frechet';
  if (wantsPoints !== (spec.data.kind !== 'regression'))
    fail(`${m.label} takes ${wantsPoints ? 'a sample of points' : 'regression data (x, y)'}`);
}

/** The pair of `auditNeighbours`/`auditSetup`, as plain numbers (it crosses the worker boundary). */
export function auditPairOf(nb: Neighbours): AuditPair {
  return {
    index: nb.index,
    before: [...nb.before],
    after: [...nb.after],
    description: nb.description,
    x: nb.D.xs?.[nb.index] ?? null,
    records: nb.D.ys.length,
  };
}

/**
 * The two neighbouring data sets alone (one fit; no mechanism prepared): what the workspace view draws before
 * and while an audit runs. Equal to `auditSetup(spec).neighbours` (same data, same rule). `data` may be passed
 * when the caller has D already (the lab's views: generating shapes again would block the page for seconds).
 */
export function auditNeighbours(spec: AuditSpec, data: MechanismData = auditData(spec)): Neighbours {
  checkAuditSpec(spec);
  return neighbouringData(mechanismInfoById(spec.mechanism).family, data, spec.settings, spec.neighbour);
}

/**
 * Everything the pair D, D′ depends on (`auditData` and `neighbouringData` read no more): two specs with equal
 * inputs have the same pair, so the lab keeps its drawing while ε or the number of releases changes.
 */
export function auditPairInputs(spec: AuditSpec) {
  const s = spec.settings;
  return {
    family: mechanismInfoById(spec.mechanism).family,
    data: spec.data,
    neighbour: spec.neighbour,
    tau: s.kng.tau,
    tauM: s.kng.tauM,
    frechet: { radius: s.frechet.radius, metric: s.frechet.metric },
    linreg: { tau: s.linreg.dpgr.tau, yBounds: s.linreg.ssp.yBounds },
  };
}
