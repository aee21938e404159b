/**
 * Everything that defines what the lab shows, and its round trip through the URL: a link reproduces exactly
 * what someone saw. Parsing is forgiving: a bad or missing value falls back to its default and is reported.
 */
import { FRECHET_MECHANISM_TABLE, type FrechetLabId } from '../../src/privacy/frechet/mechanisms';
import {
  WORKSPACE_REGISTRY,
  workspaceOf,
  type RegressionWorkspaceId,
  type WorkspaceData,
  type WorkspaceId,
} from '../workspaces/registry';

export type { RegressionWorkspaceId, WorkspaceId } from '../workspaces/registry';
export type RegressionMechanism = 'kng-joint' | 'kng';

/** ε_p and ε_v of the current budget: the split of the total ε. */
export function currentBudget(s: Pick<LabSettings, 'split' | 'eps'>): { epsP: number; epsV: number } {
  return { epsP: s.split * s.eps, epsV: (1 - s.split) * s.eps };
}

/**
 * The seed of the samplers' random streams: the sampler seed when one is set, else the data's seed. A workspace
 * of points (the Fréchet mean's) has no sampler seed: its one seed draws the points and the releases.
 */
export function samplerSeedOf(s: Pick<LabSettings, 'workspace' | 'seed' | 'samplerSeed'>): number {
  return workspaceOf(s.workspace).manifold ? (s.samplerSeed ?? s.seed) : s.seed;
}

/** Workspaces whose release can be kng-joint (docs/kng-joint.md); R^d has no compact domain for it. */
export const JOINT_WORKSPACES: readonly WorkspaceId[] = WORKSPACE_REGISTRY.filter((w) => w.jointRelease).map(
  (w) => w.id,
);

/** The release a workspace runs under these settings. */
export function releaseMechanism(s: Pick<LabSettings, 'workspace' | 'mechanism'>): RegressionMechanism {
  return JOINT_WORKSPACES.includes(s.workspace) ? s.mechanism : 'kng';
}
/** The manifold of a regression workspace; a workspace of points has none (its jobs never ask). */
export function regressionWorkspace(w: WorkspaceId): RegressionWorkspaceId {
  const { manifold, label } = workspaceOf(w);
  if (!manifold) throw new Error(`the ${label} workspace runs no regression job`);
  return manifold;
}

/**
 * Private Fréchet-mean mechanisms the Fréchet workspace can show (docs/frechet.md), by their short URL ids.
 */
export const FRECHET_MECHANISMS: readonly FrechetMechanismId[] = FRECHET_MECHANISM_TABLE.map((m) => m.labId);
export type FrechetMechanismId = FrechetLabId;

export interface LabSettings {
  workspace: WorkspaceId;
  /** Synthetic data. */
  n: number;
  noise: number;
  seed: number;
  /**
   * Seed of the samplers' random streams; null: the data's `seed`. Another sampler seed keeps the data and the
   * non-private fit and draws other private releases (the CLI's `--sampler-seed`).
   */
  samplerSeed: number | null;
  /** Total privacy budget ε = ε_p + ε_v. */
  eps: number;
  /** Share of ε spent on the footpoint: ε_p = split·ε. */
  split: number;
  /**
   * The regression release: kng-joint, private for any data (docs/kng-joint.md), or paper 000's sequential KNG
   * with its τ and σ options. The Euclidean workspace always runs paper 000's (its exact samplers).
   */
  mechanism: RegressionMechanism;
  sigmaRule: 'paper' | 'strict';
  tauMode: 'data' | 'public';
  tau: number;
  tauM: number;
  vDomain: 'ball' | 'plane';
  burnIn: number;
  /** Private footpoints, and shooting vectors per footpoint. */
  m: number;
  stepScaleP: number;
  stepScaleV: number;
  scheme: 'independent' | 'consecutive';
  adaptive: boolean;
  /** Data-set sizes of the curves in the MSE-vs-ε plots. */
  curves: number[];
  /** Kendall: ages (years) at which outlines are drawn. */
  ages: number[];
  /** Kendall: landmarks per synthetic outline (8–50; the shape space has 2k − 4 dimensions). */
  landmarks: number;
  showLandmarks: boolean;
  /** Sphere: camera position. */
  camera: [number, number, number] | null;
  /** The paper figure a preset reproduces (drives captions and figure-specific views), or null. */
  figure: FigureId | null;
  /** Which analysis the plots column shows. */
  plotTab: PlotTab;
  /** Fréchet workspace: the space (S² in 3D, or SPD matrices drawn as ellipses for k = 2). */
  frechetSpace: 'sphere' | 'spd';
  /** Fréchet workspace: radius r of the ball the synthetic data lie in (public; sets the sensitivity). */
  radius: number;
  /**
   * Fréchet workspace with imported data: the radius r behind the sensitivity taken from the data (not
   * private, like a data-driven τ) or the public r set by the user.
   */
  radiusMode: 'data' | 'public';
  /** Fréchet workspace: homogeneous data, or a dense cluster in a sparse background (003). */
  spread: 'homogeneous' | 'heterogeneous';
  /** Fréchet workspace: δ of the (ε, δ) Gaussian mechanisms (tangent and extrinsic Gaussian). */
  delta: number;
  /** Fréchet workspace: calibration of the Gaussian mechanisms' σ. */
  calibration: 'classical' | 'analytic';
  /** Fréchet workspace, SPD: metric of the mean and of the Riemannian Laplace. */
  metric: 'affine' | 'logEuclidean';
  /** Fréchet workspace: the mechanisms shown (view, legends, plots). */
  mechanisms: FrechetMechanismId[];
  /** Conformal-DP: φ from the data being released (003; not private) or from a public reference sample. */
  phiSource: 'private' | 'public';
  /** Fréchet plots: each mechanism's own distance (geodesic; Euclidean for the ambient ones) or Euclidean for all. */
  errorMeasure: 'own' | 'euclidean';
  /** Audit tab: the mechanism attacked (an id of the mechanism table, `src/experiments/mechanisms.ts`). */
  auditMechanism: AuditMechanismId;
  /** Audit tab: releases per side (one of AUDIT_RELEASES). */
  auditReleases: number;
  /** Audit tab: the record replaced in D′, numbered from 1; 0 = the record with the largest residual. */
  auditRecord: number;
  /** Audit tab, KNG: the lab's sampler ('mixed') or the paper's (`PAPER_SAMPLER`: one chain from the fit). */
  auditSampler: 'mixed' | 'paper';
}

export const FIGURES = [
  'fig1',
  'fig2',
  'fig3',
  'fig5',
  'fig6',
  'fig7',
  'fig8',
  'fig9',
  'fig10',
  // Fig. 1 of papers 002 and 004 (the Fréchet-mean workspace)
  'p002fig1',
  'p004fig1',
] as const;
export type FigureId = (typeof FIGURES)[number];
export const PLOT_TABS = ['mse', 'diagnostics', 'sensitivity', 'histograms', 'audit'] as const;
/**
 * Mechanisms of the table (`src/experiments/mechanisms.ts`) the Audit tab can attack (ids listed here so the URL parser does not load the table; a test checks they are in it).
 */
export const AUDIT_MECHANISMS = [
  'kng',
  'kng-footpoint',
  'kng-joint',
  'nonprivate',
  'dpgr',
  'ssp',
  'dpsgd',
  // the Fréchet-mean workspace
  'riemannian-laplace',
  'tangent-gaussian',
  'extrinsic-gaussian',
  'ambient-laplace',
  'conformal',
] as const;
export type AuditMechanismId = (typeof AUDIT_MECHANISMS)[number];
/** Releases per side the Audit tab offers (the defaults run in about 10–20 s with 2 workers). */
export const AUDIT_RELEASES = [200, 1000, 2000, 10000] as const;
export type PlotTab = (typeof PLOT_TABS)[number];

/** The workspaces, in the tabs' order, by name (app/workspaces/registry.ts holds the rest of each). */
export const WORKSPACES: readonly { id: WorkspaceId; label: string; blurb: string }[] =
  WORKSPACE_REGISTRY.map(({ id, label, blurb }) => ({ id, label, blurb }));

/** Per-workspace data defaults (the registry's). */
export const DATA_DEFAULTS = Object.fromEntries(WORKSPACE_REGISTRY.map((w) => [w.id, w.data])) as Record<
  WorkspaceId,
  WorkspaceData
>;

/** The sample sizes of paper 000's MSE curves (the presets' and the other workspaces' default curves). */
export const PAPER_CURVES: readonly number[] = [20, 50, 100];

/**
 * One row per setting: its key in links, its default, and what a value may be — numbers within `limits`
 * (`integer` ones rounded), or one of `choices`. Defaults, the URL in both directions (and so the saved
 * session), the controls' bounds and the parser's checks all read this table.
 */
interface SettingRow<T> {
  url: string;
  default: T;
  limits?: readonly [number, number];
  /** The part of `limits` its slider spans, when that is narrower than what may be typed or linked. */
  slider?: readonly [number, number];
  integer?: boolean;
  choices?: readonly string[];
}

const SETTINGS = {
  workspace: { url: 'ws', default: 'sphere', choices: WORKSPACE_REGISTRY.map((w) => w.id) },
  n: { url: 'n', default: DATA_DEFAULTS.sphere.privateN!, limits: [3, 2000], integer: true },
  noise: { url: 'noise', default: DATA_DEFAULTS.sphere.noise, limits: [0, 1] },
  seed: { url: 'seed', default: 1, limits: [0, 2 ** 31 - 1], integer: true },
  samplerSeed: { url: 'sseed', default: null, limits: [0, 2 ** 31 - 1], integer: true },
  eps: { url: 'eps', default: 1, limits: [0.01, 100], slider: [0.01, 10] },
  split: { url: 'split', default: 0.5, limits: [0.01, 0.99] },
  mechanism: { url: 'mech', default: 'kng-joint', choices: ['kng-joint', 'kng'] },
  sigmaRule: { url: 'sigma', default: 'paper', choices: ['paper', 'strict'] },
  tauMode: { url: 'taumode', default: 'data', choices: ['data', 'public'] },
  tau: { url: 'tau', default: Math.PI, limits: [1e-6, 100] },
  tauM: { url: 'taum', default: 2, limits: [0, 100] },
  vDomain: { url: 'vdom', default: 'ball', choices: ['ball', 'plane'] },
  burnIn: { url: 'burn', default: 1000, limits: [0, 20000], integer: true },
  m: { url: 'm', default: 10, limits: [1, 30], integer: true },
  stepScaleP: { url: 'stepp', default: 5, limits: [0.01, 100] },
  stepScaleV: { url: 'stepv', default: 15, limits: [0.01, 100] },
  scheme: { url: 'scheme', default: 'independent', choices: ['independent', 'consecutive'] },
  adaptive: { url: 'adapt', default: false },
  curves: { url: 'curves', default: [...DATA_DEFAULTS.sphere.privateCurves!] },
  ages: { url: 'ages', default: [60, 65, 70, 75, 80] },
  landmarks: { url: 'lmk', default: 50, limits: [8, 50], integer: true },
  showLandmarks: { url: 'lm', default: false },
  camera: { url: 'cam', default: null },
  figure: { url: 'fig', default: null, choices: FIGURES },
  plotTab: { url: 'plot', default: 'mse', choices: PLOT_TABS },
  frechetSpace: { url: 'fspace', default: 'sphere', choices: ['sphere', 'spd'] },
  radius: { url: 'r', default: 0.25, limits: [0.01, 3] },
  radiusMode: { url: 'rmode', default: 'data', choices: ['data', 'public'] },
  spread: { url: 'spread', default: 'homogeneous', choices: ['homogeneous', 'heterogeneous'] },
  delta: { url: 'delta', default: 1e-6, limits: [1e-15, 0.1], slider: [1e-12, 1e-2] },
  calibration: { url: 'calib', default: 'analytic', choices: ['classical', 'analytic'] },
  metric: { url: 'metric', default: 'logEuclidean', choices: ['affine', 'logEuclidean'] },
  mechanisms: { url: 'mechs', default: [...FRECHET_MECHANISMS] },
  phiSource: { url: 'phi', default: 'private', choices: ['private', 'public'] },
  errorMeasure: { url: 'err', default: 'own', choices: ['own', 'euclidean'] },
  auditMechanism: { url: 'amech', default: 'kng', choices: AUDIT_MECHANISMS },
  auditReleases: { url: 'an', default: 1000, choices: AUDIT_RELEASES.map(String) },
  auditRecord: { url: 'arec', default: 0, limits: [0, 2000], integer: true },
  auditSampler: { url: 'asmp', default: 'mixed', choices: ['mixed', 'paper'] },
} as const satisfies { [K in keyof LabSettings]: SettingRow<LabSettings[K]> };

type Table = typeof SETTINGS;
type SettingKey = keyof LabSettings;
const TABLE_KEYS = Object.keys(SETTINGS) as SettingKey[];
const row = (key: SettingKey): SettingRow<unknown> => SETTINGS[key];

/** The numeric settings with limits. */
type NumericKey = {
  [K in SettingKey]: Table[K] extends { limits: readonly [number, number] } ? K : never;
}[SettingKey];

export const DEFAULT_SETTINGS = Object.fromEntries(
  TABLE_KEYS.map((k) => [k, SETTINGS[k].default]),
) as unknown as LabSettings;

/** Limits of every numeric setting: the URL parser and the controls use the same ones. */
export const LIMITS = Object.fromEntries(
  TABLE_KEYS.flatMap((k) => (row(k).limits ? [[k, row(k).limits]] : [])),
) as { readonly [K in NumericKey]: Table[K]['limits'] };

/** The split slider's step (a step's release is computed ahead at this distance: compute/releaseAhead.ts). */
export const SPLIT_STEP = 0.01;

/** The range a setting's slider spans: its limits, or the narrower `slider` range where the table gives one. */
export function sliderRange(key: NumericKey): readonly [number, number] {
  return row(key).slider ?? LIMITS[key];
}

export function clampSetting(key: NumericKey, value: number): number {
  const [lo, hi] = LIMITS[key];
  return Math.min(hi, Math.max(lo, value));
}

/**
 * The defaults in force for a workspace: the shared ones with that workspace's data defaults — for its default
 * release, or for `mechanism` (the sizes where kng-joint pays, or the paper's).
 */
export function defaultsFor(workspace: WorkspaceId, mechanism?: RegressionMechanism): LabSettings {
  const d = DATA_DEFAULTS[workspace];
  const release = mechanism ?? (d.privateN ? 'kng-joint' : 'kng');
  const joint = release === 'kng-joint' && d.privateN !== undefined;
  return {
    ...DEFAULT_SETTINGS,
    workspace,
    n: joint ? d.privateN! : d.n,
    curves: [...(joint ? d.privateCurves! : PAPER_CURVES)],
    mechanism: release,
    landmarks: (joint && d.privateLandmarks) || DEFAULT_SETTINGS.landmarks,
    noise: d.noise,
    tau: d.public,
    auditReleases: workspaceOf(workspace).auditReleases ?? DEFAULT_SETTINGS.auditReleases,
  };
}

/**
 * Settings → query string (only values that differ from the defaults of the workspace and its release, so links
 * stay short).
 */
export function settingsToQuery(s: LabSettings): string {
  const q = new URLSearchParams();
  const defaults = defaultsFor(s.workspace, s.mechanism);
  for (const key of TABLE_KEYS) {
    const value = s[key];
    const url = row(key).url;
    const def =
      key === 'workspace'
        ? DEFAULT_SETTINGS.workspace
        : key === 'mechanism'
          ? defaultsFor(s.workspace).mechanism
          : defaults[key];
    if (JSON.stringify(value) === JSON.stringify(def)) continue;
    if (key === 'mechanisms') q.set(url, (value as string[]).join(','));
    else if (Array.isArray(value)) q.set(url, (value as number[]).map((x) => +x.toFixed(4)).join(','));
    else if (typeof value === 'boolean') q.set(url, value ? '1' : '0');
    else if (value !== null) q.set(url, String(value));
  }
  return q.toString();
}

/** Query string → settings; bad values fall back to defaults and are listed in `problems`. */
export function queryToSettings(query: string): { settings: LabSettings; problems: string[] } {
  const q = new URLSearchParams(query);
  const ws = q.get(SETTINGS.workspace.url);
  const mech = q.get(SETTINGS.mechanism.url);
  // the release named in the link picks its sizes (the paper's for paper 000's KNG)
  const s: LabSettings = defaultsFor(
    (SETTINGS.workspace.choices as readonly string[]).includes(ws ?? '') ? (ws as WorkspaceId) : 'sphere',
    (SETTINGS.mechanism.choices as readonly string[]).includes(mech ?? '')
      ? (mech as RegressionMechanism)
      : undefined,
  );
  const problems: string[] = [];
  const out = s as unknown as Record<string, unknown>;
  for (const key of TABLE_KEYS) {
    const { url, choices, integer } = row(key);
    const raw = q.get(url);
    if (raw === null) continue;
    const bad = () => problems.push(`link parameter "${url}=${raw}" is not valid; using the default`);
    const def = s[key];
    if (choices) {
      if (choices.includes(raw)) out[key] = typeof def === 'number' ? Number(raw) : raw;
      else bad();
    } else if (typeof def === 'boolean') {
      if (raw === '1' || raw === '0') out[key] = raw === '1';
      else bad();
    } else if (key === 'mechanisms') {
      // a list of mechanism ids, each at most once, in the canonical order; empty shows none
      const ids = raw === '' ? [] : raw.split(',');
      const known = FRECHET_MECHANISMS as readonly string[];
      if (ids.every((id) => known.includes(id)) && new Set(ids).size === ids.length)
        out[key] = FRECHET_MECHANISMS.filter((m) => ids.includes(m));
      else bad();
    } else if (key === 'curves' || key === 'ages' || key === 'camera') {
      const xs = raw.split(',').map(Number);
      const ok =
        xs.length > 0 &&
        xs.every(Number.isFinite) &&
        (key !== 'camera' || xs.length === 3) &&
        (key !== 'curves' || xs.every((x) => Number.isInteger(x) && x >= LIMITS.n[0] && x <= LIMITS.n[1]));
      if (ok) out[key] = key === 'camera' ? (xs as [number, number, number]) : xs.slice(0, 8);
      else bad();
    } else {
      const x = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(x)) bad();
      else {
        const k = key as NumericKey;
        const clamped = clampSetting(k, x);
        if (clamped !== x) problems.push(`link parameter "${url}=${raw}" is out of range; using ${clamped}`);
        out[key] = integer ? Math.round(clamped) : clamped;
      }
    }
  }
  return { settings: s, problems };
}

/** True when the query string carries a parameter that the settings codec reads (e.g. `eps`, not `notour`). */
export function linkSetsSettings(query: string): boolean {
  for (const key of new URLSearchParams(query).keys()) {
    // a parameter is a setting exactly when the codec complains about a value no setting accepts
    if (queryToSettings(new URLSearchParams([[key, '\u0000']]).toString()).problems.length > 0) return true;
  }
  return false;
}
