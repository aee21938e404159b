/** The plots column (filled in by the plots work). */
export function PlotsPanel() {
  return <section className="plots" aria-label="Plots" />;
}
