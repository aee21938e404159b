import { create } from 'zustand';

export const WORKSPACES = [
  { id: 'sphere', label: 'Sphere', blurb: 'Directions on the globe: geodesics are great circles.' },
  { id: 'spd', label: 'SPD(2) · ellipses', blurb: '2×2 covariance matrices, drawn as ellipses.' },
  {
    id: 'kendall',
    label: 'Shapes · corpus callosum',
    blurb: 'Planar outlines modulo position, size and rotation.',
  },
  { id: 'euclidean', label: 'Euclidean', blurb: 'Plain linear regression: the flat special case.' },
] as const;

export type WorkspaceId = (typeof WORKSPACES)[number]['id'];

export interface LabState {
  workspace: WorkspaceId;
  n: number;
  seed: number;
  setWorkspace(w: WorkspaceId): void;
  setN(n: number): void;
  setSeed(seed: number): void;
}

/** The single source of truth of the lab. */
export const useLab = create<LabState>((set) => ({
  workspace: 'sphere',
  n: 50,
  seed: 1,
  setWorkspace: (workspace) => set({ workspace }),
  setN: (n) => set({ n }),
  setSeed: (seed) => set({ seed }),
}));
