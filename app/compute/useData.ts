import { useMemo } from 'react';
import { dataManifold, generate, type GeneratedData } from '../../src/data';
import type { Manifold } from '../../src/geometry/types';
import type { ReleaseCell } from '../../src/experiments';
import { useLab } from '../store';

export interface WorkspaceData {
  M: Manifold;
  data: GeneratedData;
  /** The file name when the data were imported. */
  fileName: string | null;
}

/** The data of the current workspace: imported, or generated from (n, noise, seed) — same as in the workers. */
export function useWorkspaceData(): WorkspaceData {
  const workspace = useLab((s) => s.settings.workspace);
  const n = useLab((s) => s.settings.n);
  const noise = useLab((s) => s.settings.noise);
  const seed = useLab((s) => s.settings.seed);
  const imported = useLab((s) => s.imported[workspace]);
  return useMemo(() => {
    if (imported) {
      const M =
        workspace === 'euclidean'
          ? dataManifold('euclidean', imported.ys[0].length)
          : dataManifold(workspace);
      return {
        M,
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
    return { M: dataManifold(workspace), fileName: null, data: generate(workspace, { n, noise, seed }) };
  }, [workspace, n, noise, seed, imported]);
}

/** The release cells computed so far (the views draw what has arrived). */
export function useReleaseCells(): ReleaseCell[] {
  const cells = useLab((s) => s.release.cells);
  return useMemo(() => cells.filter((c): c is ReleaseCell => c !== undefined), [cells]);
}
