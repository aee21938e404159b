/**
 * The release the shapes view draws: the cells on screen, the non-private fit and the frame its outlines are
 * aligned in, the highlighted private pair and a few others, and in Fig. 3 mode the same release drawn with the
 * paper's sampler.
 */
import { useMemo } from 'react';
import type { Manifold } from '../../../src/geometry/types';
import { usePaperSampler } from '../../compute/paperSampler';
import { useReleaseCells } from '../../compute/useData';
import { nonPrivateFit, releasedPairs, type ReleasedPair } from '../../release/releasedPairs';
import { useLab } from '../../store';
import { shapeFrame, type ShapeFrame } from '../../views2d/shapesGeometry';
import { useShownCells } from '../../views2d/svgUtils';
import { OTHER_DRAWS } from './constants';

export function useKendallRelease(
  M: Manifold,
  ys: readonly Float64Array[],
  pairNo: number,
  showOthers: boolean,
) {
  const currentCells = useReleaseCells();
  const figure = useLab((s) => s.settings.figure);
  const dim = M.ambientDim;
  // While a new release computes, the last one stays on screen, dimmed.
  const { cells, stale } = useShownCells(currentCells, dim);

  const fit = nonPrivateFit(cells, dim);
  const pairs = useMemo(() => releasedPairs(cells, dim), [cells, dim]);
  // Fig. 3: the same release drawn with the paper's sampler, beside the lab's mixed chains
  const fig3 = figure === 'fig3';
  const paperRun = usePaperSampler(fig3);
  const paperPairs = useMemo(
    () => (fig3 ? releasedPairs(paperRun.cells, dim) : []),
    [fig3, paperRun.cells, dim],
  );
  const paperSelected: ReleasedPair | null = paperPairs[0] ?? null;
  const frame = useMemo<ShapeFrame | null>(
    () => (fit ? shapeFrame(M, fit.pHat, fit.vHat, ys) : null),
    // The frame depends on the fit's arrays (identity), not on the cells array around them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [M, fit?.pHat, fit?.vHat, ys],
  );

  const selected: ReleasedPair | null = pairs.length ? pairs[Math.min(pairNo, pairs.length) - 1] : null;
  const others = useMemo(() => {
    if (!showOthers || pairs.length < 2) return [];
    // Evenly spread over the grid of draws (different footpoints), skipping the highlighted one.
    const rest = pairs.filter((p) => p !== selected);
    const k = Math.min(OTHER_DRAWS, rest.length);
    return Array.from({ length: k }, (_, i) => rest[Math.floor((i * rest.length) / k)]);
  }, [pairs, selected, showOthers]);

  return { dim, cells, stale, fit, pairs, selected, others, fig3, paperRun, paperSelected, frame };
}
