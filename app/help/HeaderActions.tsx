/** Header buttons: presets, tour, copy link (filled in by the help/presets work). */
export function HeaderActions() {
  return <div className="header-actions" />;
}
