/**
 * Exact trade-off curves by quadrature, for the privacy audit's calibration mechanisms (src/audit/): what the
 * best possible test achieves, to draw beside the empirical curve: where the density is known, quadrature
 * gives the exact privacy loss, which shows how close the audit's lower bound comes.
 *
 * S² Riemannian Laplace, density e^{−ρ(η, z)/σ}/Z on the sphere (Z independent of η). The optimal tests of
 * D (centre η) against D′ (centre η′) threshold the log-likelihood ratio L(z) = (ρ(η, z) − ρ(η′, z))/σ
 * (Neyman–Pearson). In coordinates (θ, φ) around η, z = cos θ·η + sin θ (cos φ·e₁ + sin φ·e₂), dA = sin θ dθ dφ;
 * the midpoint rule on an m × 2m grid gives each cell's mass under both densities and its L; sorting the cells
 * by L and accumulating gives α(t) = P_η(L > t), β(t) = P_η′(L ≤ t).
 */
import { sphere } from '../../geometry/sphere';

export function sphereLaplaceTradeOff(
  eta: Float64Array,
  eta2: Float64Array,
  sigma: number,
  nodes = 200,
  points = 201,
): { alpha: number[]; beta: number[]; epsilon: number } {
  const M = sphere();
  // an orthonormal frame (η, e₁, e₂)
  const a = Math.abs(eta[0]) < 0.9 ? Float64Array.of(1, 0, 0) : Float64Array.of(0, 1, 0);
  const e1 = M.projectTangent(eta, a);
  const l1 = Math.hypot(...e1);
  for (let i = 0; i < 3; i++) e1[i] /= l1;
  const e2 = Float64Array.of(
    eta[1] * e1[2] - eta[2] * e1[1],
    eta[2] * e1[0] - eta[0] * e1[2],
    eta[0] * e1[1] - eta[1] * e1[0],
  );
  const cells: { l: number; p: number; q: number }[] = [];
  const dT = Math.PI / nodes;
  const dP = Math.PI / nodes; // 2π over 2m cells
  const z = new Float64Array(3);
  let sumP = 0;
  let sumQ = 0;
  for (let i = 0; i < nodes; i++) {
    const t = (i + 0.5) * dT;
    const [ct, st] = [Math.cos(t), Math.sin(t)];
    for (let j = 0; j < 2 * nodes; j++) {
      const f = (j + 0.5) * dP;
      const [cf, sf] = [Math.cos(f), Math.sin(f)];
      for (let k = 0; k < 3; k++) z[k] = ct * eta[k] + st * (cf * e1[k] + sf * e2[k]);
      const r2 = M.dist(eta2, z);
      const area = st * dT * dP;
      const p = Math.exp(-t / sigma) * area;
      const q = Math.exp(-r2 / sigma) * area;
      sumP += p;
      sumQ += q;
      cells.push({ l: (t - r2) / sigma, p, q });
    }
  }
  cells.sort((x, y) => x.l - y.l);
  // walking up the thresholds: α = P_η(L > t) falls from 1, β = P_η′(L ≤ t) rises from 0
  const alpha: number[] = [1];
  const beta: number[] = [0];
  const step = Math.max(1, Math.floor(cells.length / (points - 1)));
  let cp = 0;
  let cq = 0;
  for (let i = 0; i < cells.length; i++) {
    cp += cells[i].p;
    cq += cells[i].q;
    if ((i + 1) % step === 0 || i === cells.length - 1) {
      alpha.push(Math.max(0, 1 - cp / sumP));
      beta.push(Math.min(1, cq / sumQ));
    }
  }
  return { alpha, beta, epsilon: M.dist(eta, eta2) / sigma };
}
