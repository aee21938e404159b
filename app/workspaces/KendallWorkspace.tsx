/** Placeholder until the Kendall view lands. */
export function KendallWorkspace() {
  return <section className="panel">Kendall</section>;
}
