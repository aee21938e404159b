/**
 * `npm run bench -- --sampler-splits [--quick]` (or `npx tsx bench/samplerSplits.ts [--quick] [--spaces sphere,spd]
 * [--splits 0.1,0.9] [--chains N] [--walk-chains N] [--reference-chains N] [--samplers mixture,walk,…] [--seed S]`;
 * the default run, about 10 minutes on two idle cores, shapes at three splits; `--quick`, the sphere at 0.1 and 0.9,
 * well under a minute): does the kng-joint
 * default sampler reach its target at every split of the lab's split range? Per space at the lab's default
 * release (sphere n = 300, SPD(2) n = 1000, shapes n = 2000 with 8 landmarks; ε = 1, data seed 1) and per split
 * s (ε_p : ε_v = s : 1 − s of what the space's energy share leaves, jointSettingsFromBudget):
 *
 *  - the reference: long chains that need no linearisation, the tempered random walk (WALK_SAMPLER) at 5× its
 *    steps, from the public start and from the non-private fit, and the mixture at 20× its steps from the public
 *    start; the reference is trusted where the three agree (ln mean MSE within 2 standard errors, two-sample KS of
 *    U not rejected at 1 %), and then pooled;
 *  - the release samplers (the mixture as it was, `mixture200`; the default in force, `mixture`; the walk): ln mean
 *    MSE with its standard error (delta method: sd(MSE)/(√N·mean)), the median of U, and the two-sample KS
 *    distance and p-value of U and of the footpoint's distance to the fit against the pooled reference.
 *
 * MSE is the lab's (the release re-expressed in the lab's parametrisation against the noiseless curve). It
 * reports; it never fails. Seconds are per chain, within this run (compare ratios on a shared machine).
 */
import { pathToFileURL } from 'node:url';
import { jointSettingsFromBudget, prepareJointGroups } from '../src/experiments/jointRelease';
import { mse, prepareRegression, type DataSource } from '../src/experiments/regressionSetup';
import {
  MIXTURE_SAMPLER,
  publicStart,
  reparametrise,
  runJointChain,
  WALK_SAMPLER,
  type KngJointContext,
  type KngJointSettings,
} from '../src/privacy/kngJoint';
import { Rng } from '../src/sampling/rng';
import { ksTwoSample } from '../src/sampling/stats/goodnessOfFit';
import { LAB_SPACES, log, SPLITS } from './labSpaces';

/** Shapes by default at the ends and the middle only: a reference walk there costs 2 s a chain. */
const KENDALL_SPLITS = [0.02, 0.5, 0.98];

/** The mixture as it was before the split-dependent length (one chain, 100 + 100 steps). */
const MIXTURE_200: Partial<KngJointSettings> = {
  ...MIXTURE_SAMPLER,
  burnIn: 100,
  frozenSteps: 100,
  coveringWeight: 0.1,
  linearisedWidths: [[1, 1]],
};

interface Sampler {
  name: string;
  /** Settings over the default release's; a function of the release's settings for the default in force. */
  over: (s: KngJointSettings) => Partial<KngJointSettings>;
  start: 'public' | 'fit';
  role: 'reference' | 'release';
}

export const SAMPLERS: readonly Sampler[] = [
  {
    name: 'walk×5 (public)',
    over: () => ({ ...WALK_SAMPLER, burnIn: 5000, frozenSteps: 2500 }),
    start: 'public',
    role: 'reference',
  },
  {
    name: 'walk×5 (fit)',
    over: () => ({ ...WALK_SAMPLER, burnIn: 5000, frozenSteps: 2500 }),
    start: 'fit',
    role: 'reference',
  },
  {
    name: 'mixture×20 (fit)',
    over: () => ({ burnIn: 100, frozenSteps: 3900 }),
    start: 'fit',
    role: 'reference',
  },
  { name: 'mixture200', over: () => MIXTURE_200, start: 'public', role: 'release' },
  { name: 'mixture', over: () => ({}), start: 'public', role: 'release' },
  { name: 'walk', over: () => WALK_SAMPLER, start: 'public', role: 'release' },
];

const r3 = (x: number) => +x.toFixed(3);
const r2 = (x: number) => +x.toFixed(2);

function median(xs: readonly number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
}

/** ln of the mean and its standard error by the delta method. */
export function lnMeanWithSe(xs: readonly number[]) {
  const n = xs.length;
  const mean = xs.reduce((s, x) => s + x, 0) / n;
  const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, n - 1);
  return { ln: Math.log(mean), se: Math.sqrt(variance / n) / mean };
}

interface Draws {
  mse: number[];
  u: number[];
  distToFit: number[];
  seconds: number;
}

function runDraws(
  ctx: KngJointContext,
  toPublic: [number, number],
  reg: ReturnType<typeof prepareRegression>,
  start: 'public' | 'fit',
  chains: number,
  key: number,
): Draws {
  const M = ctx.M;
  const a = M.ambientDim;
  const law = ctx.linearised;
  const fit = new Float64Array(2 * a);
  if (law) {
    fit.set(law.pHat);
    fit.set(law.vHat, a);
  }
  const out: Draws = { mse: [], u: [], distToFit: [], seconds: 0 };
  const t = performance.now();
  for (let i = 0; i < chains; i++) {
    const rng = Rng.fromKey(key, i);
    const r = runJointChain(
      ctx,
      start === 'fit' ? () => fit : (k) => publicStart(M, rng.split(0, k)),
      rng.split(1),
    );
    const lab = reparametrise(M, r.p, r.v, toPublic[0], toPublic[1]);
    out.mse.push(mse(reg, lab.p, lab.v));
    out.u.push(r.potential);
    out.distToFit.push(law ? M.dist(law.pHat, r.p) : NaN);
  }
  out.seconds = (performance.now() - t) / 1000 / chains;
  return out;
}

function summary(d: Draws) {
  const m = lnMeanWithSe(d.mse);
  return {
    lnMeanMse: r2(m.ln),
    se: r2(m.se),
    lnMedianMse: r2(Math.log(median(d.mse))),
    medianU: r2(median(d.u)),
    secondsPerChain: +d.seconds.toPrecision(3),
  };
}

export interface SamplerSplitsOptions {
  spaces: readonly string[];
  /** Default: SPLITS (shapes: 0.02, 0.5, 0.98). */
  splits?: readonly number[];
  /** Chains per release sampler (the walk's apart: it costs 20× the mixture's), and per reference sampler. */
  chains: number;
  walkChains: number;
  referenceChains: number;
  samplers?: readonly string[];
  seed: number;
}

export function samplerSplits(o: SamplerSplitsOptions) {
  const results = [];
  for (const space of LAB_SPACES.filter((s) => o.spaces.includes(s.manifold))) {
    const source = { kind: 'synthetic', seed: 1, ...space } as DataSource;
    const reg = prepareRegression(source);
    const kind = reg.M.family?.kind;
    const splits = o.splits ?? (space.manifold === 'kendall' ? KENDALL_SPLITS : SPLITS);
    for (const split of splits) {
      const budget = jointSettingsFromBudget({ epsP: split, epsV: 1 - split, m: 1 }, kind);
      const g = prepareJointGroups(reg, source, budget);
      const base = g.ctx;
      // the sampler in force: prepareKngJoint applied jointSamplerInForce (the mixture's steps at this split)
      const inForce = base.settings;
      const rows: Record<string, ReturnType<typeof summary> & Record<string, unknown>> = {};
      const draws: Record<string, Draws> = {};
      for (const [j, sampler] of SAMPLERS.entries()) {
        if (o.samplers && !o.samplers.includes(sampler.name)) continue;
        if (sampler.start === 'fit' && !base.linearised) continue;
        const settings = { ...base.settings, ...sampler.over(inForce) };
        if (settings.proposal === 'mixture' && !base.linearised) continue;
        const ctx = { ...base, settings };
        const N =
          sampler.role === 'reference'
            ? o.referenceChains
            : sampler.name === 'walk'
              ? o.walkChains
              : o.chains;
        log(`${space.manifold} split ${split}: ${sampler.name}, ${N} chains…`);
        draws[sampler.name] = runDraws(ctx, g.toPublic, reg, sampler.start, N, o.seed * 100 + j);
        rows[sampler.name] = summary(draws[sampler.name]);
      }
      const refs = SAMPLERS.filter((s) => s.role === 'reference' && draws[s.name]).map((s) => s.name);
      // do the reference chains agree with each other? ln mean MSE within 2 se, U's law not rejected at 1 %
      const agreement = [];
      for (let i = 0; i < refs.length; i++)
        for (let k = i + 1; k < refs.length; k++) {
          const x = rows[refs[i]];
          const y = rows[refs[k]];
          const z = Math.abs(x.lnMeanMse - y.lnMeanMse) / Math.hypot(x.se, y.se);
          const ks = ksTwoSample(draws[refs[i]].u, draws[refs[k]].u);
          agreement.push({ pair: `${refs[i]} | ${refs[k]}`, z: r2(z), ksPValueU: r3(ks.pValue) });
        }
      const trusted = agreement.every((a) => a.z < 2 && a.ksPValueU > 0.01);
      const pooled: Draws = { mse: [], u: [], distToFit: [], seconds: NaN };
      for (const name of refs) {
        pooled.mse.push(...draws[name].mse);
        pooled.u.push(...draws[name].u);
        pooled.distToFit.push(...draws[name].distToFit);
      }
      const reference = refs.length ? summary(pooled) : null;
      for (const s of SAMPLERS.filter((x) => x.role === 'release' && draws[x.name])) {
        const d = draws[s.name];
        if (!refs.length) continue;
        const ksU = ksTwoSample(d.u, pooled.u);
        const z = reference
          ? Math.abs(rows[s.name].lnMeanMse - reference.lnMeanMse) / Math.hypot(rows[s.name].se, reference.se)
          : NaN;
        rows[s.name] = {
          ...rows[s.name],
          zAgainstReference: r2(z),
          ksU: r3(ksU.statistic),
          ksPValueU: r3(ksU.pValue),
          ...(base.linearised
            ? (() => {
                const k = ksTwoSample(d.distToFit, pooled.distToFit);
                return { ksDistToFit: r3(k.statistic), ksPValueDistToFit: r3(k.pValue) };
              })()
            : {}),
        };
      }
      results.push({
        space: reg.M.name,
        n: space.n,
        split,
        epsP: r3(budget.epsP),
        epsV: r3(budget.epsV),
        epsE: r3(budget.epsE),
        lnNonPrivateMse: r2(reg.lnNonPrivateMse),
        defaultInForce: {
          proposal: inForce.proposal,
          replicas: inForce.replicas,
          burnIn: inForce.burnIn,
          frozenSteps: inForce.frozenSteps,
          coveringWeight: inForce.coveringWeight,
        },
        reference: reference && { ...reference, secondsPerChain: undefined, trusted, agreement },
        samplers: rows,
      });
      log(JSON.stringify(results[results.length - 1]));
    }
  }
  return results;
}

export function samplerSplitsOptions(argv: readonly string[]): SamplerSplitsOptions & { quick: boolean } {
  const quick = argv.includes('--quick');
  const arg = (name: string) => {
    const at = argv.indexOf(`--${name}`);
    return at > 0 ? argv[at + 1] : undefined;
  };
  const list = (name: string) => arg(name)?.split(',');
  return {
    quick,
    spaces: list('spaces') ?? (quick ? ['sphere'] : ['sphere', 'spd', 'kendall']),
    splits: list('splits')?.map(Number) ?? (quick ? [0.1, 0.9] : undefined),
    chains: Number(arg('chains') ?? 100),
    walkChains: Number(arg('walk-chains') ?? 20),
    referenceChains: Number(arg('reference-chains') ?? 20),
    samplers: list('samplers'),
    seed: Number(arg('seed') ?? 1),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const o = samplerSplitsOptions(process.argv);
  process.stdout.write(`${JSON.stringify({ ...o, samplerSplits: samplerSplits(o) }, null, 2)}\n`);
}
