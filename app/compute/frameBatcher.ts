/** Coalesces store writes from many streamed cells into at most one per animation frame. */
export function frameBatcher(flush: () => void): () => void {
  let pending = false;
  return () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      flush();
    });
  };
}
