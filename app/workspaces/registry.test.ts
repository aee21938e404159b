import { describe, expect, it } from 'vitest';
import { JOINT_WORKSPACES, WORKSPACES } from '../state/settings';
import { runsJob, WORKSPACE_REGISTRY, workspaceOf } from './registry';

describe('the workspace registry', () => {
  it('holds every workspace once, in the tabs’ order', () => {
    const ids = WORKSPACE_REGISTRY.map((w) => w.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(WORKSPACES.map((w) => w.id)).toEqual(ids);
    for (const id of ids) expect(workspaceOf(id).id).toBe(id);
  });

  it('runs the regression jobs exactly where a workspace fits a regression on its manifold', () => {
    for (const w of WORKSPACE_REGISTRY)
      expect(runsJob({ workspace: w.id }, 'regression')).toBe(w.manifold !== null);
  });

  it('offers the release private for any data only on a manifold with a compact domain (not R^d, not points)', () => {
    expect(JOINT_WORKSPACES).toEqual(['sphere', 'spd', 'kendall']);
    for (const w of WORKSPACE_REGISTRY) if (w.jointRelease) expect(w.data.privateN).toBeGreaterThan(0);
  });
});
