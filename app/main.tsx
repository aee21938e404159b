import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startComputeController } from './compute/controller';
import { startUrlSync } from './state/urlSync';
import './styles.css';

import { useLab } from './store';

startUrlSync();
// Read access for end-to-end tests and the curious (the console): window.__dpLab.getState().
(window as unknown as { __dpLab: typeof useLab }).__dpLab = useLab;
startComputeController();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
