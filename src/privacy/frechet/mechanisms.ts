/**
 * The private Fréchet-mean mechanisms (papers 004, 002, 003; docs/frechet.md), described once: the
 * experiment's id (CLI `--mechanism` values, stream keys), the lab's short URL id, names, where each is
 * defined and which the command line runs by default. The experiment (`src/experiments/frechetSpec.ts`),
 * `src/experiments/mechanisms/`, the CLI and the lab (`app/state/settings.ts`, `app/frechet/`) read this
 * table; adding a mechanism starts here (then calibration.ts and release.ts).
 *
 * The order is fixed: a mechanism's index keys its random streams, so appending keeps every other stream.
 */
export const FRECHET_MECHANISM_TABLE = [
  {
    id: 'riemannian-laplace',
    labId: 'rl',
    label: 'Riemannian Laplace',
    short: 'RL',
    blurb: 'noise ∝ exp(−ρ(η, z)/σ) along the manifold itself (004)',
    spaces: ['sphere', 'spd'],
    cliDefault: ['sphere', 'spd'],
  },
  {
    id: 'tangent-gaussian',
    labId: 'tg',
    label: 'Tangent Gaussian',
    short: 'TG',
    blurb: 'Gaussian noise on logm of the log-Euclidean mean, mapped back by expm (002)',
    spaces: ['spd'],
    cliDefault: ['spd'],
  },
  {
    id: 'extrinsic-gaussian',
    labId: 'extg',
    label: 'Extrinsic Gaussian',
    short: 'ExtG',
    blurb: 'Gaussian noise in the surrounding space (R³, or the matrix entries); may leave the space (002)',
    spaces: ['sphere', 'spd'],
    cliDefault: ['sphere', 'spd'],
  },
  {
    id: 'ambient-laplace',
    labId: 'ambient',
    label: 'Ambient Laplace',
    short: 'Ambient',
    blurb: 'Euclidean Laplace noise in the surrounding space, then back onto the manifold (004)',
    spaces: ['sphere', 'spd'],
    cliDefault: ['sphere', 'spd'],
  },
  {
    id: 'conformal',
    labId: 'conformal',
    label: 'Conformal-DP',
    short: 'Conformal',
    blurb: 'Laplace noise in a metric rescaled by the data density (003)',
    spaces: ['sphere', 'spd'],
    // opt-in on the command line: slow (an MH chain per release) and never private
    cliDefault: [],
  },
] as const satisfies readonly {
  id: string;
  labId: string;
  label: string;
  short: string;
  blurb: string;
  spaces: readonly ('sphere' | 'spd')[];
  cliDefault: readonly ('sphere' | 'spd')[];
}[];

export type FrechetMechanismInfo = (typeof FRECHET_MECHANISM_TABLE)[number];
/** The experiment's (and the CLI's) name of a mechanism. */
export type FrechetMechanism = FrechetMechanismInfo['id'];
/** The lab's short id (URL state). */
export type FrechetLabId = FrechetMechanismInfo['labId'];

/** Every mechanism's id, in the table's order. */
export const FRECHET_MECHANISM_IDS: readonly FrechetMechanism[] = FRECHET_MECHANISM_TABLE.map((m) => m.id);

export function frechetMechanismInfo(id: FrechetMechanism): FrechetMechanismInfo {
  const info = FRECHET_MECHANISM_TABLE.find((m) => m.id === id);
  if (!info) throw new RangeError(`unknown Fréchet mechanism "${String(id)}"`);
  return info;
}
