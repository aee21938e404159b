import { useMemo } from 'react';
import {
  shapeProjector,
  shapesBox,
  viewHeights,
  type ShapeFrame,
  type ShapeProjector,
  type ShapesAtAge,
} from '../../views2d/shapesGeometry';

/** The wide view's map (morph, audit record, overlay) and the small one of the age panels. */
export interface ShapeProjectors {
  morph: ShapeProjector | null;
  panel: ShapeProjector | null;
}

/** One common drawing scale for every view (private outlines that stray further are clipped). */
export function useShapeProjectors(
  frame: ShapeFrame | null,
  atAges: readonly ShapesAtAge[],
): ShapeProjectors {
  const box = useMemo(
    () =>
      frame
        ? shapesBox(
            frame,
            atAges.map((a) => a.x),
          )
        : null,
    [frame, atAges],
  );
  const aspect = box ? (box[3] - box[1]) / (box[2] - box[0]) : 0.5;
  const morph = useMemo(
    () => (box ? shapeProjector(box, 640, viewHeights(aspect).morph, 20) : null),
    [box, aspect],
  );
  const panel = useMemo(
    () => (box ? shapeProjector(box, 220, viewHeights(aspect).panel, 6) : null),
    [box, aspect],
  );
  return { morph, panel };
}
