import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startComputeController } from './compute/controller';
import { startUrlSync } from './state/urlSync';
import './styles.css';

startUrlSync();
startComputeController();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
