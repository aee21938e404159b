import { WorkspaceDataGate } from './compute/WorkspaceDataGate';
import { ControlPanel } from './controls/ControlPanel';
import { WorkspaceExports } from './export/WorkspaceExports';
import { Explainers } from './help/Explain';
import { HeaderActions } from './help/HeaderActions';
import { Notices } from './Notices';
import { PlotsPanel } from './plots/PlotsPanel';
import { ScreenLayout } from './present/ScreenLayout';
import { WORKSPACES, useLab, type WorkspaceId } from './store';
import { EuclideanWorkspace } from './workspaces/EuclideanWorkspace';
import { KendallWorkspace } from './workspaces/KendallWorkspace';
import { SpdWorkspace } from './workspaces/SpdWorkspace';
import { SphereWorkspace } from './workspaces/SphereWorkspace';
import { FrechetControls } from './frechet/FrechetControls';
import { FrechetPlots } from './frechet/FrechetPlots';
import { FrechetWorkspace } from './workspaces/FrechetWorkspace';

const VIEWS: Record<WorkspaceId, () => React.JSX.Element> = {
  sphere: SphereWorkspace,
  spd: SpdWorkspace,
  kendall: KendallWorkspace,
  euclidean: EuclideanWorkspace,
  frechet: FrechetWorkspace,
};

export function App() {
  const workspace = useLab((s) => s.settings.workspace);
  const setWorkspace = useLab((s) => s.setWorkspace);
  const View = VIEWS[workspace];
  // the Fréchet-mean workspace has its own controls, view and plots (no regression data or jobs)
  const frechet = workspace === 'frechet';
  return (
    <div className="app">
      <header className="app-header">
        <div>
          <h1>DP Manifold Lab</h1>
          <p className="tagline">
            Differentially private regression on curved spaces — computed in your browser; your data never
            leave it.
          </p>
        </div>
        <HeaderActions />
      </header>
      <nav aria-label="Workspaces">
        <div className="workspace-tabs" role="tablist" aria-label="Workspace">
          {WORKSPACES.map((w) => (
            <button
              key={w.id}
              role="tab"
              id={`tab-${w.id}`}
              aria-selected={workspace === w.id}
              aria-controls="workspace-panel"
              tabIndex={workspace === w.id ? 0 : -1}
              className={workspace === w.id ? 'active' : ''}
              onClick={() => setWorkspace(w.id)}
              onKeyDown={(e) => {
                // Arrow keys move between tabs (WAI-ARIA tabs pattern).
                const i = WORKSPACES.findIndex((x) => x.id === workspace);
                const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
                if (!step) return;
                const next = WORKSPACES[(i + step + WORKSPACES.length) % WORKSPACES.length].id;
                setWorkspace(next);
                document.getElementById(`tab-${next}`)?.focus();
              }}
              title={w.blurb}
            >
              {w.label}
            </button>
          ))}
        </div>
      </nav>
      <Notices />
      <div className="lab-grid">
        {frechet ? <FrechetControls /> : <ControlPanel />}
        <main id="workspace-panel" role="tabpanel" aria-labelledby={`tab-${workspace}`} className="workspace">
          {frechet ? (
            <View />
          ) : (
            <WorkspaceDataGate>
              <View />
            </WorkspaceDataGate>
          )}
          <WorkspaceExports />
          <section className="panel" aria-label="Ideas behind this view">
            <Explainers
              topics={frechet ? ['frechetMean', 'frechetSensitivity'] : ['geodesic', 'kng', 'sensitivity']}
            />
          </section>
        </main>
        {frechet ? <FrechetPlots /> : <PlotsPanel />}
        <ScreenLayout />
      </div>
      <footer className="app-footer">
        Everything runs locally in this page. Data-driven τ (the paper&apos;s choice) uses the private data to
        calibrate the noise, so such releases are labelled “not private”.
      </footer>
    </div>
  );
}
