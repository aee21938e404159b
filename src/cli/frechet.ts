/**
 * `frechet`: private Fréchet means on the command line (docs/frechet.md; papers 004, 002, 003). The utility
 * experiment (distance of each release to the non-private Fréchet mean, per mechanism, n, k and ε) runs as
 * the `frechet` worker task; `--experiment sensitivity` runs 004 Fig. 1's empirical sensitivity against the
 * bound. It has its own options (see options.ts), resolved here.
 */
import { availableParallelism } from 'node:os';
import { frechetDataRadius, frechetPointsDataset } from '../experiments/frechetData';
import { aggregateFrechet, FRECHET_ROW_COLUMNS } from '../experiments/frechetRows';
import { frechetSensitivityExperiment } from '../experiments/frechetSensitivity';
import { checkFrechetSpec, FRECHET_MECHANISMS, type FrechetSpec } from '../experiments/frechetSpec';
import { frechetClaim } from '../privacy/claims';
import { FRECHET_MECHANISM_TABLE, type FrechetMechanism } from '../privacy/frechet/mechanisms';
import { privacyStatement, type ClaimBatch } from '../privacy/statement';
import { loadPoints, pointsDataEcho, type DataEcho } from './data';
import {
  checkSize,
  CliError,
  enumValue,
  intList,
  intValue,
  listOf,
  numberValue,
  str,
  type RawOptions,
} from './options';
import { Progress, writeOutput, type ErrorSink, type Sink } from './output';
import { provenance } from './provenance';
import { runTask } from './run';

/** Default mechanisms per manifold (the table's `cliDefault`; conformal is opt-in: slow and never private). */
export const FRECHET_DEFAULT_MECHANISMS: Readonly<Record<'sphere' | 'spd', readonly FrechetMechanism[]>> = {
  sphere: defaultsOn('sphere'),
  spd: defaultsOn('spd'),
};

function defaultsOn(space: 'sphere' | 'spd'): FrechetMechanism[] {
  return FRECHET_MECHANISM_TABLE.filter((m) => (m.cliDefault as readonly string[]).includes(space)).map(
    (m) => m.id,
  );
}

/** Default data radius: 004's sphere cap r = π/8; 002's r = 1/4 on SPD. */
export const FRECHET_DEFAULT_RADIUS = { sphere: Math.PI / 8, spd: 0.25 } as const;

interface FrechetConfig {
  experiment: 'utility' | 'sensitivity';
  spec: FrechetSpec;
  /** Where the public ball's radius comes from, and the radius the user's points reach. */
  radiusSource: 'synthetic' | 'public' | 'data';
  dataRadius: number | null;
  dataFile: string | null;
  pairs: number;
  workers: number;
  format: 'json' | 'csv';
  quiet: boolean;
  settingsEcho: Record<string, unknown>;
  notes: string[];
}

function resolve(values: RawOptions): FrechetConfig {
  const get = (name: string) => str(values[name]);
  const notes: string[] = [];
  const given = (name: string) => values[name] !== undefined;
  const experiment = enumValue('experiment', get('experiment') ?? 'utility', [
    'utility',
    'sensitivity',
  ] as const);
  const manifold = enumValue('manifold', get('manifold') ?? 'sphere', ['sphere', 'spd'] as const);
  const metric = enumValue('metric', get('metric') ?? 'logEuclidean', ['affine', 'logEuclidean'] as const);
  const ks = intList('k', get('k') ?? '2', 1);
  if (ks.some((k) => k > 50))
    throw new CliError(`--k: SPD sizes above 50 are not supported (got "${get('k')}")`);
  if (new Set(ks).size !== ks.length) throw new CliError(`--k lists a size twice (got "${get('k')}")`);
  if (manifold === 'sphere') {
    for (const name of ['k', 'metric'])
      if (given(name)) notes.push(`--${name} is for SPD matrices; the sphere is S² (ignored)`);
  }
  const own = ownPoints(values, manifold, metric, experiment, notes);
  const ns = own ? [own.points.length] : intList('n', get('n') ?? '500', 3);
  if (new Set(ns).size !== ns.length) throw new CliError(`--n lists a size twice (got "${get('n')}")`);
  for (const n of ns) checkSize('frechet', n, manifold === 'sphere' ? 3 : Math.max(...ks) ** 2);
  const radius =
    own && !given('radius')
      ? own.dataRadius
      : numberValue('radius', get('radius') ?? String(FRECHET_DEFAULT_RADIUS[manifold]), 'positive');
  if (manifold === 'sphere' && !(radius < Math.PI / 4) && !(own && !given('radius')))
    throw new CliError(
      `--radius must be < π/4 ≈ 0.785 on the sphere (004 Thm 2 needs r < ½·min(inj, π/(2√κ))) (got "${get('radius')}")`,
    );
  const eps = listOf('eps', get('eps') ?? '0.1,0.2,0.3,0.4').map((e) => numberValue('eps', e, 'positive'));
  const delta = numberValue('delta', get('delta') ?? '1e-6', 'positive');
  if (!(delta < 1)) throw new CliError(`--delta must be a number in (0, 1) (got "${get('delta')}")`);
  const mechanisms = (
    given('mechanism')
      ? listOf('mechanism', get('mechanism')!).map((m) => enumValue('mechanism', m, FRECHET_MECHANISMS))
      : [...FRECHET_DEFAULT_MECHANISMS[manifold]]
  ) as FrechetMechanism[];
  const calibration = enumValue('calibration', get('calibration') ?? 'analytic', [
    'classical',
    'analytic',
  ] as const);
  const sigmaRule = enumValue('sigma-rule', get('sigma-rule') ?? 'paper', ['paper', 'strict'] as const);
  const reps = intValue('reps', get('reps') ?? '20', 1, 1_000_000);
  const seed = intValue('seed', get('seed') ?? '1', 0);
  const burnIn = intValue('burn-in', get('burn-in') ?? '2000', 0, 10_000_000);
  const rlSampler = enumValue('rl-sampler', get('rl-sampler') ?? 'exact', ['exact', 'mcmc'] as const);
  const phiSource = enumValue('phi-source', get('phi-source') ?? 'private', ['private', 'public'] as const);
  const heterogeneous = values.heterogeneous === true;
  if (given('rl-sampler') && !(manifold === 'spd' && metric === 'logEuclidean'))
    notes.push('--rl-sampler chooses between the exact and the MH log-Euclidean Laplace; ignored here');
  if (given('phi-source') && !mechanisms.includes('conformal'))
    notes.push('--phi-source is a conformal-DP setting; ignored (no conformal mechanism chosen)');
  const pairs = intValue('pairs', get('pairs') ?? '20', 1, 100_000);
  if (experiment === 'sensitivity') {
    for (const name of ['eps', 'delta', 'mechanism', 'calibration', 'sigma-rule', 'reps', 'burn-in'])
      if (given(name)) notes.push(`--${name} does not apply to --experiment sensitivity (ignored)`);
  } else if (given('pairs')) notes.push('--pairs is for --experiment sensitivity (ignored)');

  const spec: FrechetSpec = {
    manifold,
    ks: manifold === 'sphere' ? [2] : own ? [own.k] : ks,
    metric,
    ns,
    radius,
    eps,
    delta,
    mechanisms,
    calibration,
    sigmaRule,
    reps,
    seed,
    heterogeneous,
    rlSampler,
    burnIn,
    keep: 0,
    conformal: { phiSource },
    ...(own ? { points: own.points, radiusFromData: !given('radius') } : {}),
  };
  try {
    checkFrechetSpec(spec);
  } catch (e) {
    throw new CliError((e as Error).message);
  }
  const radiusSource = own ? (given('radius') ? 'public' : 'data') : 'synthetic';
  const common = {
    experiment,
    manifold,
    seed,
    n: ns,
    noise: null,
    data: own ? own.echo : null,
    k: manifold === 'spd' ? spec.ks : null,
    metric: manifold === 'spd' ? metric : null,
    radius,
    radiusSource,
  };
  return {
    experiment,
    spec,
    radiusSource,
    dataRadius: own ? own.dataRadius : null,
    dataFile: own ? own.file : null,
    pairs,
    workers: intValue('workers', get('workers') ?? String(availableParallelism()), 1, 1024),
    format: enumValue('format', get('format') ?? 'json', ['json', 'csv'] as const),
    quiet: values.quiet === true,
    settingsEcho:
      experiment === 'sensitivity'
        ? { ...common, pairs }
        : {
            ...common,
            heterogeneous,
            eps,
            delta,
            mechanisms,
            calibration,
            sigmaRule,
            reps,
            burnIn,
            rlSampler: manifold === 'spd' && metric === 'logEuclidean' ? rlSampler : null,
            phiSource: mechanisms.includes('conformal') ? phiSource : null,
          },
    notes,
  };
}

/**
 * `--data FILE`: the user's own points (the lab's points importer), their size k, and the radius they satisfy —
 * used as r when no public `--radius` is given, which makes every release not private (as τ from the data).
 */
function ownPoints(
  values: RawOptions,
  manifold: 'sphere' | 'spd',
  metric: 'affine' | 'logEuclidean',
  experiment: 'utility' | 'sensitivity',
  notes: string[],
): { file: string; points: Float64Array[]; k: number; dataRadius: number; echo: DataEcho } | null {
  const file = str(values.data);
  if (file === undefined) return null;
  if (experiment === 'sensitivity')
    throw new CliError(
      '--data is for the utility experiment: the sensitivity experiment makes its own adjacent data sets',
    );
  let parsed;
  try {
    parsed = loadPoints(file, manifold, values.normalize === true);
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError((e as Error).message);
  }
  for (const w of parsed.warnings) notes.push(`${file}: ${w}`);
  for (const name of ['n', 'heterogeneous', ...(manifold === 'spd' ? ['k'] : [])])
    if (values[name] !== undefined) notes.push(`--${name} describes synthetic data; ignored with --data`);
  const k = manifold === 'sphere' ? 2 : parsed.k;
  const dataRadius = frechetDataRadius(
    frechetPointsDataset(manifold, k, metric, parsed.points, 1),
    manifold,
    k,
  );
  const publicRadius = Number(str(values.radius));
  if (values.radius !== undefined && dataRadius > publicRadius)
    notes.push(
      `your points reach r = ${dataRadius.toPrecision(4)}, farther than the public --radius ${publicRadius}: the ` +
        'sensitivity bound does not cover them, so the releases are not private as calibrated',
    );
  if (values.radius === undefined)
    notes.push(
      `the radius r = ${dataRadius.toPrecision(4)} behind the sensitivity is taken from your data: no release is ` +
        'private (give a public bound with --radius)',
    );
  return {
    file,
    points: parsed.points,
    k,
    dataRadius: Math.max(dataRadius, 1e-6),
    echo: pointsDataEcho(file, parsed, values.normalize === true),
  };
}

export async function frechetCommand(
  values: RawOptions,
  io: { stdout: Sink; stderr: ErrorSink; argv?: readonly string[] },
): Promise<void> {
  const cfg = resolve(values);
  const head = (privacy: ReturnType<typeof privacyStatement>) => ({
    command: 'frechet' as const,
    settings: cfg.settingsEcho,
    notes,
    privacy,
    provenance: provenance(
      io.argv ?? [],
      { data: cfg.dataFile === null ? cfg.spec.seed : null, samplers: cfg.spec.seed },
      cfg.dataFile,
    ),
  });
  const notes = [...cfg.notes];
  const say = () => {
    if (!cfg.quiet) for (const n of notes) io.stderr.write(`note: ${n}\n`);
  };
  const { spec } = cfg;
  if (cfg.experiment === 'sensitivity') {
    const rows = spec.ks.flatMap((k) =>
      frechetSensitivityExperiment({
        manifold: spec.manifold,
        k,
        metric: spec.metric,
        ns: spec.ns,
        radius: spec.radius,
        pairs: cfg.pairs,
        seed: spec.seed,
      }).map((r) => ({ k, ...r, ratio: r.bound / r.empirical })),
    );
    const summary = spec.ks.flatMap((k) =>
      spec.ns.map((n) => {
        const mine = rows.filter((r) => r.k === k && r.n === n);
        const emp = mine.map((r) => r.empirical);
        return {
          k,
          n,
          pairs: mine.length,
          bound: mine[0].bound,
          meanEmpirical: emp.reduce((a, b) => a + b, 0) / emp.length,
          maxEmpirical: Math.max(...emp),
          exceedances: emp.filter((e) => !(e <= mine[0].bound)).length,
        };
      }),
    );
    const over = summary.reduce((a, s) => a + s.exceedances, 0);
    notes.push(
      over > 0
        ? `${over} adjacent pair${over === 1 ? '' : 's'} exceed the bound of 004 Thm 2`
        : 'every empirical ρ(x̄, x̄′) is within the bound of 004 Thm 2',
    );
    say();
    const privacy = privacyStatement({
      batches: [],
      derived: 'it compares the sensitivity bound with the means of adjacent data sets',
      data: 'synthetic',
    });
    writeOutput(io.stdout, cfg.format, head(privacy), { summary, rows }, () => ({
      columns: ['k', 'n', 'pair', 'empirical', 'bound', 'ratio'],
      rows,
    }));
    return;
  }
  const progress = new Progress(io.stderr, 'frechet', !cfg.quiet);
  const cells = await runTask('frechet', spec, cfg.workers, progress.update);
  progress.finish(`${cells.length} cells on ${cfg.workers} worker${cfg.workers === 1 ? '' : 's'}`);
  const rows = aggregateFrechet(cells);
  for (const r of rows) {
    const where = `${r.mechanism} (n = ${r.n}${spec.manifold === 'spd' ? `, k = ${r.k}` : ''}, ε = ${r.eps})`;
    if (!r.applicable) notes.push(`${where} not applicable: ${r.notes.join('; ')}`);
  }
  for (const r of rows)
    if (r.applicable && !r.isPrivate) {
      const why = r.notes.find((n) => n.startsWith('NOT PRIVATE'));
      if (why && !notes.includes(`${r.mechanism}: ${why}`)) notes.push(`${r.mechanism}: ${why}`);
    }
  if (rows.some((r) => r.distance === 'euclidean' && r.applicable))
    notes.push(
      'ambient/extrinsic rows: distance = Euclidean (R³ or Frobenius) from the raw release to the Fréchet mean; ' +
        'meanEuclideanDist compares every mechanism in that distance',
    );
  say();
  const dataKind = cfg.dataFile === null ? 'synthetic' : 'imported';
  const batches = rows.map((r): ClaimBatch => {
    const mcmc =
      r.mechanism === 'conformal' ||
      (r.mechanism === 'riemannian-laplace' &&
        spec.manifold === 'spd' &&
        (spec.metric === 'affine' || spec.rlSampler === 'mcmc'));
    const gaussian = r.mechanism === 'tangent-gaussian' || r.mechanism === 'extrinsic-gaussian';
    return {
      claim: frechetClaim({
        mechanism: r.mechanism,
        eps: r.eps,
        n: r.n,
        applicable: r.applicable,
        isPrivate: r.isPrivate,
        notes: r.notes,
        gaussianDelta: gaussian ? spec.delta : null,
        mcmc,
        radius: spec.radius,
        radiusSource: cfg.radiusSource,
        ...(cfg.dataRadius !== null ? { dataRadius: cfg.dataRadius } : {}),
      }),
      releases: r.applicable ? r.reps : 0,
    };
  });
  const out = rows.map(({ isPrivate: _, ...r }, i) => ({
    ...r,
    privacy: privacyStatement({ batches: [batches[i]], data: dataKind }),
  }));
  const privacy = privacyStatement({
    batches,
    derived:
      'its distances compare each release with the Fréchet mean of the data, so they are computed from the data ' +
      'beyond the releases',
    data: dataKind,
  });
  writeOutput(io.stdout, cfg.format, head(privacy), { rows: out }, () => ({
    columns: FRECHET_ROW_COLUMNS.map((c) => (c === 'isPrivate' ? 'private' : c)),
    rows: out.map((r) => ({ ...r, private: r.privacy.private, notes: r.notes.join(' | ') })),
  }));
}
