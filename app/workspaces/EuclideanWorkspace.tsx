/** Placeholder until the Euclidean view lands. */
export function EuclideanWorkspace() {
  return <section className="panel">Euclidean</section>;
}
