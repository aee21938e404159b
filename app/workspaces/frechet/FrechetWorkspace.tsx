/**
 * The Fréchet-mean workspace (papers 004, 002, 003; docs/frechet.md): the data, their true (non-private)
 * Fréchet mean and the releases of each private mechanism as point clouds, on the sphere S² (3D) or on SPD(2)
 * (ellipses and the cone). The releases come from the workers (`frechet` task, via app/workspaces/frechet/jobs.ts); the
 * data set is regenerated here from the same seed.
 */
import { FrechetDataDescription, FrechetHeading } from './DataDescription';
import { FrechetSphereView } from './FrechetSphereView';
import { FrechetSpdView } from './FrechetSpdView';
import { MECHANISM_STYLES } from './mechanisms';
import { ownData } from './jobs';
import { frechetProblem } from './problems';
import { useFrechetData, useViewClouds } from './useFrechet';
import { StatusLine } from '../../release/ReleaseStatus';
import { useLab } from '../../store';
import { formatBudget } from '../../format';
import './frechet.css';

function ViewStatus() {
  const view = useLab((s) => s.frechetView);
  const eps = useLab((s) => s.settings.eps);
  const clouds = useViewClouds();
  const notPrivate = clouds.filter((c) => c.applicable && !c.isPrivate);
  let text: string;
  let state: 'running' | 'done' | 'error' | 'idle';
  if (view.status === 'error') {
    state = 'error';
    text = `The private releases failed: ${view.error ?? 'unknown error'}`;
  } else if (view.status === 'running') {
    state = 'running';
    text = `Computing the private releases at ε = ${formatBudget(eps)}… ${view.done} of ${view.total || '…'}`;
  } else if (view.status === 'done') {
    state = 'done';
    const n = clouds.reduce((a, c) => a + c.releases.length, 0);
    text = `Private releases done: ${n} at ε = ${formatBudget(eps)} (${clouds.length} mechanism${clouds.length === 1 ? '' : 's'}).`;
  } else {
    state = 'idle';
    text = 'No releases to compute.';
  }
  return (
    <StatusLine
      state={state}
      testId="frechet-status"
      badge={notPrivate.length > 0 ? 'not private' : null}
      notes={notPrivate.map(
        (c) =>
          `${MECHANISM_STYLES[c.mechanism].label}: ${c.notes.find((n) => /privat/i.test(n)) ?? 'calibrated on the data'}`,
      )}
    >
      {text}
    </StatusLine>
  );
}

export function FrechetWorkspace() {
  const settings = useLab((s) => s.settings);
  const imported = useLab((s) => s.imported.frechet);
  const { data, error } = useFrechetData();
  const clouds = useViewClouds();
  const problem = frechetProblem(settings, ownData(settings, imported));
  const space = settings.frechetSpace;
  return (
    <section className="panel workspace-frechet view-container" aria-labelledby="frechet-title">
      <h2 id="frechet-title">
        <FrechetHeading />
      </h2>
      <FrechetDataDescription />
      {problem || error ? (
        <p role="alert" className="plot-warning" data-testid="frechet-problem">
          {problem ?? `The data could not be generated: ${error}`}
        </p>
      ) : (
        <>
          <ViewStatus />
          {data &&
            (space === 'sphere' ? (
              <FrechetSphereView data={data} clouds={clouds} />
            ) : (
              <FrechetSpdView data={data} clouds={clouds} />
            ))}
        </>
      )}
    </section>
  );
}
