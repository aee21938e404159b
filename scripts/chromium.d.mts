/** The Chromium binary the browser tests use, or null when there is none (see chromium.mjs). */
export function findChromium(): string | null;
/** Installs Chromium where it can; 0 when one is there, 1 (after one line on stderr) when not. */
export function ensureChromium(): 0 | 1;
