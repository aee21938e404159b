/**
 * The chart of the joint target at the fit (docs/kng-joint.md, "Sampler"): with (p̂, v̂) the fit and e₁ … e_d an
 * orthonormal basis of T_p̂M, the coordinates ξ = (a, b) ∈ R^d × R^d name the state p = Exp_p̂(Σ aᵢeᵢ),
 * v = Γ_{p̂→p}(v̂ + Σ bᵢeᵢ); one-to-one on |a| below the chart's radius.
 */
import { GeometryError, type Manifold } from '../../geometry/types';

export interface JointChart {
  M: Manifold;
  d: number;
  pHat: Float64Array;
  vHat: Float64Array;
  /** Orthonormal basis of T_p̂M (d ambient vectors). */
  basis: Float64Array[];
  /**
   * The chart's radius: the injectivity radius, or on SPD the farthest the domain reaches from p̂,
   * d(p̂, I) + R_p (beyond it the target is 0, and long vectors would overflow Exp).
   */
  chartRadius: number;
}

/** The state (p, v) of chart coordinates ξ into pOut, vOut; false where the chart does not reach (|a| ≥ r_inj). */
export function chartState(
  law: JointChart,
  xi: Float64Array,
  pOut: Float64Array,
  vOut: Float64Array,
  scratch = new Float64Array(2 * law.M.ambientDim),
): boolean {
  const { M, d, basis, pHat, vHat } = law;
  const a = M.ambientDim;
  const tangent = scratch.subarray(0, a);
  const fibre = scratch.subarray(a);
  tangent.fill(0);
  fibre.set(vHat);
  let r2 = 0;
  for (let i = 0; i < d; i++) {
    r2 += xi[i] * xi[i];
    const e = basis[i];
    for (let k = 0; k < a; k++) {
      tangent[k] += xi[i] * e[k];
      fibre[k] += xi[d + i] * e[k];
    }
  }
  if (!(Math.sqrt(r2) < law.chartRadius)) return false;
  try {
    M.exp(pHat, tangent, pOut);
    M.transport(pHat, pOut, fibre, vOut);
  } catch (e) {
    if (e instanceof GeometryError) return false;
    throw e;
  }
  return Number.isFinite(pOut[0]) && Number.isFinite(vOut[0]);
}

/**
 * Chart coordinates ξ of (p, v) into out (2d), and Log_p̂ p into `logOut` (ambient); false where there are none
 * (p at or beyond p̂'s cut locus).
 */
export function chartCoordinates(
  law: JointChart,
  p: Float64Array,
  v: Float64Array,
  out: Float64Array,
  logOut = new Float64Array(law.M.ambientDim),
  scratch = new Float64Array(law.M.ambientDim),
): boolean {
  const { M, d, basis, pHat, vHat } = law;
  try {
    M.log(pHat, p, logOut);
    if (!(M.norm(pHat, logOut) < law.chartRadius)) return false;
    M.transport(p, pHat, v, scratch);
  } catch (e) {
    if (e instanceof GeometryError) return false;
    throw e;
  }
  for (let i = 0; i < d; i++) {
    out[i] = M.inner(pHat, logOut, basis[i]);
    out[d + i] = M.inner(pHat, scratch, basis[i]) - M.inner(pHat, vHat, basis[i]);
  }
  return true;
}
