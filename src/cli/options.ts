/**
 * The command line's options: one table that drives parsing, validation and the help text.
 */
import { parseArgs } from 'node:util';
import { MANIFOLD_KINDS } from '../data/manifolds';
import { linregMethodIds, MECHANISMS } from '../experiments/mechanisms';

export const COMMANDS = [
  'fit',
  'release',
  'sweep',
  'advise',
  'sensitivity',
  'histograms',
  'linreg',
  'frechet',
  'audit',
] as const;
export type Command = (typeof COMMANDS)[number];

/** A bad command line or bad file: exit code 2 and a one-line message. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

export interface OptionDef {
  name: string;
  /** Placeholder of the value in the help text; absent for flags. */
  arg?: string;
  /** Commands the option applies to. */
  commands: readonly Command[];
  /** Default, as shown in the help text (per command where it differs). */
  default?: string | ((command: Command) => string | undefined);
  help: string;
}

const ALL = COMMANDS;
const DATA: readonly Command[] = ['fit', 'release', 'sweep', 'advise'];
/** Options of the sampler and calibration of KNG (the audit takes them too: it runs KNG releases). */
const KNG: readonly Command[] = ['release', 'sweep', 'advise', 'histograms', 'audit'];
const POOL: readonly Command[] = ['sweep', 'advise', 'sensitivity', 'histograms'];

/** Options of paper 000's KNG that kng-joint does not use (its sampler and calibration are its own). */
export const KNG_ONLY = [
  'sigma-rule',
  'tau',
  'tau-m',
  'v-domain',
  'v-radius',
  'burn-in',
  'scheme',
  'step-p',
  'step-v',
  'adaptive',
] as const;

/** The help of a paper-KNG option says where it is refused (the commands that take --mechanism). */
const kngOnly = (help: string) =>
  `${help} (release, sweep, advise, audit: a setting of --mechanism kng, refused with kng-joint, the default on ` +
  'S², SPD and Kendall shapes.)';

export const OPTIONS: readonly OptionDef[] = [
  {
    name: 'manifold',
    arg: MANIFOLD_KINDS.join('|'),
    commands: ALL.filter((c) => c !== 'linreg'),
    default: 'sphere',
    help:
      'Space of the responses: the sphere S², SPD(2) matrices (affine-invariant metric), Kendall planar shapes, or R^d ' +
      '(frechet: sphere or spd, SPD(k) with --k and --metric).',
  },
  {
    name: 'n',
    arg: 'LIST',
    commands: ALL,
    default: (c) =>
      c === 'sweep' || c === 'sensitivity'
        ? '20,50,100'
        : c === 'histograms'
          ? '20'
          : c === 'linreg'
            ? '100'
            : c === 'frechet'
              ? '500'
              : '50',
    help:
      'Sizes of the synthetic data sets, comma-separated (sweep, sensitivity: one curve per n; fit, release, advise, ' +
      'histograms: one n). At most 1,000,000 records for fit, linreg and frechet, 100,000 for the commands that ' +
      'run chains, and 50 million numbers in memory. Ignored with --data.',
  },
  {
    name: 'seed',
    arg: 'INT',
    commands: ALL,
    default: '1',
    help:
      'Seed of the synthetic data and, without --sampler-seed, of the samplers (an integer ≥ 0). Same seed, same ' +
      'numbers, whatever --workers.',
  },
  {
    name: 'sampler-seed',
    arg: 'INT',
    commands: KNG,
    default: 'the --seed',
    help:
      'Seed of the samplers’ random streams alone (an integer ≥ 0): one data set released with several sampler ' +
      'seeds (the same data and non-private fit, other draws), or several data sets (--seed) with one. Without it ' +
      'the samplers take --seed, and the output is the same as before the option existed. sweep also takes a ' +
      'list or a range (1,2,3 or 1..5, at most 1000 seeds): the same data swept once per sampler seed, with the ' +
      'rows pooled across them.',
  },
  {
    name: 'noise-var',
    arg: 'NUMBER',
    commands: ALL.filter((c) => c !== 'frechet'),
    default: 'per manifold: sphere 0.001, spd 0.01, kendall 1, euclidean 0.1',
    help:
      'Spread δ of the synthetic data, in each generator’s unit: sphere — variance of the ambient Gaussian noise ' +
      'before projection (paper: 0.001, 0.01, 0.1); spd — sd of the tangent Gaussian noise; kendall — multiplier ' +
      'of the between-subject variation of the outlines; euclidean — noise sd per coordinate. Ignored with --data.',
  },
  {
    name: 'landmarks',
    arg: 'INT',
    commands: ['fit', 'release', 'sweep', 'advise'],
    default: '50',
    help:
      'Synthetic Kendall shapes (--manifold kendall): landmarks per outline (3 to 200; the shape space has 2k − 4 ' +
      'dimensions; the lab’s landmark control). Ignored with --data.',
  },
  {
    name: 'data',
    arg: 'FILE',
    commands: [...DATA, 'linreg', 'audit', 'frechet'],
    help:
      'Use your own data (CSV or JSON, ≤ 20 MB) instead of synthetic data (the options describing those are then ' +
      'ignored). ' +
      'Rows: sphere — x, then 3 coordinates of a unit vector, or x, lat, lon in degrees (header naming lat/lon); ' +
      'spd — x, a, b, c of [[a, b], [b, c]]; kendall — x, then x1, y1, …, xk, yk (k ≥ 3), or one row per landmark ' +
      'with a subject/id column; euclidean — x, then d responses. Comma, semicolon or tab separators and a header ' +
      'line are detected. Covariates are rescaled to [0, 1]. frechet: points only — sphere unit vectors x, y, z or ' +
      'lat, lon in degrees; spd the k(k+1)/2 upper-triangle entries m11, m12, …, mkk per row, or a JSON array of ' +
      'k×k matrices.',
  },
  {
    name: 'columns',
    arg: 'SPEC',
    commands: [...DATA, 'linreg', 'audit'],
    default: 'first column x, the others y',
    help:
      'Which columns of --data to use, by header name or 1-based number: x=NAME,y=NAME[,NAME…] ' +
      '(e.g. x=alcohol,y=pH or x=1,y=3,4,5); subject=NAME picks the subject column of the long shape format.',
  },
  {
    name: 'normalize',
    commands: [...DATA, 'audit', 'frechet'],
    help: 'Sphere --data: project points that are not unit vectors onto the sphere (otherwise they are an error).',
  },
  {
    name: 'eps-p',
    arg: 'NUMBER',
    commands: ['release', 'histograms', 'audit'],
    default: '1',
    help: 'Privacy budget ε_p of the footpoint (> 0; smaller = more private).',
  },
  {
    name: 'eps-v',
    arg: 'NUMBER',
    commands: ['release', 'histograms', 'audit'],
    default: '1',
    help: 'Privacy budget ε_v of the shooting vector (> 0). Total ε = ε_p + ε_v.',
  },
  {
    name: 'eps-e',
    arg: 'NUMBER',
    commands: ['release'],
    default: 'per space: sphere 0.5, SPD and Kendall 1.4',
    help:
      'kng-joint: weight ε_E of the energy term (≥ 0). The release is (ε_E + ε_p + ε_v)-DP; by default the three ' +
      'share ε = 2 as the lab does on each space (sphere 0.75, 0.75, 0.5; SPD and Kendall 0.3, 0.3, 1.4).',
  },
  {
    name: 'x-range',
    arg: 'LO,HI',
    commands: ['release'],
    default: 'the generator’s range (synthetic data); with --data: none (then not private)',
    help: 'kng-joint: public range of the covariate in its own units; covariates outside it are clamped.',
  },
  {
    name: 'split',
    arg: 'unequal|equal|both',
    commands: ['sweep'],
    default: 'both',
    help:
      'Budget panel(s): unequal — a total ε (--eps, paper 2.02) split from ε_p = ε·0.02/2.02 to ε − that, ' +
      'ε_v = ε − ε_p; equal — total ε over --eps-range (paper 0.2 to 2.0, --eps-scale), ε_p = ε_v = ε/2.',
  },
  {
    name: 'eps-range',
    arg: 'LO,HI',
    commands: ['sweep'],
    default: '0.2,2',
    help: 'The equal panel’s total ε from LO to HI (0 < LO < HI), --points of them.',
  },
  {
    name: 'eps-scale',
    arg: 'linear|log',
    commands: ['sweep'],
    default: 'linear',
    help:
      'Spacing of the equal panel’s ε: linear (the paper’s) or log (evenly spaced ln ε, as the lab spaces a ' +
      'range over several decades).',
  },
  {
    name: 'points',
    arg: 'INT',
    commands: ['sweep', 'advise'],
    default: (c) => (c === 'advise' ? '11' : '10'),
    help:
      'Budget points per panel (advise: splits of the coarse stage over 2%…98% of ε on the footpoint; with ' +
      'kng-joint, of the ε the energy term leaves).',
  },
  {
    name: 'fine-m',
    arg: 'INT',
    commands: ['advise'],
    default: 'max(m, min(20, 2m))',
    help: 'm of the advisor’s fine stage (9 splits around the coarse minimum, fine-m × fine-m pairs each).',
  },
  {
    name: 'sigma-rule',
    arg: 'paper|strict',
    commands: [...KNG, 'linreg', 'frechet'],
    default: 'paper',
    help: kngOnly(
      'Noise scale: paper — σ = Δ/ε (as in the paper’s experiments); strict — σ = 2Δ/ε (what KNG theory needs in general).',
    ),
  },
  {
    name: 'v-domain',
    arg: 'ball|plane',
    commands: KNG,
    default: 'ball',
    help: kngOnly(
      'Domain of the shooting vector: a proper ball (default) or the paper’s whole tangent plane, whose target can be improper.',
    ),
  },
  {
    name: 'v-radius',
    arg: 'NUMBER',
    commands: KNG,
    default: 'injectivity radius (π on S², π/2 on Kendall), 2(τ_m + τ) on SPD',
    help: kngOnly('Public radius of the ball domain of the shooting vector.'),
  },
  {
    name: 'tau',
    arg: 'data|NUMBER',
    commands: [...KNG, 'linreg'],
    default: 'data',
    help: kngOnly(
      'Residual bound τ of the sensitivity: data — the fit’s largest residual, as in the paper (NOT private); ' +
        'a number — a public bound (π on S² and π/2 on Kendall hold unconditionally).',
    ),
  },
  {
    name: 'tau-m',
    arg: 'data|NUMBER',
    commands: KNG,
    default: 'data',
    help: kngOnly(
      'Radius τ_m of a ball holding the data (SPD only, negative curvature): data (NOT private) or a public bound.',
    ),
  },
  {
    name: 'm',
    arg: 'INT',
    commands: ['release', 'sweep', 'advise'],
    default: (c) => (c === 'release' ? '1' : '10'),
    help:
      'kng: private footpoints, and shooting vectors per footpoint (m × m pairs, costing m·ε_p + m²·ε_v); ' +
      'kng-joint: pairs, each a release of its own. release: 1, one publishable release; more are draws for ' +
      'studying the mechanism.',
  },
  {
    name: 'burn-in',
    arg: 'INT',
    commands: [...KNG, 'frechet'],
    default: (c) => (c === 'frechet' ? '2000' : '1000'),
    help: kngOnly('Metropolis–Hastings burn-in steps of every chain.'),
  },
  {
    name: 'scheme',
    arg: 'independent|consecutive',
    commands: ['release', 'sweep', 'advise'],
    default: 'independent',
    help: kngOnly(
      'independent — each draw is the final state of its own chain; consecutive — the paper’s App. A scheme ' +
        '(successive states of one chain after burn-in).',
    ),
  },
  {
    name: 'step-p',
    arg: 'NUMBER',
    commands: KNG,
    default: '5',
    help: kngOnly('Proposal radius of the footpoint chain, in multiples of σ_p.'),
  },
  {
    name: 'step-v',
    arg: 'NUMBER',
    commands: KNG,
    default: '15',
    help: kngOnly('Proposal radius of the shooting-vector chain, in multiples of σ_v.'),
  },
  {
    name: 'adaptive',
    commands: ['release', 'sweep'],
    help: kngOnly(
      'kng: adapt each chain’s proposal step during burn-in toward an acceptance rate of 0.3 (the lab’s adaptive ' +
        'step); without it the step stays --step-p σ_p and --step-v σ_v. kng-joint always adapts.',
    ),
  },
  {
    name: 'pairs',
    arg: 'INT',
    commands: ['sensitivity', 'frechet'],
    default: '20',
    help: 'Adjacent data-set pairs per n.',
  },
  {
    name: 'draws',
    arg: 'INT',
    commands: ['histograms'],
    default: '200',
    help: 'Private draws (each from its own footpoint and shooting-vector chain).',
  },
  {
    name: 'eps',
    arg: 'LIST',
    commands: ['linreg', 'frechet', 'audit', 'advise', 'sweep'],
    default: (c) =>
      c === 'frechet'
        ? '0.1,0.2,0.3,0.4'
        : c === 'linreg'
          ? '0.1,0.2,0.5,1,2,5,10'
          : c === 'advise'
            ? '1'
            : c === 'sweep'
              ? '2.02'
              : undefined,
    help:
      'Total privacy budgets ε, comma-separated (each > 0; smaller = more private). linreg: DPGR spends ε/2 on the ' +
      'intercept and ε/2 on the slope. frechet: the whole ε goes to the one released mean. audit, advise: one ε ' +
      '(kng-joint: ε_E + ε_p + ε_v). ' +
      'sweep: one ε, the total the unequal panel splits (ε_p + ε_v; kng-joint: ε_E + ε_p + ε_v).',
  },
  {
    name: 'method',
    arg: 'LIST',
    commands: ['linreg'],
    default: linregMethodIds().join(','),
    // the mechanism table's linear-regression entries, each with its blurb
    help: `Methods, comma-separated: ${linregMethodIds()
      .map(
        (id) =>
          `${id} — ${id === 'nonprivate' ? 'least squares' : MECHANISMS.find((m) => m.id === id)!.blurb}`,
      )
      .join('; ')}.`,
  },
  {
    name: 'reps',
    arg: 'INT',
    commands: ['linreg', 'frechet'],
    default: (c) => (c === 'frechet' ? '20' : '200'),
    help:
      'linreg: private releases per method and ε (the MSE is their mean; sd and median are reported too). frechet: ' +
      'replicates per mechanism, n, k and ε, each on its own data set.',
  },
  {
    name: 'rows',
    arg: 'INT',
    commands: ['linreg'],
    default: 'all rows',
    help: 'Use only the first N data rows of --data (paper 001 uses the first 100 rows of the wine table); covariates are rescaled to [0, 1] on those rows.',
  },
  {
    name: 'y-bounds',
    arg: 'data|LO:HI[,LO:HI…]',
    commands: ['linreg', 'audit'],
    default: 'data',
    help:
      'SSP response box: data — each coordinate’s own min and max (as diffprivlib does without bounds; NOT ' +
      'private); LO:HI — a public box for every coordinate, or one LO:HI per coordinate (values outside are clipped).',
  },
  {
    name: 'delta',
    arg: 'NUMBER',
    commands: ['linreg', 'frechet', 'audit'],
    default: (c) => (c === 'frechet' ? '1e-6' : c === 'audit' ? 'Fréchet 1e-6, DP-SGD 1e-5' : '1e-5'),
    help: 'δ of the (ε, δ) guarantee, in (0, 1). linreg: of DP-SGD; frechet: of the Gaussian mechanisms.',
  },
  {
    name: 'clip',
    arg: 'NUMBER',
    commands: ['release', 'linreg', 'audit'],
    default: (c) => (c === 'release' ? 'sphere 0.1, SPD 0.05, Kendall 0.05' : '0.5'),
    help:
      'release (kng-joint): public Huber clip c of the residuals, fixed before looking at the data; ' +
      'linreg, audit: DP-SGD per-example gradient clipping norm C (> 0).',
  },
  {
    name: 'steps',
    arg: 'INT',
    commands: ['linreg', 'audit'],
    default: '50',
    help: 'DP-SGD full-batch steps T (step size 0.5); the noise grows like √T.',
  },
  {
    name: 'experiment',
    arg: 'utility|sensitivity',
    commands: ['frechet'],
    default: 'utility',
    help:
      'utility — distance of private releases to the Fréchet mean per mechanism, n, k and ε (004 Fig. 1, 002 ' +
      'Fig. 1, 003); sensitivity — empirical ρ(x̄, x̄′) of adjacent data sets against the bound of 004 Thm 2 ' +
      '(--pairs per n).',
  },
  {
    name: 'k',
    arg: 'LIST',
    commands: ['frechet', 'audit'],
    default: '2',
    help: 'SPD sizes k, comma-separated (002: 2,5,10,15,20,25,30). The sphere is S² and ignores it.',
  },
  {
    name: 'metric',
    arg: 'affine|logEuclidean',
    commands: ['frechet', 'audit'],
    default: 'logEuclidean',
    help:
      'SPD metric of the mean and of the intrinsic mechanisms: logEuclidean (002; exact Riemannian Laplace, ' +
      'tangent Gaussian, conformal) or affine (004; Riemannian Laplace by MH, untruncated only for σ < 1/c_k).',
  },
  {
    name: 'radius',
    arg: 'NUMBER',
    commands: ['frechet', 'audit'],
    default: 'sphere π/8, spd 0.25',
    help:
      'Public data radius r: sphere — data uniform in the cap of radius r < π/4 around the north pole (004); ' +
      'spd — eigenvalues uniform on [e^{−r}, e^{r}] with a Haar rotation (002), so the data lie in the ball of ' +
      'radius √k·r around I and Δ = 2√k·r/n. With frechet --data: a public bound your points satisfy; without ' +
      'it, r is taken from the points (NOT private).',
  },
  {
    name: 'mechanism',
    arg: 'LIST',
    commands: ['release', 'sweep', 'advise', 'frechet', 'audit'],
    default: (c) =>
      c === 'frechet'
        ? 'sphere riemannian-laplace,extrinsic-gaussian,ambient-laplace; spd also tangent-gaussian'
        : 'kng-joint (euclidean: kng)',
    help:
      'release, sweep, advise: kng-joint — each pair drawn jointly with clipped residuals, ε-DP for any data ' +
      '(given a public --x-range; sphere, SPD and Kendall shapes; the space’s clip, the generator’s covariate ' +
      'range), as the lab releases and sweeps; kng — paper 000’s footpoint then shooting vector, the mechanism ' +
      'of its figures (the paper’s sweeps need --mechanism kng). Its settings --tau, --tau-m, --sigma-rule, ' +
      '--v-domain, --v-radius, --burn-in, --scheme, --step-p, --step-v and --adaptive (audit: also --sampler ' +
      'mixed|paper) are refused with kng-joint, whose own --sampler is walk|mixture. sweep, advise with kng-joint: m pairs per budget point at the point’s total ' +
      'ε, the energy term taking the space’s share. ' +
      'frechet: mechanisms, comma-separated: riemannian-laplace (004), tangent-gaussian (002; log-Euclidean SPD), ' +
      'extrinsic-gaussian and ambient-laplace (Euclidean baselines in R³ or Sym(k)), conformal (003; slow, ' +
      'never private). Mechanisms that do not apply give a row with a note. audit: one mechanism of the ' +
      'table — kng-joint, kng (the pair p̃, ṽ), kng-footpoint, nonprivate (the fit, ε = ∞), the five above, ' +
      'euclidean-knorm (the exact K-norm mean in R^d), dpgr, ssp, dpsgd (R^d linear regression); without ' +
      '--mechanism the default follows --manifold.',
  },
  {
    name: 'calibration',
    arg: 'classical|analytic',
    commands: ['frechet', 'audit'],
    default: 'analytic',
    help: 'σ of the Gaussian mechanisms: classical Δ√(2 ln(1.25/δ))/ε (only for ε < 1) or analytic (Balle–Wang, smallest valid σ).',
  },
  {
    name: 'heterogeneous',
    commands: ['frechet', 'audit'],
    help: 'Paper 003’s heterogeneous data: a dense cluster with 80% of the points plus a sparse background in the same ball.',
  },
  {
    name: 'rl-sampler',
    arg: 'exact|mcmc',
    commands: ['frechet', 'audit'],
    default: 'exact',
    help: 'Log-Euclidean Riemannian Laplace: exact sampler, or MH with --burn-in steps as in 002 (for timing).',
  },
  {
    name: 'phi-source',
    arg: 'private|public',
    commands: ['frechet', 'audit'],
    default: 'private',
    help:
      'Conformal factor φ from the data being released (003) or from a public reference sample of the same ' +
      'distribution. Either way the release is labelled not private (see the notes).',
  },
  {
    name: 'releases',
    arg: 'INT',
    commands: ['audit'],
    default: '2000',
    help: 'Releases per data set: N on D and N on D′ (at least 4; up to 10⁴ for a tight bound).',
  },
  {
    name: 'neighbour',
    arg: 'largest-residual|index:I',
    commands: ['audit'],
    default: 'largest-residual',
    help:
      'Which record differs between D and D′: the one with the largest residual (regression) or farthest from ' +
      'the centre (Fréchet), or record I (1-based); it is replaced by the most adversarial record the public ' +
      'bounds allow (see src/audit/neighbours.ts).',
  },
  {
    name: 'record',
    arg: 'I',
    commands: ['audit'],
    help: 'Short for --neighbour index:I: record I (1-based, as the lab numbers them) is the one replaced.',
  },
  {
    name: 'statistic',
    arg: 'auto|distance',
    commands: ['audit'],
    default: 'auto',
    help:
      'Score of a release: auto — the log-likelihood ratio where the density is known, else the position along ' +
      'the line between the two non-private outputs; distance — always the latter (better against samplers ' +
      'that have not mixed).',
  },
  {
    name: 'sampler',
    arg: 'walk|mixture',
    commands: ['release', 'sweep', 'audit'],
    default: (c) => (c === 'audit' ? 'mixture (kng, kng-footpoint: mixed)' : 'mixture'),
    help:
      'kng-joint’s chain (the target is the same): mixture — one chain of 100 + 100 steps mixing a random walk ' +
      'with independence draws from the target linearised at the non-private fit (MIXTURE_SAMPLER, ' +
      'docs/kng-joint.md; about 20× faster than the walk, audited in docs/audit.md; on shapes with more than 8 ' +
      'landmarks the walk runs instead); walk — the papers’ random walk with replica exchange, 4 replicas × ' +
      '(1,000 + 500) steps per release. Recorded in the settings; refused with other mechanisms. audit ' +
      '--mechanism kng, kng-footpoint take mixed|paper instead: mixed — the lab’s settings (--burn-in, --step-p, ' +
      '--step-v); paper — as paper 000 plausibly sampled: one chain started at the non-private estimate, ' +
      'consecutive draws, burn-in 100, steps 0.2σ (explicit --burn-in, --step-p, --step-v still win).',
  },
  {
    name: 'workers',
    arg: 'INT',
    commands: [...POOL, 'linreg', 'frechet', 'audit'],
    default: 'number of cores',
    help: 'Worker threads; 1 runs on the main thread. Does not change the numbers.',
  },
  {
    name: 'format',
    arg: 'json|csv',
    commands: ALL,
    default: 'json',
    help: 'Output on stdout: one JSON object, or CSV with a header line (notes then go to stderr only).',
  },
  {
    name: 'quiet',
    commands: ALL,
    help: 'No progress line and no notes on stderr (the notes stay in the JSON output).',
  },
  {
    name: 'help',
    commands: ALL,
    help: 'Show help (also: help COMMAND).',
  },
];

export type RawOptions = Record<string, string | boolean | undefined>;

export interface ParsedCommandLine {
  command: Command | 'help' | undefined;
  /** For `help COMMAND`. */
  topic?: string;
  values: RawOptions;
}

/** Splits argv into command and raw option values; unknown options and malformed values are CliErrors. */
export function parseCommandLine(argv: readonly string[]): ParsedCommandLine {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {};
  for (const o of OPTIONS) options[o.name] = { type: o.arg ? 'string' : 'boolean' };
  options.help.short = 'h';
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new CliError(argsErrorMessage(e));
  }
  const [first, ...rest] = parsed.positionals;
  const values = parsed.values as RawOptions;
  if (first === undefined) return { command: undefined, values };
  if (first === 'help') {
    if (rest.length > 1) throw new CliError(`unexpected argument "${rest[1]}"`);
    return { command: 'help', topic: rest[0], values };
  }
  if (!(COMMANDS as readonly string[]).includes(first)) {
    throw new CliError(
      `unknown command "${first}"${suggest(first, [...COMMANDS, 'help'], '')}; the commands are ${COMMANDS.join(', ')}, help`,
    );
  }
  if (rest.length > 0) throw new CliError(`unexpected argument "${rest[0]}" (options start with --)`);
  const command = first as Command;
  for (const o of OPTIONS) {
    if (values[o.name] !== undefined && !o.commands.includes(command)) {
      const hint =
        command === 'sweep' && (o.name === 'eps-p' || o.name === 'eps-v')
          ? ' (a sweep runs the budget panels: choose them with --split, --points, --eps and --eps-range)'
          : ` (it applies to ${o.commands.join(', ')})`;
      throw new CliError(`--${o.name} does not apply to the ${command} command${hint}`);
    }
  }
  return { command, values };
}

function argsErrorMessage(e: unknown): string {
  const err = e as { code?: string; message?: string };
  const msg = err.message ?? String(e);
  const opt = /'(-[^' ]+)/.exec(msg)?.[1];
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const name = opt ?? msg;
      const bare = name.replace(/^-+/, '');
      return `unknown option ${name}${suggest(
        bare,
        OPTIONS.map((o) => o.name),
        '--',
      )} (see --help)`;
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (/ambiguous/.test(msg))
        return `${opt} needs a value (write ${opt}=VALUE for a value that starts with "-")`;
      if (/does not take an argument/.test(msg)) return `${opt} takes no value`;
      return `${opt ?? 'an option'} needs a value`;
    default:
      return msg.split('\n')[0];
  }
}

/** ", did you mean --eps-p?" for a near miss. */
function suggest(word: string, candidates: readonly string[], prefix: string): string {
  let best = '';
  let bestD = Infinity;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return bestD <= Math.max(1, Math.floor(word.length / 3)) ? `, did you mean ${prefix}${best}?` : '';
}

function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
  return d[a.length][b.length];
}

// ---------------------------------------------------------------------------------------------------------
// Value checks: each throws a CliError naming the option and the bad value.
// ---------------------------------------------------------------------------------------------------------

function bad(name: string, value: string, expected: string): CliError {
  return new CliError(`--${name} must be ${expected} (got "${value}")`);
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export function numberValue(name: string, value: string, check: 'positive' | 'nonNegative'): number {
  const s = value.trim();
  const x = NUMBER.test(s) ? Number(s) : NaN;
  const expected = check === 'positive' ? 'a number > 0' : 'a number ≥ 0';
  if (!Number.isFinite(x) || (check === 'positive' ? !(x > 0) : !(x >= 0))) throw bad(name, value, expected);
  return x;
}

/** An integer, also written as a number that is one exactly (1e6, 2.0); NaN otherwise. */
function exactInteger(raw: string): number {
  const s = raw.trim();
  const x = NUMBER.test(s) ? Number(s) : NaN;
  return Number.isSafeInteger(x) ? x : NaN;
}

export function intValue(name: string, value: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const x = exactInteger(value);
  if (!Number.isSafeInteger(x) || x < min || x > max)
    throw bad(
      name,
      value,
      `an integer${max < Number.MAX_SAFE_INTEGER ? ` from ${min} to ${max}` : ` ≥ ${min}`}`,
    );
  return x;
}

/**
 * The largest data set each command takes (records). The sampling commands evaluate every record at every step
 * of every chain (thousands of steps, many chains), so 10⁵ records already take hours; fit, linreg and frechet
 * hold the data and a few passes over them. Beyond these the machine runs out of time or memory long before an
 * answer, so the size is refused at once.
 */
export const MAX_RECORDS: Readonly<Record<Command, number>> = {
  fit: 1_000_000,
  linreg: 1_000_000,
  frechet: 1_000_000,
  release: 100_000,
  sweep: 100_000,
  advise: 100_000,
  sensitivity: 100_000,
  histograms: 100_000,
  audit: 100_000,
};

/** Numbers held in memory at once, over all records (8 bytes each: 400 MB). */
export const MAX_VALUES = 50_000_000;

/** Refuses a data size beyond the command's limit, or beyond MAX_VALUES at `valuesPerRecord` numbers each. */
export function checkSize(command: Command, n: number, valuesPerRecord: number, what = 'records'): void {
  const limit = MAX_RECORDS[command];
  const fmt = (x: number) => x.toLocaleString('en-US');
  if (n > limit)
    throw new CliError(`--n ${n} is beyond the ${command} command's limit of ${fmt(limit)} ${what}`);
  if (n * valuesPerRecord > MAX_VALUES)
    throw new CliError(
      `--n ${n} with ${valuesPerRecord} numbers per record needs ${fmt(n * valuesPerRecord)} numbers in memory; ` +
        `the limit is ${fmt(MAX_VALUES)} (n ≤ ${fmt(Math.floor(MAX_VALUES / valuesPerRecord))} here)`,
    );
}

/** Pairs one budget point of paper 000's KNG may draw: m footpoints × m shooting vectors, each its own chain. */
export const MAX_PAIRS = 1_000_000;

/** Refuses an m whose m² pairs (each a chain run to its end) no run can finish or hold. */
export function checkPairs(name: string, m: number): void {
  if (m * m > MAX_PAIRS)
    throw new CliError(
      `--${name} ${m} makes ${(m * m).toLocaleString('en-US')} pairs (m footpoints × m shooting vectors); the ` +
        `limit is ${MAX_PAIRS.toLocaleString('en-US')} pairs (m ≤ ${Math.floor(Math.sqrt(MAX_PAIRS))})`,
    );
}

/** A raw option value as a string (flags given without a value are `true`). */
export const str = (v: string | boolean | undefined): string | undefined =>
  typeof v === 'string' ? v : undefined;

/** The entries of a comma-separated option, refusing empty and repeated ones. */
export function listOf(name: string, raw: string): string[] {
  const parts = raw.split(',').map((s) => s.trim());
  if (parts.some((p) => p === '')) throw new CliError(`--${name}: empty entry in "${raw}"`);
  if (new Set(parts).size !== parts.length)
    throw new CliError(`--${name} lists a value twice (got "${raw}")`);
  return parts;
}

export function intList(name: string, value: string, min: number): number[] {
  const parts = value.split(',').map((s) => s.trim());
  if (parts.length === 0 || parts.some((p) => p === ''))
    throw bad(name, value, `a comma-separated list of integers ≥ ${min}`);
  return parts.map((p) => {
    const x = exactInteger(p);
    if (!Number.isSafeInteger(x) || x < min)
      throw bad(name, value, `a comma-separated list of integers ≥ ${min}`);
    return x;
  });
}

/** Seeds one option may list: each replicate runs the whole command, so more is a typo, not a plan. */
export const MAX_SEEDS = 1000;

/**
 * Seeds as one integer ≥ 0, a comma-separated list ("1,2,3"), an inclusive range ("1..5"), or a list of both
 * ("1..3,10"): in the order given, none twice, at most MAX_SEEDS.
 */
export function seedList(name: string, value: string): number[] {
  const expected = 'an integer ≥ 0, a list such as 1,2,3 or a range such as 1..5';
  const seeds: number[] = [];
  for (const part of value.split(',')) {
    const ends = part.split('..').map(exactInteger);
    if (ends.length > 2 || ends.some((x) => !Number.isSafeInteger(x) || x < 0))
      throw bad(name, value, expected);
    const [lo, hi = lo] = ends;
    if (lo > hi) throw new CliError(`--${name}: the range ${part.trim()} runs backwards (got "${value}")`);
    if (seeds.length + hi - lo + 1 > MAX_SEEDS)
      throw new CliError(`--${name} gives more than ${MAX_SEEDS} seeds (got "${value}")`);
    for (let x = lo; x <= hi; x++) {
      if (seeds.includes(x)) throw new CliError(`--${name} names seed ${x} twice (got "${value}")`);
      seeds.push(x);
    }
  }
  return seeds;
}

export function enumValue<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new CliError(
    `--${name} must be ${allowed.join(', ').replace(/, ([^,]*)$/, ' or $1')} (got "${value}")`,
  );
}

/** 'data' or a number (τ: > 0; τ_m: ≥ 0). */
export function dataOrNumber(
  name: string,
  value: string,
  check: 'positive' | 'nonNegative',
): 'data' | number {
  if (value.trim() === 'data') return 'data';
  const s = value.trim();
  const x = NUMBER.test(s) ? Number(s) : NaN;
  if (!Number.isFinite(x) || (check === 'positive' ? !(x > 0) : !(x >= 0)))
    throw bad(name, value, `"data" or a number ${check === 'positive' ? '> 0' : '≥ 0'}`);
  return x;
}

/** `x=alcohol,y=pH,density` → { x: 'alcohol', y: ['pH', 'density'] } (numbers stay strings: the parser resolves). */
export function columnsValue(value: string): { x?: string; y?: string[]; subject?: string } {
  const out: { x?: string; y?: string[]; subject?: string } = {};
  let key: 'x' | 'y' | 'subject' | undefined;
  for (const raw of value.split(',')) {
    const token = raw.trim();
    const eq = token.indexOf('=');
    let name = token;
    if (eq >= 0) {
      const k = token.slice(0, eq).trim().toLowerCase();
      name = token.slice(eq + 1).trim();
      if (k === 'x' || k === 'y') key = k;
      else if (k === 'subject' || k === 'id') key = 'subject';
      else throw new CliError(`--columns: unknown key "${k}" (use x=NAME,y=NAME[,NAME…] and subject=NAME)`);
      if ((key === 'y' && out.y) || (key !== 'y' && out[key] !== undefined))
        throw new CliError(`--columns: ${key}= is given twice`);
      if (key === 'y') out.y = [];
    } else if (key === undefined) {
      throw new CliError(`--columns must look like x=NAME,y=NAME[,NAME…] (got "${value}")`);
    } else if (key !== 'y') {
      throw new CliError(`--columns: ${key}= takes one column; more than one response go after y=`);
    }
    if (name === '') throw new CliError(`--columns: empty column name in "${value}"`);
    if (key === 'y') out.y!.push(name);
    else out[key!] = name;
  }
  return out;
}
