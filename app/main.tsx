import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ErrorBoundary } from './ErrorBoundary';
import { startComputeController } from './compute/controller';
import { enableFaultInjectionFromUrl, injectFault, injectRenderFault } from './compute/faults';
import { allow, enablePacingFromUrl, held, open } from './compute/pacing';
import { startPersistence } from './state/persistence';
import { startUrlSync } from './state/urlSync';
import './styles.css';

import { useLab } from './store';

// Before the URL sync rewrites the address bar: the restored session yields to settings given by a link, and
// the test-only fault and pacing switches are read from the original URL.
startPersistence();
const faults = enableFaultInjectionFromUrl(window.location.search);
if (faults)
  (window as unknown as { __dpLabFaults: object }).__dpLabFaults = {
    inject: injectFault,
    injectRender: injectRenderFault,
  };
const paced = enablePacingFromUrl(window.location.search);
if (paced) (window as unknown as { __dpLabPace: object }).__dpLabPace = { allow, open, held };
startUrlSync();
// Read access for end-to-end tests and the curious (the console): window.__dpLab.getState().
(window as unknown as { __dpLab: typeof useLab }).__dpLab = useLab;
// the test-only switches count the release pool's jobs: no releases ahead under them
const compute = startComputeController({ releaseAhead: !faults && !paced });
// … and whether any computation runs or is about to, the releases computed ahead included: __dpLabBusy().
(window as unknown as { __dpLabBusy: () => boolean }).__dpLabBusy = compute.busy;

// Errors caught by the lab's error boundaries are reported by them, once, with the part that failed
// (ErrorBoundary.tsx); React's own report of the same error would repeat it.
createRoot(document.getElementById('root')!, { onCaughtError: () => {} }).render(
  <StrictMode>
    <ErrorBoundary name="the lab">
      <App />
    </ErrorBoundary>
  </StrictMode>,
);
