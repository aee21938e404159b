"""The numpy anchor of `npm run bench -- --anchor`: the Fig. 1 budget-split sweep on S^2 (paper 000; both panels,
10 budget points, n = 20, 50, 100, m = 10 footpoints with m shooting vectors each, burn-in 1000) by the same
algorithm as src/experiments/sweep.ts and src/privacy/kng.ts, written as a numpy programmer would for speed:
every chain of one data set runs at once (a step is a handful of array operations over chains x points),
footpoint chains first, then the shooting chains at the footpoints they released.

Same data and non-private fits as the lab (read from the JSON file the bench writes), same targets (the sphere
kernel's gradient norms, src/privacy/sphereKernel.ts), same proposals (uniform in a tangent ball, pushed through
Exp), same calibration (sigma = 2 tau / (n eps), tau the largest residual, the default 'paper' rule), same steps
(5 sigma_p and 15 sigma_v, capped at pi), the ball domain |v| <= pi. Its own random streams (numpy's PCG64), so
its numbers agree with the lab's in distribution, not digit for digit; the bench compares the curves.

usage: python3 bench/anchor_fig1.py SPEC.json (m, burnIn, points per panel, datasets: xs, ys, pHat, vHat, maxResidual)  ->  prints JSON {seconds, cpuSeconds, numpy, rows: [{n, panel, epsP, epsV, lnMeanMse}]}
"""

import json
import sys
import time

import numpy as np

STEP_P, STEP_V = 5.0, 15.0


def budget_pairs(panel, points=10):
    if panel == "unequal":
        total = 2.02
        lo = 0.02
        return [(lo + (total - 2 * lo) * i / (points - 1), total - lo - (total - 2 * lo) * i / (points - 1))
                for i in range(points)]
    return [(e / 2, e / 2) for e in (0.2 + 1.8 * i / (points - 1) for i in range(points))]


def dot(a, b):
    return np.einsum("...j,...j->...", a, b)


def normalise(a):
    return a / np.linalg.norm(a, axis=-1, keepdims=True)


def sphere_exp(p, v):
    L = np.linalg.norm(v, axis=-1, keepdims=True)
    sinc = np.where(L < 1e-4, 1 - L * L / 6, np.sin(L) / np.where(L == 0, 1, L))
    return normalise(np.cos(L) * p + sinc * v)


def tangent_ball(rng, p, r):
    """Uniform in the ball of radius r (per chain) of T_p S^2: a projected Gaussian, rescaled."""
    z = rng.standard_normal(p.shape)
    z -= dot(z, p)[:, None] * p
    k = r * np.sqrt(rng.random(len(p))) / np.linalg.norm(z, axis=-1)
    return z * k[:, None]


def theta_over_sin(dot_):
    """theta / sin theta of a residual with cos theta = dot (1 at 0); NaN at the cut locus."""
    d = np.clip(dot_, -1.0, 1.0)
    s = np.sqrt((1 - d) * (1 + d))
    with np.errstate(divide="ignore", invalid="ignore"):
        f = np.where(s < 1e-8, 1 + s * s / 6, np.arctan2(s, d) / s)
    return np.where((d < 0) & (s < 1e-12), np.nan, f)


def grad_norm(x, y, p, v, footpoint, cos_fixed=None, sin_fixed=None):
    """|sum_i adjoint_i Log(q_i, y_i)| / n for chains (p, v) (rows) over the points (x_i, y_i): sphereKernel.ts."""
    L = np.linalg.norm(v, axis=-1)
    inv = np.where(L > 0, 1 / np.where(L > 0, L, 1), 0.0)
    u = v * inv[:, None]
    if footpoint:  # |v| = |v_hat|: the trigonometry is fixed per point
        c, s = cos_fixed[None, :], sin_fixed[None, :]
        along, across = 1.0, c
    else:
        Li = L[:, None] * x[None, :]
        c, s = np.cos(Li), np.sin(Li)
        along = x[None, :]
        across = np.where(L[:, None] > 0, s * inv[:, None], x[None, :])
    py = p @ y.T  # chains x points
    uy = u @ y.T
    dq = c * py + s * uy
    f = theta_over_sin(dq)
    a = f * (c * uy - s * py)
    k = across * f
    k_dot = k * dq
    gy = k @ y
    gp = (k_dot * c - across * a * s).sum(axis=1)
    gu = (along * a - k_dot * s - across * a * c).sum(axis=1)
    g = gy - gp[:, None] * p + gu[:, None] * u
    out = np.linalg.norm(g, axis=-1) / len(x)
    return np.where(np.isnan(out), np.inf, out)


def mh(rng, z0, potential, propose, step, burn_in):
    """Random-walk Metropolis-Hastings, all chains (rows of z0) at once; returns the final states."""
    z = z0.copy()
    u = potential(z)
    for _ in range(burn_in):
        prop = propose(z, step)
        u_new = potential(prop)
        with np.errstate(over="ignore", invalid="ignore"):
            accept = (u_new <= u) | (rng.random(len(z)) < np.exp(u - u_new))
        z[accept] = prop[accept]
        u[accept] = u_new[accept]
    return z


def sweep_dataset(rng, data, m, burn_in, points):
    x = np.asarray(data["xs"])
    y = np.asarray(data["ys"])
    n = len(x)
    p_hat = np.asarray(data["pHat"])
    v_hat = np.asarray(data["vHat"])
    tau = data["maxResidual"]
    delta = 2 * tau / n
    v_hat_norm = np.linalg.norm(v_hat)
    cos_fixed, sin_fixed = np.cos(x * v_hat_norm), np.sin(x * v_hat_norm)
    cells = [(panel, ep, ev) for panel in ("unequal", "equal") for ep, ev in budget_pairs(panel, points)]
    sigma_p = np.repeat([delta / ep for _, ep, _ in cells], m)
    sigma_v = np.repeat([delta / ev for _, _, ev in cells], m)

    def transported_v_hat(p):  # v_hat carried from p_hat to p
        k = (p @ v_hat) / (1 + p @ p_hat)
        return v_hat[None, :] - k[:, None] * (p_hat[None, :] + p)

    # footpoint chains: m per cell
    def foot_potential(p):
        return grad_norm(x, y, p, transported_v_hat(p), True, cos_fixed, sin_fixed) / sigma_p

    p0 = np.tile(p_hat, (len(sigma_p), 1))
    feet = mh(rng, p0, foot_potential, lambda p, r: sphere_exp(p, tangent_ball(rng, p, r)),
              np.minimum(STEP_P * sigma_p, np.pi), burn_in)

    # shooting chains: m at each footpoint
    p_rep = np.repeat(feet, m, axis=0)
    sv = np.repeat(sigma_v, m)
    v0 = transported_v_hat(p_rep)
    v0 -= dot(v0, p_rep)[:, None] * p_rep
    length = np.linalg.norm(v0, axis=-1)
    v0 *= np.where(length > 0.999 * np.pi, 0.999 * np.pi / np.where(length > 0, length, 1), 1)[:, None]

    def shoot_potential(v):
        u = grad_norm(x, y, p_rep, v, False) / sv
        return np.where(np.linalg.norm(v, axis=-1) > np.pi, np.inf, u)

    vs = mh(rng, v0, shoot_potential, lambda v, r: v + tangent_ball(rng, p_rep, r),
            np.minimum(STEP_V * sv, np.pi), burn_in)

    # MSE of every pair: (1/n) sum_i d(Exp(p, x_i v), y_i)^2
    q = sphere_exp(p_rep[:, None, :], x[None, :, None] * vs[:, None, :])
    d = np.arccos(np.clip(np.einsum("cij,ij->ci", q, y), -1, 1))
    mse = (d * d).mean(axis=1).reshape(len(cells), m * m).mean(axis=1)
    return [{"n": n, "panel": panel, "epsP": ep, "epsV": ev, "lnMeanMse": float(np.log(m))}
            for (panel, ep, ev), m in zip(cells, mse)]


def main():
    spec = json.load(open(sys.argv[1]))
    datasets = spec["datasets"]
    rng = np.random.default_rng(1)
    t, cpu = time.perf_counter(), time.process_time()
    rows = [row for data in datasets for row in sweep_dataset(rng, data, spec["m"], spec["burnIn"], spec["points"])]
    seconds, cpu_seconds = time.perf_counter() - t, time.process_time() - cpu
    print(json.dumps({"seconds": seconds, "cpuSeconds": cpu_seconds, "numpy": np.__version__, "rows": rows}))


if __name__ == "__main__":
    main()
