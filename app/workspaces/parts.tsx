/**
 * What each workspace shows, under the ids of registry.ts: its view (loaded when first shown), its controls and
 * plots, what its view waits for, and its downloads. The regression workspaces share the control panel and the
 * plots panel; the Fréchet-mean workspace brings its own.
 */
import { Fragment, type ComponentType, type ReactNode } from 'react';
import { WorkspaceDataGate } from './WorkspaceDataGate';
import { ControlPanel } from '../controls/ControlPanel';
import { RegressionExports } from '../export/WorkspaceExports';
import { FrechetDataExport } from './frechet/FrechetDataExport';
import { loadOnDemand, type OnDemand } from '../loadOnDemand';
import { PlotsPanel } from '../plots/PlotsPanel';
import type { WorkspaceId } from '../state/settings';

export interface WorkspaceParts {
  View: OnDemand;
  Controls: ComponentType;
  Plots: ComponentType;
  /** Holds the view back until what it draws is there (the generated data). */
  Frame: ComponentType<{ children: ReactNode }>;
  Downloads: ComponentType;
}

const REGRESSION: Omit<WorkspaceParts, 'View'> = {
  Controls: ControlPanel,
  Plots: PlotsPanel,
  Frame: WorkspaceDataGate,
  Downloads: RegressionExports,
};

export const WORKSPACE_PARTS: Record<WorkspaceId, WorkspaceParts> = {
  sphere: { ...REGRESSION, View: loadOnDemand(() => import('./sphere/SphereWorkspace'), 'SphereWorkspace') },
  spd: { ...REGRESSION, View: loadOnDemand(() => import('./spd/SpdWorkspace'), 'SpdWorkspace') },
  kendall: {
    ...REGRESSION,
    View: loadOnDemand(() => import('./kendall/KendallWorkspace'), 'KendallWorkspace'),
  },
  euclidean: {
    ...REGRESSION,
    View: loadOnDemand(() => import('./euclidean/EuclideanWorkspace'), 'EuclideanWorkspace'),
  },
  frechet: {
    View: loadOnDemand(() => import('./frechet/FrechetWorkspace'), 'FrechetWorkspace'),
    Controls: loadOnDemand(() => import('./frechet/FrechetControls'), 'FrechetControls'),
    Plots: loadOnDemand(() => import('./frechet/FrechetPlots'), 'FrechetPlots'),
    Frame: Fragment,
    Downloads: FrechetDataExport,
  },
};
