/** Placeholder until the Spd view lands. */
export function SpdWorkspace() {
  return <section className="panel">Spd</section>;
}
