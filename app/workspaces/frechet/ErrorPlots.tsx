import { useMemo } from 'react';
import { ErrorBoundary } from '../../ErrorBoundary';
import { JobProgress } from '../../plots/chart';
import { useThrottledLab } from '../../plots/useThrottledLab';
import type { LabSettings } from '../../state/settings';
import { useLab, type LabState } from '../../store';
import { finiteMean } from './CloudLegend';
import { ErrorFigure } from './ErrorFigure';
import { frechetEpsGrid, ownData } from './jobs';
import { useViewClouds } from './useFrechet';

const selectEps = (s: LabState) => s.frechetEps;
const selectK = (s: LabState) => s.frechetK;

/**
 * The error tab: the choice of distance, the error-vs-ε plot with this view's releases marked, and on SPD the
 * error-vs-k plot (synthetic data only: it makes data of every size k).
 */
export function ErrorPlots() {
  const settings = useLab((s) => s.settings);
  const set = useLab((s) => s.set);
  const imported = useLab((s) => s.imported.frechet);
  const own = ownData(settings, imported);
  const epsGrid = useMemo(() => frechetEpsGrid(settings, imported), [settings, imported]);
  const eps = useThrottledLab(selectEps, 250);
  const k = useThrottledLab(selectK, 250);
  const clouds = useViewClouds();
  const current = clouds
    .filter((c) => c.applicable)
    .map((c) => ({
      mechanism: c.mechanism,
      y: finiteMean(settings.errorMeasure === 'euclidean' ? c.euclideanDists : c.dists),
    }))
    .filter((c) => c.y > 0);
  return (
    <>
      <div className="field field-inline">
        <label htmlFor="frechet-error-measure">error measured as</label>
        <select
          id="frechet-error-measure"
          value={settings.errorMeasure}
          data-testid="frechet-error-measure"
          onChange={(e) => set({ errorMeasure: e.target.value as LabSettings['errorMeasure'] })}
        >
          <option value="own">each mechanism’s own distance</option>
          <option value="euclidean">Euclidean distance for all (004)</option>
        </select>
      </div>
      <JobProgress
        label="Error-vs-ε sweep progress"
        status={eps.status}
        done={eps.done}
        total={eps.total}
        error={eps.error}
      />
      <ErrorBoundary name="the error-vs-ε plot">
        <ErrorFigure
          x="eps"
          job={eps}
          settings={settings}
          current={current}
          own={own && { n: own.points.length, k: own.k }}
          epsGrid={epsGrid}
        />
      </ErrorBoundary>
      {settings.frechetSpace === 'spd' && own && (
        <p className="hint" data-testid="frechet-k-note">
          The error-vs-k plot (002 Fig. 1) makes synthetic data of every size k, so it is not drawn for your
          own {own.k}×{own.k} matrices; go back to synthetic data to see it.
        </p>
      )}
      {settings.frechetSpace === 'spd' && !own && (
        <>
          <JobProgress
            label="Error-vs-k sweep progress"
            status={k.status}
            done={k.done}
            total={k.total}
            error={k.error}
          />
          <ErrorBoundary name="the error-vs-k plot">
            <ErrorFigure x="k" job={k} settings={settings} />
          </ErrorBoundary>
        </>
      )}
    </>
  );
}
