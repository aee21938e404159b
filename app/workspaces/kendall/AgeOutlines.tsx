import { useState } from 'react';
import type { PaperSamplerRun } from '../../store';
import { useLab } from '../../store';
import { AgesField } from '../../views2d/shapesControls';
import type { ShapesAtAge } from '../../views2d/shapesGeometry';
import { AgeOverlay } from './AgeOverlay';
import { AgePanels } from './AgePanels';
import type { Covariate } from './covariate';
import { PaperPanels } from './PaperPanels';
import type { ShapeProjectors } from './projectors';

type Layout = 'panels' | 'overlay';

/**
 * Outlines at the listed ages (as in Fig. 3): one panel per age or all overlaid, and in Fig. 3 mode a second
 * row with the paper's sampler.
 */
export function AgeOutlines(props: {
  atAges: readonly ShapesAtAge[];
  covariate: Covariate;
  projectors: ShapeProjectors;
  stale: boolean;
  fig3: boolean;
  paperStatus: PaperSamplerRun['status'];
}) {
  const { atAges, stale } = props;
  const { isAge, xLabel, yrs } = props.covariate;
  const { morph, panel } = props.projectors;
  const ages = useLab((s) => s.settings.ages);
  const set = useLab((s) => s.set);
  // View state (local: not part of the shareable lab state).
  const [layout, setLayout] = useState<Layout>('panels');
  return (
    <>
      <h3 className="view2d-section-title">
        Outlines at chosen {isAge ? 'ages' : 'covariate values'} (as in Fig. 3)
      </h3>
      <div className="view2d-controls">
        <AgesField ages={ages} onChange={(a) => set({ ages: a })} unit={isAge ? 'ages (years)' : xLabel} />
        <fieldset className="view2d-segmented">
          <legend>layout</legend>
          {(['panels', 'overlay'] as const).map((l) => (
            <label key={l}>
              <input
                type="radio"
                name="kendall-layout"
                value={l}
                checked={layout === l}
                onChange={() => setLayout(l)}
              />
              {l === 'panels' ? 'one panel per age' : 'overlaid'}
            </label>
          ))}
        </fieldset>
      </div>
      {layout === 'panels' && panel && (
        <AgePanels atAges={atAges} projector={panel} stale={stale} yrs={yrs} />
      )}
      {props.fig3 && layout === 'panels' && panel && (
        <PaperPanels atAges={atAges} projector={panel} status={props.paperStatus} yrs={yrs} />
      )}
      {layout === 'overlay' && morph && (
        <AgeOverlay atAges={atAges} projector={morph} stale={stale} yrs={yrs} />
      )}
    </>
  );
}
