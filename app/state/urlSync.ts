import { useLab } from '../store';
import { settingsToQuery } from './settings';

/** Keeps the address bar in step with the settings (replaceState: no history entry per slider tick). */
export function startUrlSync(): () => void {
  let last = '';
  const write = () => {
    const q = settingsToQuery(useLab.getState().settings);
    if (q === last) return;
    last = q;
    const url = `${window.location.pathname}${q ? `?${q}` : ''}${window.location.hash}`;
    window.history.replaceState(null, '', url);
  };
  write();
  return useLab.subscribe((s, prev) => {
    if (s.settings !== prev.settings) write();
  });
}

/** The shareable link of the current state. */
export function currentLink(): string {
  const q = settingsToQuery(useLab.getState().settings);
  return `${window.location.origin}${window.location.pathname}${q ? `?${q}` : ''}`;
}
