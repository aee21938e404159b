/**
 * The Audit tab's view-model (pure): which mechanisms of the table the current workspace can attack, the audit spec of the current settings, and what the view draws from a result — the boundary of
 * the (ε, δ)-DP region, the attacker's power at a fixed false-alarm rate, the verdict's tone, the exports.
 */
import type { AuditCell, AuditResult, AuditSpec } from '../../src/audit';
import { privacyBoundary } from '../../src/audit/bounds';
import type { MechanismSettings } from '../../src/experiments/mechanisms';
import { MECHANISM_INFO } from '../../src/experiments/mechanismInfo';
import type { SpaceKind } from '../../src/privacy/mechanism';
import { withSampler } from '../../src/privacy/kng';
import { dataSource, kngSettings } from '../compute/jobs';
import { ownData, VIEW_K } from '../workspaces/frechet/jobs';
import { labLinregSettings } from '../workspaces/euclidean/jobs';
import type { ImportedData } from '../store';
import { workspaceOf } from '../workspaces/registry';
import {
  AUDIT_MECHANISMS,
  type AuditMechanismId,
  type LabSettings,
  currentBudget,
  samplerSeedOf,
} from '../state/settings';

export interface AuditMechanismOption {
  id: AuditMechanismId;
  label: string;
  blurb: string;
}

/** The space whose releases the workspace audits: its regression's manifold, else the space of its points. */
export function auditSpace(s: Pick<LabSettings, 'workspace' | 'frechetSpace'>): SpaceKind {
  return workspaceOf(s.workspace).manifold ?? s.frechetSpace;
}

/** Short names for the select (the table's full label heads the results). */
const SHORT_LABELS: Partial<Record<AuditMechanismId, string>> = {
  kng: 'KNG (current settings)',
  'kng-footpoint': 'KNG footpoint p̃ only (current settings)',
  'kng-joint': 'private for any data (current ε)',
};

/** Mechanisms that run slowly (an MCMC chain in a data-dependent metric per release): their options say so. */
const SLOW: readonly string[] = ['conformal'];

/**
 * The mechanisms of the table that release on this workspace's space: regression and linear-regression
 * mechanisms on the regression workspaces, Fréchet-mean mechanisms on the Fréchet workspace.
 */
export function auditMechanismOptions(
  s: Pick<LabSettings, 'workspace' | 'frechetSpace'>,
): AuditMechanismOption[] {
  const space = auditSpace(s);
  const wantsPoints = !workspaceOf(s.workspace).manifold;
  return AUDIT_MECHANISMS.flatMap((id) => {
    const m = MECHANISM_INFO.find((x) => x.id === id);
    if (!m || !m.spaces.includes(space) || (m.family === 'frechet') !== wantsPoints) return [];
    const label = SHORT_LABELS[id] ?? `${m.label}${SLOW.includes(id) ? ' (slow)' : ''}`;
    return [{ id, label, blurb: m.blurb }];
  });
}

/** The mechanism audited: the chosen one where it applies, else the workspace's first. */
export function auditMechanismOf(s: LabSettings): AuditMechanismId {
  const options = auditMechanismOptions(s);
  return options.some((o) => o.id === s.auditMechanism) ? s.auditMechanism : options[0].id;
}

/** Releases per side in one worker cell: about 20 cells per run, so the picture sharpens as they arrive. */
export function auditCellReleases(releases: number): number {
  return Math.max(4, Math.round(releases / 80) * 4);
}

/** What every mechanism of the table reads, from the lab's settings (KNG exactly as the workspace releases). */
export function labMechanismSettings(s: LabSettings): MechanismSettings {
  return {
    eps: s.eps,
    // m = 1: the audit attacks one released pair (the table forces it too; keeps m out of the job's key)
    kng: withSampler({ ...kngSettings(s), ...currentBudget(s), m: 1 }, s.auditSampler),
    frechet: {
      metric: s.metric,
      radius: s.radius,
      delta: s.delta,
      calibration: s.calibration,
      sigmaRule: s.sigmaRule,
      conformal: { phiSource: s.phiSource },
    },
    linreg: labLinregSettings(s),
  };
}

/**
 * The audit of the current workspace's release (the replaced record: the user's pick, else the largest
 * residual — on the Fréchet workspace the point farthest from the centre). On the Fréchet workspace: the
 * user's points, or the synthetic sample the view draws (the same n, r, spread and seed: replicate 0 of the
 * Fréchet experiment, drawn again by the audit's worker, `src/audit/audit.ts` auditData).
 */
export function labAuditSpec(s: LabSettings, imported: ImportedData | undefined): AuditSpec {
  const settings = labMechanismSettings(s);
  let data: AuditSpec['data'];
  if (workspaceOf(s.workspace).manifold) data = { kind: 'regression', source: dataSource(s, imported) };
  else {
    const own = ownData(s, imported);
    if (own) {
      settings.frechet.radius = own.radius;
      data = { kind: 'imported-points', space: s.frechetSpace, ys: own.points };
    } else
      data = {
        kind: 'points',
        space: s.frechetSpace,
        n: s.n,
        k: VIEW_K,
        seed: s.seed,
        heterogeneous: s.spread === 'heterogeneous',
      };
  }
  return {
    mechanism: auditMechanismOf(s),
    data,
    settings,
    neighbour: s.auditRecord > 0 ? { kind: 'index', index: s.auditRecord - 1 } : { kind: 'largest-residual' },
    releases: s.auditReleases,
    // the releases' streams (regression data keep their own seed in the source)
    seed: samplerSeedOf(s),
    cellReleases: auditCellReleases(s.auditReleases),
    statistic: 'auto',
  };
}

/**
 * Corners of the boundary of the (ε, δ)-DP region β = max(0, 1 − δ − e^ε α, e^{−ε}(1 − δ − α)): it is
 * piecewise linear, so these points draw it exactly. Empty for ε = ∞ (no region: every test is allowed).
 */
export function boundaryCorners(eps: number, delta: number): { alpha: number; beta: number }[] {
  if (!Number.isFinite(eps)) return [];
  const kink = (1 - delta) / (1 + Math.exp(eps));
  return [0, kink, 1 - delta, 1].map((alpha) => ({ alpha, beta: privacyBoundary(alpha, eps, delta) }));
}

/** The largest share of D′ a test catches (1 − β) when it wrongly says D′ for at most `alpha` of D. */
export function powerBound(alpha: number, eps: number, delta: number): number {
  return 1 - privacyBoundary(alpha, eps, delta);
}

/** The best measured power (1 − β) among the threshold tests with false-positive rate ≤ `alpha`. */
export function measuredPower(tradeOff: { alpha: number[]; beta: number[] }, alpha: number): number {
  let best = 0;
  tradeOff.alpha.forEach((a, i) => {
    if (a <= alpha) best = Math.max(best, 1 - tradeOff.beta[i]);
  });
  return best;
}

export type VerdictTone = 'leaks' | 'consistent' | 'undecided';

/**
 * 'leaks' when the data prove more than is claimed (the lower bound exceeds the claimed ε, or any positive
 * bound against a release that claims nothing), 'consistent' otherwise; 'undecided' before any release.
 */
export function verdictTone(r: Pick<AuditResult, 'releases' | 'leaks' | 'claimedEpsilon' | 'epsilonLower'>) {
  if (r.releases === 0) return 'undecided' as const;
  if (r.leaks || (!Number.isFinite(r.claimedEpsilon) && r.epsilonLower > 0)) return 'leaks' as const;
  return 'consistent' as const;
}

/** The verdict as a sentence ("So far: …" while releases still arrive). */
export function auditVerdictText(
  r: Pick<AuditResult, 'releases' | 'leaks' | 'claimedEpsilon' | 'epsilonLower' | 'verdict'>,
  running: boolean,
): string {
  if (verdictTone(r) === 'undecided') return 'Waiting for the first releases…';
  return running ? `So far: ${r.verdict}.` : `${r.verdict[0].toUpperCase()}${r.verdict.slice(1)}.`;
}

type ScoredCell = Pick<AuditCell, 'first' | 'scoresD' | 'scoresD2'>;

/** Scores in release order, one row per release and side (the CSV export). */
export function scoreRows(cells: readonly (ScoredCell | undefined)[]) {
  const done = cells.filter((c): c is ScoredCell => c !== undefined).sort((a, b) => a.first - b.first);
  return done.flatMap((c) => [
    ...Array.from(c.scoresD, (score, j) => ({ side: 'D', release: c.first + j, score })),
    ...Array.from(c.scoresD2, (score, j) => ({ side: 'D′', release: c.first + j, score })),
  ]);
}

/** The empirical trade-off curve with the (ε, δ) boundary at each α (the curve's CSV export). */
export function tradeOffRows(r: Pick<AuditResult, 'tradeOff' | 'claimedEpsilon' | 'delta'>) {
  return r.tradeOff.alpha.map((alpha, i) => ({
    alpha,
    beta: r.tradeOff.beta[i],
    boundary: Number.isFinite(r.claimedEpsilon) ? privacyBoundary(alpha, r.claimedEpsilon, r.delta) : 0,
  }));
}
