import { describe, expect, it } from 'vitest';
import { WORKSPACES } from '../state/settings';
import { runsJob, WORKSPACE_REGISTRY, workspaceOf } from './registry';

describe('the workspace registry', () => {
  it('holds every workspace once, in the tabs’ order', () => {
    expect(WORKSPACE_REGISTRY.map((w) => w.id)).toEqual(WORKSPACES.map((w) => w.id));
    for (const w of WORKSPACES) expect(workspaceOf(w.id).label).toBe(w.label);
  });

  it('runs the regression jobs exactly where a workspace fits a regression on its manifold', () => {
    for (const w of WORKSPACE_REGISTRY)
      expect(runsJob({ workspace: w.id }, 'regression')).toBe(w.manifold !== null);
  });
});
