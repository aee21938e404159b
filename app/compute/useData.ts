import { useMemo } from 'react';
import { manifoldOfResponses, type GeneratedData } from '../../src/data';
import type { Manifold } from '../../src/geometry/types';
import type { ReleaseCell } from '../../src/experiments';
import { useLab } from '../store';
import { generatedKey } from './jobs';
import { regressionWorkspace } from '../state/settings';

export interface WorkspaceData {
  M: Manifold;
  data: GeneratedData;
  /** The file name when the data were imported. */
  fileName: string | null;
}

/**
 * The data of the current workspace, or null when there are none yet: imported data, or the synthetic data
 * generated in a worker from (n, noise, seed) — the same data the workers fit. While new data for the same
 * workspace are being generated, the previous data stay (`stale` is then true) so views do not flicker.
 */
export function useWorkspaceDataOrNull(): (WorkspaceData & { stale: boolean }) | null {
  const workspace = useLab((s) => s.settings.workspace);
  const key = useLab((s) => generatedKey(s.settings));
  const generated = useLab((s) => s.generated);
  const imported = useLab((s) => s.imported[workspace]);
  return useMemo(() => {
    if (imported) {
      const M = manifoldOfResponses(regressionWorkspace(workspace), imported.ys);
      return {
        M,
        stale: false,
        fileName: imported.fileName,
        data: {
          xs: imported.xs,
          ys: imported.ys,
          xRange: imported.xRange,
          xLabel: imported.xLabel,
          description: `Your data from ${imported.fileName} (${imported.ys.length} rows; never leaves this browser).`,
        },
      };
    }
    if (generated.workspace !== workspace || !generated.data) return null;
    return {
      // read off the responses: the shapes' landmark count is a setting
      M: manifoldOfResponses(regressionWorkspace(workspace), generated.data.ys),
      stale: generated.key !== key,
      fileName: null,
      data: generated.data,
    };
  }, [workspace, key, generated, imported]);
}

/** The data of the current workspace, for views rendered inside <WorkspaceDataGate> (never null there). */
export function useWorkspaceData(): WorkspaceData {
  const d = useWorkspaceDataOrNull();
  if (!d) throw new Error('useWorkspaceData: no data yet (render the view inside WorkspaceDataGate)');
  return d;
}

/** The release cells computed so far (the views draw what has arrived). */
export function useReleaseCells(): ReleaseCell[] {
  const cells = useLab((s) => s.release.cells);
  return useMemo(() => cells.filter((c): c is ReleaseCell => c !== undefined), [cells]);
}
