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
if (enableFaultInjectionFromUrl(window.location.search))
  (window as unknown as { __dpLabFaults: object }).__dpLabFaults = {
    inject: injectFault,
    injectRender: injectRenderFault,
  };
if (enablePacingFromUrl(window.location.search))
  (window as unknown as { __dpLabPace: object }).__dpLabPace = { allow, open, held };
startUrlSync();
// Read access for end-to-end tests and the curious (the console): window.__dpLab.getState().
(window as unknown as { __dpLab: typeof useLab }).__dpLab = useLab;
startComputeController();

// Errors caught by the lab's error boundaries are reported by them, once, with the part that failed
// (ErrorBoundary.tsx); React's own report of the same error would repeat it.
createRoot(document.getElementById('root')!, { onCaughtError: () => {} }).render(
  <StrictMode>
    <ErrorBoundary name="the lab">
      <App />
    </ErrorBoundary>
  </StrictMode>,
);
