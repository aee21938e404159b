/**
 * What each workspace is, in one entry: the jobs it runs, the data it reads, the texts that name it. The compute
 * controller, the controls, the downloads and the page read these entries instead of comparing workspace names;
 * what each workspace shows (its view, controls and plots) is in parts.tsx, under the same ids.
 */
import type { TopicId } from '../help/topicIds';
import { WORKSPACES, type RegressionWorkspaceId, type WorkspaceId } from '../state/settings';

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
  /** The manifold its geodesic regression runs on; null where it fits none (its data are points, not pairs). */
  manifold: RegressionWorkspaceId | null;
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

type Entry = Omit<WorkspaceDescriptor, 'id' | 'label' | 'blurb'>;

const REGRESSION_TOPICS: readonly TopicId[] = ['geodesic', 'kng', 'sensitivity'];
const GENERATED_COVARIATE = '[0, 1] (the generator’s)';

const ENTRIES: Record<WorkspaceId, Entry> = {
  sphere: {
    manifold: 'sphere',
    jobs: ['regression', 'budgets'],
    landmarks: false,
    anyDimension: false,
    covariateRange: GENERATED_COVARIATE,
    topics: REGRESSION_TOPICS,
  },
  spd: {
    manifold: 'spd',
    jobs: ['regression'],
    landmarks: false,
    anyDimension: false,
    covariateRange: GENERATED_COVARIATE,
    topics: REGRESSION_TOPICS,
  },
  kendall: {
    manifold: 'kendall',
    jobs: ['regression', 'paperSampler'],
    landmarks: true,
    anyDimension: false,
    covariateRange: 'ages 50–90 (the generator’s)',
    topics: REGRESSION_TOPICS,
  },
  euclidean: {
    manifold: 'euclidean',
    jobs: ['regression', 'linreg'],
    landmarks: false,
    anyDimension: true,
    covariateRange: GENERATED_COVARIATE,
    topics: REGRESSION_TOPICS,
  },
  frechet: {
    manifold: null,
    jobs: ['frechet'],
    landmarks: false,
    anyDimension: false,
    covariateRange: '',
    topics: ['frechetMean', 'frechetSensitivity'],
  },
};

/** Every workspace, in the tabs' order. */
export const WORKSPACE_REGISTRY: readonly WorkspaceDescriptor[] = WORKSPACES.map((w) => ({
  ...w,
  ...ENTRIES[w.id],
}));

const BY_ID = new Map(WORKSPACE_REGISTRY.map((w) => [w.id, w]));

export function workspaceOf(id: WorkspaceId): WorkspaceDescriptor {
  return BY_ID.get(id)!;
}

/** Whether the workspace of these settings runs this kind of job. */
export function runsJob(s: { workspace: WorkspaceId }, job: WorkspaceJob): boolean {
  return workspaceOf(s.workspace).jobs.includes(job);
}
