import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startComputeController } from './compute/controller';
import { enableFaultInjectionFromUrl, injectFault } from './compute/faults';
import { startPersistence } from './state/persistence';
import { startUrlSync } from './state/urlSync';
import './styles.css';

import { useLab } from './store';

// Before the URL sync rewrites the address bar: the restored session yields to settings given by a link, and
// the test-only fault switch is read from the original URL.
startPersistence();
if (enableFaultInjectionFromUrl(window.location.search))
  (window as unknown as { __dpLabFaults: { inject: typeof injectFault } }).__dpLabFaults = {
    inject: injectFault,
  };
startUrlSync();
// Read access for end-to-end tests and the curious (the console): window.__dpLab.getState().
(window as unknown as { __dpLab: typeof useLab }).__dpLab = useLab;
startComputeController();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
