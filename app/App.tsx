import { WORKSPACES, useLab } from './store';
import { SphereWorkspace } from './workspaces/SphereWorkspace';
import { PendingWorkspace } from './workspaces/PendingWorkspace';

export function App() {
  const workspace = useLab((s) => s.workspace);
  const setWorkspace = useLab((s) => s.setWorkspace);
  return (
    <div className="app">
      <header className="app-header">
        <h1>DP Manifold Lab</h1>
        <p className="tagline">
          Differentially private regression and means on curved spaces — all in your browser.
        </p>
      </header>
      <nav aria-label="Workspaces">
        <ul className="workspace-tabs" role="tablist">
          {WORKSPACES.map((w) => (
            <li key={w.id} role="presentation">
              <button
                role="tab"
                id={`tab-${w.id}`}
                aria-selected={workspace === w.id}
                aria-controls="workspace-panel"
                className={workspace === w.id ? 'active' : ''}
                onClick={() => setWorkspace(w.id)}
                title={w.blurb}
              >
                {w.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main id="workspace-panel" role="tabpanel" aria-labelledby={`tab-${workspace}`}>
        {workspace === 'sphere' ? <SphereWorkspace /> : <PendingWorkspace id={workspace} />}
      </main>
    </div>
  );
}
