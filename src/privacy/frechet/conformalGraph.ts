/**
 * The graph behind Conformal-DP's φ (conformal.ts): a symmetrised k-nearest-neighbour graph whose Laplacian
 * D − W stands in for −D s Δ_g, and the conjugate-gradient solve of its Poisson problem.
 */

/** The k-NN graph of the sample, with what the Poisson problem needs from it. */
export interface KnnGraph {
  /** Each node's neighbours (ascending). */
  nbr: Int32Array[];
  /** Weights Wᵢⱼ to those neighbours. */
  wt: Float64Array[];
  /** Degrees Σⱼ Wᵢⱼ. */
  deg: number[];
  /** Local scale sᵢ = Σⱼ Pᵢⱼ ρᵢⱼ²/(2d), P = D⁻¹W: (I − P)f ≈ −sᵢ Δf. */
  scale: number[];
  /** Connected component of each node. */
  comp: Int32Array;
  components: number;
}

/**
 * The graph of m nodes with pairwise squared distances D2 (m×m), kNN neighbours per node, kernel width τ, in
 * dimension d. Each node's width is τᵢ = max(τ, distance to its k-th neighbour) ("self-tuning" widths,
 * floored at τ), and Wᵢⱼ = exp(−ρᵢⱼ²/(τᵢτⱼ)): a point far from the rest keeps O(1) weights to its
 * neighbours. (With one global τ such a point hangs on weights ~e^{−20}, and the Poisson solve pushes its σ
 * to ±20 to carry its source through them.)
 */
export function knnGraph(D2: Float64Array, m: number, kNN: number, tau: number, d: number): KnnGraph {
  const adj: Set<number>[] = Array.from({ length: m }, () => new Set<number>());
  const order = new Array<number>(m);
  const width = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < m; j++) order[j] = j;
    order.sort((a, b) => D2[i * m + a] - D2[i * m + b]);
    let taken = 0;
    for (const j of order) {
      if (j === i) continue;
      adj[i].add(j);
      adj[j].add(i);
      if (++taken >= kNN) {
        width[i] = Math.max(tau, Math.sqrt(D2[i * m + j]));
        break;
      }
    }
  }
  const nbr = adj.map((set) => Int32Array.from([...set].sort((a, b) => a - b)));
  const wt = nbr.map((js, i) =>
    Float64Array.from(js, (j) => Math.exp(-D2[i * m + j] / (width[i] * width[j]))),
  );
  const deg = wt.map((ws) => ws.reduce((a, b) => a + b, 0));
  if (!deg.every((x) => x > 0 && Number.isFinite(x)))
    throw new RangeError('conformal field: a graph weight underflowed');
  const scale = nbr.map(
    (js, i) => js.reduce((a, j, l) => a + (wt[i][l] / deg[i]) * D2[i * m + j], 0) / (2 * d),
  );

  // Connected components.
  const comp = new Int32Array(m).fill(-1);
  let components = 0;
  for (let i = 0; i < m; i++) {
    if (comp[i] >= 0) continue;
    const stack = [i];
    comp[i] = components;
    while (stack.length) {
      const u = stack.pop()!;
      for (const v of nbr[u])
        if (comp[v] < 0) {
          comp[v] = components;
          stack.push(v);
        }
    }
    components++;
  }
  return { nbr, wt, deg, scale, comp, components };
}

/** The product x ↦ (D − W)x. */
export function graphLaplacian(graph: KnnGraph): (x: Float64Array, out: Float64Array) => void {
  const { nbr, wt, deg } = graph;
  const m = deg.length;
  return (x, out) => {
    for (let i = 0; i < m; i++) {
      let s = deg[i] * x[i];
      const js = nbr[i];
      const ws = wt[i];
      for (let l = 0; l < js.length; l++) s -= ws[l] * x[js[l]];
      out[i] = s;
    }
  };
}

/**
 * Conjugate gradients for A x = b (A symmetric PSD, given as a product), from x = 0, with the diagonal
 * (Jacobi) preconditioner: the degrees vary with the density, which slows plain CG. Started at 0 with
 * b ⊥ ker A, the iterates stay ⊥ ker A (ker A = constants per component).
 */
export function conjugateGradient(
  apply: (x: Float64Array, out: Float64Array) => void,
  diag: Float64Array,
  b: Float64Array,
  maxIterations: number,
  relTol: number,
): { x: Float64Array; iterations: number } {
  const m = b.length;
  const x = new Float64Array(m);
  const r = Float64Array.from(b);
  const z = Float64Array.from(r, (ri, i) => ri / diag[i]);
  const p = Float64Array.from(z);
  const Ap = new Float64Array(m);
  const dot = (u: Float64Array, v: Float64Array) => {
    let s = 0;
    for (let i = 0; i < m; i++) s += u[i] * v[i];
    return s;
  };
  let rz = dot(r, z);
  const stop = relTol * relTol * dot(r, r);
  let it = 0;
  for (; it < maxIterations && dot(r, r) > stop && rz > 0; it++) {
    apply(p, Ap);
    const pAp = dot(p, Ap);
    if (!(pAp > 0)) break;
    const alpha = rz / pAp;
    for (let i = 0; i < m; i++) {
      x[i] += alpha * p[i];
      r[i] -= alpha * Ap[i];
      z[i] = r[i] / diag[i];
    }
    const rzNew = dot(r, z);
    const beta = rzNew / rz;
    rz = rzNew;
    for (let i = 0; i < m; i++) p[i] = z[i] + beta * p[i];
  }
  return { x, iterations: it };
}
