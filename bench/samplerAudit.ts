/**
 * `npx tsx bench/samplerAudit.ts [--releases N] [--walk-releases N] [--check-releases N] [--spaces sphere,spd,kendall]
 * [--samplers walk,mixture,…] [--n n] [--seed S] [--reference draws] [--split s]`: does the kng-joint 'mixture' sampler,
 * whose proposal is built at the non-private fit, leak more than the exact target? Per space at the lab's default
 * release (sphere n = 300, SPD(2) n = 1000, shapes n = 2000 with 8 landmarks; ε = 1 split evenly unless `--split`;
 * data seed 1),
 * on the worst-case pair D, D′ of src/audit/jointSampler.ts and N releases per side of each sampler, for each of
 * its three statistics:
 *
 *  - audit.ts's sound 95 % lower bound on ε (bounds.ts), against the claimed ε and the ceiling N releases can show;
 *  - the releases' law against the exact target's: the KS distance of the N releases on D (and on D′) to the
 *    target's law, estimated by importance sampling from the linearised law and its public covering share
 *    (mixing.ts; no chain involved), and the two-sample KS p-value against the walk's releases.
 *
 * The samplers: the random walk (the papers', WALK_SAMPLER) and the mixture (MIXTURE_SAMPLER, the default), both from the
 * public start; three power checks that must be caught: the walk started at the non-private fit for 20 steps (a
 * sampler known to leak), the mixture without its covering share (from the public start it cannot reach the
 * target) and the mixture as it was before 2026-11-27 (the linearised law alone, 200 steps: at extreme splits,
 * `--split`, it stays too close to the fit); and the mixture started at the fit for 10 steps (how fast it forgets its start). It reports; it
 * never fails.
 */
import { pathToFileURL } from 'node:url';
import { epsilonCeiling, epsilonLowerBound } from '../src/audit/bounds';
import {
  jointAuditStatistics,
  jointReleases,
  releaseFit,
  stateDistance,
  worstCaseJointNeighbour,
} from '../src/audit/jointSampler';
import { jointSettingsFromBudget, prepareJointGroups } from '../src/experiments/jointRelease';
import {
  prepareRegression,
  type DataSource,
  type PreparedRegression,
} from '../src/experiments/regressionSetup';
import { MIXTURE_SAMPLER, WALK_SAMPLER, type KngJointSettings } from '../src/privacy/kngJoint';
import { ksTwoSample } from '../src/sampling/stats';
import { importanceDraws, ksDistance, weightedLaw } from './mixing';

const log = (msg: string) => process.stderr.write(`${msg}\n`);

export const LAB_SPACES = [
  { manifold: 'sphere', n: 300, noise: 0.001 },
  { manifold: 'spd', n: 1000, noise: 0.01 },
  { manifold: 'kendall', n: 2000, noise: 1, landmarks: 8 },
] as const;

/** A sampler of the comparison: settings over the release's, where its chain starts, and what it is there for. */
interface Sampler {
  name: string;
  over: Partial<KngJointSettings>;
  /** Settings over the prepared context's, in force as given (no step scaling by the split). */
  exact?: Partial<KngJointSettings>;
  start: 'public' | 'fit';
  /**
   * 'release': a sampler a release may use; 'power check': one known to leak, or not to reach the target, that
   * the comparison must catch; 'start': the mixture started at the fit (not private by construction), to see
   * how fast it forgets where it began.
   */
  role: 'release' | 'power check' | 'start';
}

export const SAMPLERS: readonly Sampler[] = [
  { name: 'walk', over: WALK_SAMPLER, start: 'public', role: 'release' },
  { name: 'mixture', over: MIXTURE_SAMPLER, start: 'public', role: 'release' },
  {
    name: 'walk from the fit, 20 steps',
    over: { ...WALK_SAMPLER, replicas: 1, burnIn: 10, frozenSteps: 10 },
    start: 'fit',
    role: 'power check',
  },
  {
    name: 'mixture from the fit, 10 steps',
    over: { ...MIXTURE_SAMPLER, burnIn: 5, frozenSteps: 5 },
    start: 'fit',
    role: 'start',
  },
  {
    // the default before 2026-11-27: the linearised law alone, without its wide copies (samplerSplits.ts)
    name: 'mixture (law alone)',
    over: MIXTURE_SAMPLER,
    exact: { linearisedWidths: [[1, 1]], burnIn: 100, frozenSteps: 100 },
    start: 'public',
    role: 'power check',
  },
  {
    name: 'mixture without its covering share',
    over: { ...MIXTURE_SAMPLER, coveringWeight: 0 },
    start: 'public',
    role: 'power check',
  },
];

const round = (x: number, digits = 3) => +x.toFixed(digits);

export interface SamplerAuditOptions {
  /** Releases per side of the mixture, of the walk (the slowest by far) and of the other samplers. */
  releases: number;
  walkReleases: number;
  checkReleases: number;
  spaces: readonly string[];
  /** Names of the samplers to run (default: all of SAMPLERS). */
  samplers?: readonly string[];
  /** Records (default: each space's lab default). */
  n?: number;
  seed: number;
  /** Draws of the importance-sampling reference per side. */
  referenceDraws: number;
  /** The split ε_p : ε_v of what the energy term leaves (default ½, the even split). */
  split?: number;
}

export function samplerAudit(o: SamplerAuditOptions) {
  const results = [];
  for (const lab of LAB_SPACES.filter((s) => o.spaces.includes(s.manifold))) {
    const space = { ...lab, n: o.n ?? lab.n };
    const source = { kind: 'synthetic', seed: 1, ...space } as DataSource;
    const reg = prepareRegression(source);
    const nb = worstCaseJointNeighbour(reg.M, reg.xs, reg.ys, { p: reg.pHat, v: reg.vHat });
    const reg2 = { ...reg, ys: nb.ys };
    const split = o.split ?? 0.5;
    const budget = jointSettingsFromBudget({ epsP: split, epsV: 1 - split, m: 1 }, reg.M.family?.kind);
    const prepare = (r: PreparedRegression, over: Partial<KngJointSettings>) =>
      prepareJointGroups(r, source, { ...budget, ...over }).ctx;
    const mixD = prepare(reg, MIXTURE_SAMPLER);
    const mixD2 = prepare(reg2, MIXTURE_SAMPLER);
    const fitD = releaseFit(mixD, reg.ys);
    const fitD2 = releaseFit(mixD2, reg2.ys);
    const stats = jointAuditStatistics(mixD, mixD2, fitD, fitD2);
    log(`${space.manifold}: the exact target's laws on D and D′ by importance sampling…`);
    const drawsD = importanceDraws(mixD, o.referenceDraws);
    const drawsD2 = importanceDraws(mixD2, o.referenceDraws);
    const references = Object.fromEntries(
      Object.entries(stats).map(([name, f]) => [
        name,
        [drawsD, drawsD2].map((d) => weightedLaw(d.states.map(f), d.logW)),
      ]),
    );
    const walkScores: Record<string, number[][]> = {};
    const rows = [];
    for (const sampler of SAMPLERS.filter((x) => !o.samplers || o.samplers.includes(x.name))) {
      const N =
        sampler.role !== 'release' ? o.checkReleases : sampler.name === 'walk' ? o.walkReleases : o.releases;
      log(`${space.manifold}: ${sampler.name}, ${N} releases per side…`);
      const exactly = (c: ReturnType<typeof prepare>) =>
        sampler.exact ? { ...c, settings: { ...c.settings, ...sampler.exact } } : c;
      const ctxD = exactly(prepare(reg, sampler.over));
      const ctxD2 = exactly(prepare(reg2, sampler.over));
      const onD = jointReleases(ctxD, sampler.start === 'fit' ? fitD : 'public', N, [o.seed, 0]);
      const onD2 = jointReleases(ctxD2, sampler.start === 'fit' ? fitD2 : 'public', N, [o.seed, 1]);
      const perStatistic = Object.fromEntries(
        Object.entries(stats).map(([name, f]) => {
          const sD = onD.draws.map(f);
          const sD2 = onD2.draws.map(f);
          if (sampler.name === 'walk') walkScores[name] = [sD, sD2];
          const bound = epsilonLowerBound(Float64Array.from(sD), Float64Array.from(sD2), 0);
          const [refD, refD2] = references[name];
          return [
            name,
            {
              epsilonLower: round(bound.lower),
              epsilonEstimate: round(bound.estimate),
              ksToTarget: [round(ksDistance(sD, refD)), round(ksDistance(sD2, refD2))],
              ...(sampler.name !== 'walk' && walkScores[name]
                ? {
                    ksPValueAgainstWalk: [
                      ksTwoSample(sD, walkScores[name][0]).pValue,
                      ksTwoSample(sD2, walkScores[name][1]).pValue,
                    ].map((p) => +p.toPrecision(2)),
                  }
                : {}),
            },
          ];
        }),
      );
      rows.push({
        sampler: sampler.name,
        role: sampler.role,
        releasesPerSide: N,
        ceiling: round(epsilonCeiling(N, 0)),
        // 1.36/√N: the KS distance N draws of the target itself exceed 5 % of the time
        ksCritical5Percent: round(1.36 / Math.sqrt(N)),
        steps: ctxD.settings.replicas * (ctxD.settings.burnIn + ctxD.settings.frozenSteps),
        secondsPerRelease: round((onD.seconds + onD2.seconds) / 2, 4),
        ...perStatistic,
      });
    }
    results.push({
      space: reg.M.name,
      n: space.n,
      seed: o.seed,
      split: o.split ?? 0.5,
      claimedEpsilon: mixD.calibration.epsilon,
      record: nb.index + 1,
      fitsApart: round(stateDistance(reg.M, fitD, fitD2), 5),
      targetWidth: { sigmaP: mixD.calibration.sigmaP, sigmaV: mixD.calibration.sigmaV },
      importanceEss: Object.fromEntries(
        Object.entries(references).map(([name, [d, d2]]) => [name, [Math.round(d.ess), Math.round(d2.ess)]]),
      ),
      samplers: rows,
    });
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const releases = Number(arg('releases') ?? 2000);
  const options: SamplerAuditOptions = {
    releases,
    walkReleases: Number(arg('walk-releases') ?? releases),
    checkReleases: Number(arg('check-releases') ?? releases),
    spaces: (arg('spaces') ?? 'sphere,spd,kendall').split(','),
    samplers: arg('samplers')?.split(','),
    n: arg('n') !== undefined ? Number(arg('n')) : undefined,
    seed: Number(arg('seed') ?? 1),
    referenceDraws: Number(arg('reference') ?? 100000),
    split: arg('split') !== undefined ? Number(arg('split')) : undefined,
  };
  process.stdout.write(`${JSON.stringify({ options, samplerAudit: samplerAudit(options) }, null, 2)}\n`);
}
