/**
 * What each workspace is, in one entry: its name, its data's defaults, the jobs it runs, the release it offers,
 * the texts that name it. The settings, the compute controller, the controls, the downloads and the page read these
 * entries instead of comparing workspace names; what each workspace shows (its view, controls and plots) is in
 * parts.tsx, under the same ids.
 */
import type { TopicId } from '../help/topicIds';

export type WorkspaceId = 'sphere' | 'spd' | 'kendall' | 'euclidean' | 'frechet';
/** The workspaces of geodesic regression, one manifold each (the Fréchet-mean workspace runs its own jobs). */
export type RegressionWorkspaceId = Exclude<WorkspaceId, 'frechet'>;

/** A workspace's synthetic data (docs/experiments.md). */
export interface WorkspaceData {
  /** The paper's size (what the figure presets use). */
  n: number;
  noise: number;
  noiseLabel: string;
  public: number;
  /**
   * Where the default release is private for any data (kng-joint): a size at which it pays, and the MSE curves'
   * sizes. Elsewhere the default is paper 000's KNG at the paper's size.
   */
  privateN?: number;
  privateCurves?: number[];
  /** Shapes: the landmarks per outline of that default (the far field grows with the dimension 4k − 8). */
  privateLandmarks?: number;
}

/** A kind of background job; a workspace runs the ones its entry lists. */
export type WorkspaceJob =
  /** geodesic regression: the generated data, the release, the sweep and the on-demand analyses (compute/) */
  | 'regression'
  /** the private Fréchet means of points (frechet/compute.ts) */
  | 'frechet'
  /** DP linear regression against the geodesic release (workspaces/euclidean/compute.ts) */
  | 'linreg'
  /** Fig. 5's private geodesics at several budgets (compute/budgetGeodesics.ts) */
  | 'budgets'
  /** Fig. 3's release with the paper's sampler (compute/paperSampler.ts) */
  | 'paperSampler';

export interface WorkspaceDescriptor {
  id: WorkspaceId;
  /** The tab's label ("SPD(2) · ellipses": the part after the dot folds away on phones) and its tooltip. */
  label: string;
  blurb: string;
  /**
   * The manifold its geodesic regression runs on; null where it fits none: its data are points, not pairs, its
   * budget is not split and one seed draws both the data and the releases.
   */
  manifold: RegressionWorkspaceId | null;
  data: WorkspaceData;
  /** It offers the release private for any data (kng-joint needs a compact domain: R^d has none). */
  jointRelease: boolean;
  /** The Audit tab's releases per side by default, where the shared default would take too long. */
  auditReleases?: number;
  /** The record the audit replaces unless the user picks one. */
  auditRecord: 'largest residual' | 'farthest out';
  jobs: readonly WorkspaceJob[];
  /** Its synthetic data have a landmark count (an outline's points). */
  landmarks: boolean;
  /** Its responses have as many coordinates as a file gives them (R^d); elsewhere the manifold fixes them. */
  anyDimension: boolean;
  /** The generated covariate's range, as the joint release's assumptions state it. */
  covariateRange: string;
  /** The explanations under its view. */
  topics: readonly TopicId[];
}

const REGRESSION_TOPICS: readonly TopicId[] = ['geodesic', 'kng', 'sensitivity'];
const GENERATED_COVARIATE = '[0, 1] (the generator’s)';

/** Every workspace, in the tabs' order. */
export const WORKSPACE_REGISTRY: readonly WorkspaceDescriptor[] = [
  {
    id: 'sphere',
    label: 'Sphere',
    blurb: 'Directions on the globe: geodesics are great circles.',
    manifold: 'sphere',
    // δ = 0.001 as in 000's main text
    data: {
      n: 50,
      noise: 0.001,
      noiseLabel: 'noise variance δ',
      public: Math.PI,
      privateN: 300,
      privateCurves: [100, 200, 300],
    },
    jointRelease: true,
    auditRecord: 'largest residual',
    jobs: ['regression', 'budgets'],
    landmarks: false,
    anyDimension: false,
    covariateRange: GENERATED_COVARIATE,
    topics: REGRESSION_TOPICS,
  },
  {
    id: 'spd',
    label: 'SPD(2) · ellipses',
    blurb: '2×2 covariance matrices, drawn as ellipses.',
    manifold: 'spd',
    // at ε = 1 the joint release's median is −7.55 at n = 1000 against −8.14 without privacy (docs/kng-joint.md)
    data: {
      n: 50,
      noise: 0.01,
      noiseLabel: 'tangent noise sd',
      public: 1,
      privateN: 1000,
      privateCurves: [1000],
    },
    jointRelease: true,
    auditRecord: 'largest residual',
    jobs: ['regression'],
    landmarks: false,
    anyDimension: false,
    covariateRange: GENERATED_COVARIATE,
    topics: REGRESSION_TOPICS,
  },
  {
    id: 'kendall',
    label: 'Shapes · corpus callosum',
    blurb: 'Planar outlines modulo position, size and rotation.',
    manifold: 'kendall',
    // at ε = 1 and 8 landmarks the joint release's mean is −5.43 at n = 2000 against −5.51 without privacy
    data: {
      n: 100,
      noise: 1,
      noiseLabel: 'subject variation ×',
      public: Math.PI / 2,
      privateN: 2000,
      privateCurves: [2000],
      privateLandmarks: 8,
    },
    jointRelease: true,
    // a shape release samples many dimensions: 1000 releases per side would take minutes there
    auditReleases: 200,
    auditRecord: 'largest residual',
    jobs: ['regression', 'paperSampler'],
    landmarks: true,
    anyDimension: false,
    covariateRange: 'ages 50–90 (the generator’s)',
    topics: REGRESSION_TOPICS,
  },
  {
    id: 'euclidean',
    label: 'Euclidean',
    blurb: 'Plain linear regression: the flat special case.',
    manifold: 'euclidean',
    data: { n: 50, noise: 0.1, noiseLabel: 'noise sd', public: 1 },
    jointRelease: false,
    auditRecord: 'largest residual',
    jobs: ['regression', 'linreg'],
    landmarks: false,
    anyDimension: true,
    covariateRange: GENERATED_COVARIATE,
    topics: REGRESSION_TOPICS,
  },
  {
    id: 'frechet',
    label: 'Fréchet mean',
    blurb: 'Private averages on the sphere and on SPD matrices: five mechanisms side by side.',
    manifold: null,
    // its data spread by the radius r, not by noise
    data: { n: 100, noise: 0, noiseLabel: 'noise', public: Math.PI },
    jointRelease: false,
    // the Fréchet mean's audit moves the point farthest from the centre
    auditRecord: 'farthest out',
    jobs: ['frechet'],
    landmarks: false,
    anyDimension: false,
    covariateRange: '',
    topics: ['frechetMean', 'frechetSensitivity'],
  },
];

const BY_ID = new Map(WORKSPACE_REGISTRY.map((w) => [w.id, w]));

export function workspaceOf(id: WorkspaceId): WorkspaceDescriptor {
  return BY_ID.get(id)!;
}

/** Whether the workspace of these settings runs this kind of job. */
export function runsJob(s: { workspace: WorkspaceId }, job: WorkspaceJob): boolean {
  return workspaceOf(s.workspace).jobs.includes(job);
}
