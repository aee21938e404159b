/**
 * Downloads made in the page: a Blob or a text becomes a file the browser saves. Nothing leaves the browser.
 */

/** Saves `blob` as `filename` (through a temporary object URL and a hidden link). */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Saves a text file (UTF-8). */
export function downloadText(text: string, filename: string, mime = 'text/plain'): void {
  downloadBlob(new Blob([text], { type: `${mime};charset=utf-8` }), filename);
}

/** A file-name part: lower case, letters, digits and dashes only. */
export function slug(s: string): string {
  return (
    s
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'export'
  );
}

/** The lab's file names: `dp-lab-<workspace>-<what>.<ext>`, e.g. dp-lab-sphere-mse.svg. */
export function exportFileName(workspace: string, what: string, ext: string): string {
  return `dp-lab-${slug(workspace)}-${slug(what)}.${ext.replace(/^\./, '')}`;
}
