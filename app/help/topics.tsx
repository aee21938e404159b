/**
 * Plain-language explanations of the ideas behind the lab, written for a classroom, with formulas rendered by
 * KaTeX. Each topic has a one-line question (the disclosure's summary) and a short body.
 */
import type { ReactNode } from 'react';
import { TeX } from './TeX';
import type { TopicId } from './topicIds';

export interface Topic {
  id: TopicId;
  /** Short name for lists and links. */
  title: string;
  /** The question the topic answers (summary line). */
  question: string;
  body: () => ReactNode;
}

export const TOPICS: Record<TopicId, Topic> = {
  privacy: {
    id: 'privacy',
    title: 'Which way is more private?',
    question: 'Which way is “more private”? (smaller ε)',
    body: () => (
      <>
        <p>
          <strong>Smaller ε is more private.</strong> Differential privacy promises that adding, removing or
          changing any one person’s data changes the chance of every possible output by at most a factor{' '}
          <TeX>{'e^{\\varepsilon}'}</TeX>:
        </p>
        <TeX block>
          {
            "\\Pr[\\,\\mathcal{M}(D)\\in S\\,] \\;\\le\\; e^{\\varepsilon}\\,\\Pr[\\,\\mathcal{M}(D')\\in S\\,]"
          }
        </TeX>
        <p>
          At ε = 0.1 the outputs with and without you are almost indistinguishable (
          <TeX>{'e^{0.1}\\approx 1.1'}</TeX>); at ε = 2 one output can be up to{' '}
          <TeX>{'e^{2}\\approx 7.4'}</TeX> times likelier. The price of privacy is noise: error curves rise as
          ε shrinks.
        </p>
        <p>
          More private: smaller ε, the strict noise scale 2Δ/ε, a public τ, longer MCMC chains (smaller δ).
          More accurate: larger ε, more data n.
        </p>
      </>
    ),
  },
  geodesic: {
    id: 'geodesic',
    title: 'Footpoint and shooting vector',
    question: 'What are the footpoint and the shooting vector?',
    body: () => (
      <>
        <p>
          On a curved space the “straight line” of regression is a <strong>geodesic</strong>: the straightest
          possible path, like a great circle on a globe. It is described by two things:
        </p>
        <ul>
          <li>
            the <strong>footpoint</strong> <TeX>{'p'}</TeX>, where the curve starts (covariate x = 0) — the
            intercept;
          </li>
          <li>
            the <strong>shooting vector</strong> <TeX>{'v'}</TeX>, an arrow that touches the surface at p and
            says which way and how fast to walk — the slope.
          </li>
        </ul>
        <p>
          The prediction for covariate x (scaled to [0, 1]) is where you end up after walking x·‖v‖ along v,
          written with the exponential map:
        </p>
        <TeX block>{'\\gamma(x) = \\operatorname{Exp}(p,\\, x\\,v)'}</TeX>
        <p>
          In flat space this is the familiar line <TeX>{'\\operatorname{Exp}(p, xv) = p + x\\,v'}</TeX>.
        </p>
      </>
    ),
  },
  energy: {
    id: 'energy',
    title: 'Fitting: the energy E',
    question: 'How is a geodesic fitted, and how is the error measured?',
    body: () => (
      <>
        <p>
          Like least squares: add up the squared distances (measured along the surface, <TeX>{'d'}</TeX>)
          between each data point <TeX>{'y_i'}</TeX> and its prediction, and pick the p and v that make the
          sum smallest:
        </p>
        <TeX block>
          {'E(p,v) = \\frac{1}{2n}\\sum_{i=1}^{n} d\\big(\\operatorname{Exp}(p,\\, x_i v),\\; y_i\\big)^2'}
        </TeX>
        <p>
          The minimiser <TeX>{'(\\hat p, \\hat v)'}</TeX> is the non-private fit. The plots show the mean
          squared error <TeX>{'\\mathrm{MSE} = 2E'}</TeX> on a log scale, averaged over many private fits; the
          dashed line is the non-private fit’s <TeX>{'\\ln 2E(\\hat p, \\hat v)'}</TeX> on the same scale.
          Private fits sit above it and approach it as ε grows.
        </p>
      </>
    ),
  },
  kng: {
    id: 'kng',
    title: 'The K-norm gradient mechanism',
    question: 'How is a private fit drawn? (the KNG density)',
    body: () => (
      <>
        <p>
          Publishing <TeX>{'(\\hat p, \\hat v)'}</TeX> itself could reveal individuals, so the lab publishes a
          random draw near it. The K-norm gradient mechanism draws a candidate z (first the footpoint, then
          the shooting vector) with density
        </p>
        <TeX block>
          {'f(z) \\;\\propto\\; \\exp\\!\\Big(-\\frac{\\lVert \\nabla E(z) \\rVert_z}{\\sigma}\\Big)'}
        </TeX>
        <p>
          At the best fit the gradient is zero, so candidates there are the likeliest; the worse a candidate
          fits (the steeper E is there), the less likely it is. The noise scale σ sets the width of the cloud:
          larger σ, wider cloud, more privacy, less accuracy.
        </p>
      </>
    ),
  },
  sensitivity: {
    id: 'sensitivity',
    title: 'Sensitivity Δ',
    question: 'What is the sensitivity Δ, and why does more data help?',
    body: () => (
      <>
        <p>
          The sensitivity Δ is the most that swapping one person’s data point can change the gradient{' '}
          <TeX>{'\\nabla E'}</TeX>. The noise must cover that change. With τ a bound on how far any point lies
          from the curve (its residual), on the sphere and on shape space (curvature ≥ 0):
        </p>
        <TeX block>{'\\Delta_p = \\Delta_v = \\frac{2\\tau}{n}'}</TeX>
        <p>
          Each person is one of n, so more data means a smaller Δ and less noise. On SPD(2), which is
          negatively curved (lower bound <TeX>{'\\kappa_l = -\\tfrac12'}</TeX>), the bound grows with the
          spread of the data (τ<sub>m</sub>: radius of a ball holding the data):
        </p>
        <TeX block>
          {
            '\\Delta_p = \\frac{2\\tau}{n}\\cosh\\!\\big(2\\sqrt{-\\kappa_l}\\,(\\tau_m+\\tau)\\big),\\qquad \\Delta_v = \\frac{\\tau\\,\\sinh\\!\\big(2\\sqrt{-\\kappa_l}\\,(\\tau_m+\\tau)\\big)}{n\\sqrt{-\\kappa_l}\\,(\\tau_m+\\tau)}'
          }
        </TeX>
      </>
    ),
  },
  split: {
    id: 'split',
    title: 'Splitting ε, and the U-shaped curve',
    question: 'Why is ε split, and why is the error curve U-shaped?',
    body: () => (
      <>
        <p>
          Two things are released — first the footpoint, then the shooting vector at that private footpoint —
          and privacy losses add up (composition):
        </p>
        <TeX block>
          {
            '\\varepsilon = \\varepsilon_p + \\varepsilon_v, \\qquad \\sigma_p = \\frac{\\Delta_p}{\\varepsilon_p},\\quad \\sigma_v = \\frac{\\Delta_v}{\\varepsilon_v}'
          }
        </TeX>
        <p>
          With the total fixed, moving the split to either end starves one part. Tiny{' '}
          <TeX>{'\\varepsilon_p'}</TeX>: the footpoint lands far away and every prediction starts in the wrong
          place. Tiny <TeX>{'\\varepsilon_v'}</TeX>: the direction is almost random. Both ends blow up like
          1/ε, so the error is smallest somewhere in between — a U.
        </p>
      </>
    ),
  },
  tau: {
    id: 'tau',
    title: 'Why data-driven τ leaks',
    question: 'Why does a data-driven τ leak privacy?',
    body: () => (
      <>
        <p>
          The sensitivity needs τ, a bound on every residual. The paper takes the largest residual of the
          data:
        </p>
        <TeX block>
          {
            '\\tau_{\\text{data}} = \\max_i\\, d\\big(\\operatorname{Exp}(\\hat p,\\, x_i \\hat v),\\; y_i\\big)'
          }
        </TeX>
        <p>
          But this number is read from the private data, and it sets the amount of noise. One unusual person
          makes τ — and so the spread of the private fits — larger, and anyone watching that spread learns
          something about them. Differential privacy needs the noise scale fixed <em>before</em> looking at
          the data.
        </p>
        <p>
          A <strong>public bound</strong> fixes that: on the sphere no residual can exceed π (the longest
          possible distance), on shape space π/2. A smaller public τ is an assumption about the data, which
          the lab labels as such.
        </p>
      </>
    ),
  },
  sigma: {
    id: 'sigma',
    title: 'σ = Δ/ε or 2Δ/ε?',
    question: 'Noise scale: paper Δ/ε or strict 2Δ/ε — which is more private?',
    body: () => (
      <>
        <p>
          Compare the density of an output under two neighbouring data sets D and D′. The exponent changes by
          at most Δ/σ, but so can the normalising constant C, which also depends on the data:
        </p>
        <TeX block>
          {
            "\\frac{f_D(z)}{f_{D'}(z)} \\;\\le\\; e^{\\Delta/\\sigma}\\cdot\\frac{C_{D'}}{C_D} \\;\\le\\; e^{2\\Delta/\\sigma}"
          }
        </TeX>
        <p>
          So in general <TeX>{'\\sigma = 2\\Delta/\\varepsilon'}</TeX> (strict) is needed to guarantee ε. The
          paper’s experiments use <TeX>{'\\sigma = \\Delta/\\varepsilon'}</TeX>, which in general only
          guarantees 2ε. <strong>Strict is more private</strong>: twice the noise, an honest ε, a less
          accurate fit.
        </p>
      </>
    ),
  },
  mcmc: {
    id: 'mcmc',
    title: 'What MCMC gives: approximate DP',
    question: 'What does the MCMC sampler change about the guarantee?',
    body: () => (
      <>
        <p>
          Drawing exactly from the KNG density is hard on a curved space, so the lab (like the paper) runs a
          random-walk Metropolis–Hastings chain: propose a small random step, accept it with probability{' '}
          <TeX>{"\\min\\big(1, f(z')/f(z)\\big)"}</TeX>, repeat. After a burn-in, the chain’s state is
          approximately a draw from f.
        </p>
        <p>
          “Approximately” matters: the ε-guarantee is proved for an exact draw from f. How far the chain’s law
          is from f — the sampler’s δ — is not certified, so the lab says so beside every release. What keeps
          it small: chains start at a public point, never at the fit; the private-for-any-data release runs
          hotter copies of each chain that trade states with it, so it does not stay caught in a wrong well;
          and the tests compare the chains with exact draws where those can be made.
        </p>
        <p>
          The Diagnostics plots show the trace and acceptance, and <em>Check the start</em> compares chains
          started at the fit with chains from the public start.
        </p>
      </>
    ),
  },
  domain: {
    id: 'domain',
    title: 'Where the shooting vector may go',
    question: 'Why is the shooting vector kept in a ball?',
    body: () => (
      <>
        <p>
          On the sphere, walking further along v eventually wraps around, so ‖∇E‖ stays bounded however long v
          gets. Then <TeX>{'\\exp(-\\lVert\\nabla_v E\\rVert/\\sigma_v)'}</TeX> does not fade out and cannot
          be a probability density on the whole tangent plane: at small <TeX>{'\\varepsilon_v'}</TeX> the
          chain wanders off for ever. The lab therefore keeps
        </p>
        <TeX block>
          {
            '\\lVert v \\rVert \\le \\pi \\ \\text{(sphere)},\\qquad \\le \\tfrac{\\pi}{2}\\ \\text{(shapes)},\\qquad \\le 2(\\tau_m+\\tau)\\ \\text{(SPD)}'
          }
        </TeX>
        <p>
          The paper’s unrestricted plane is an option in the Privacy panel; the lab reports escaping chains.
        </p>
      </>
    ),
  },
  ratios: {
    id: 'ratios',
    title: 'Checking the sensitivity bound',
    question: 'How do Figs. 9 and 10 check the sensitivity?',
    body: () => (
      <>
        <p>
          Make two data sets that differ in one point, compute both gradients at the same fit, and measure how
          far apart they are: that is the experienced sensitivity <TeX>{'\\Delta^{\\exp}'}</TeX>. Divide the
          proven bound by it:
        </p>
        <TeX block>
          {'r = \\frac{\\Delta^{\\mathrm{thy}}}{\\Delta^{\\exp}} \\;\\ge\\; 1 \\quad\\text{(every time)}'}
        </TeX>
        <p>
          A ratio below 1 would mean the bound is wrong and the privacy promise broken. Ratios far above 1
          mean the bound is safe but loose: more noise is added than strictly needed.
        </p>
      </>
    ),
  },
  frechetMean: {
    id: 'frechetMean',
    title: 'The Fréchet mean',
    question: 'What is the average of points on a curved space?',
    body: () => (
      <>
        <p>
          Adding points and dividing by n does not work on a sphere (the result falls inside the globe) or for
          covariance matrices in general. The <strong>Fréchet mean</strong> keeps the property that makes the
          ordinary mean special — it is the point with the smallest average squared distance to the data:
        </p>
        <TeX block>
          {'\\bar x = \\operatorname*{arg\\,min}_{m}\\; \\frac1n\\sum_{i=1}^{n} \\rho(m, x_i)^2'}
        </TeX>
        <p>
          with ρ the distance measured along the space (great-circle distance on the sphere; on SPD matrices
          the log-Euclidean distance <TeX>{'\\lVert \\log X - \\log Y\\rVert_F'}</TeX> or the affine-invariant
          one). The private mechanisms publish a random point near <TeX>{'\\bar x'}</TeX>; the error the plots
          show is the average distance ρ between the published point and the true mean.
        </p>
      </>
    ),
  },
  frechetSensitivity: {
    id: 'frechetSensitivity',
    title: 'Sensitivity of the Fréchet mean',
    question: 'How far can one person move the Fréchet mean?',
    body: () => (
      <>
        <p>
          If every data point lies in a ball of radius r (a public promise about the data, not read from
          them), replacing one point moves the mean by at most (004, Thm 2)
        </p>
        <TeX block>
          {
            '\\Delta = \\frac{2r\\,(2-h)}{n\\,h},\\qquad h = \\begin{cases} 2r\\sqrt{\\kappa}\\cot(2r\\sqrt{\\kappa}) & \\kappa > 0 \\ 1 & \\kappa \\le 0 \\end{cases}'
          }
        </TeX>
        <p>
          κ is an upper bound on the curvature. On flat or negatively curved spaces (SPD matrices) this is{' '}
          <TeX>{'2r/n'}</TeX>; on the unit sphere (κ = 1) it grows without bound as r approaches{' '}
          <TeX>{'\\pi/4'}</TeX>, where the mean stops being stable. Each person is one of n: more data, less
          noise.
        </p>
      </>
    ),
  },
  riemannianLaplace: {
    id: 'riemannianLaplace',
    title: 'Riemannian Laplace (RL)',
    question: 'Riemannian Laplace: how does it add noise on a curved space?',
    body: () => (
      <>
        <p>The Laplace mechanism measured along the space itself (004): the published point z has density</p>
        <TeX block>{'f(z) \\;\\propto\\; \\exp\\!\\Big(-\\frac{\\rho(\\bar x, z)}{\\sigma}\\Big)'}</TeX>
        <p>
          with respect to the space’s own area (volume). Points far from the true mean along the surface are
          exponentially unlikely; it never leaves the space. On the sphere and with the log-Euclidean metric
          it is drawn exactly; with the affine-invariant metric by MCMC. Its σ is{' '}
          <TeX>{'\\Delta/\\varepsilon'}</TeX> when the normalising constant does not depend on the centre
          (whole sphere, whole SPD cone) and <TeX>{'2\\Delta/\\varepsilon'}</TeX> in general. It is pure ε-DP
          (δ = 0).
        </p>
      </>
    ),
  },
  tangentGaussian: {
    id: 'tangentGaussian',
    title: 'Tangent and extrinsic Gaussian (TG, ExtG)',
    question: 'Tangent Gaussian: why add the noise to log X?',
    body: () => (
      <>
        <p>
          With the log-Euclidean metric, the matrix logarithm flattens SPD matrices into ordinary symmetric
          matrices. The tangent Gaussian mechanism (002) adds Gaussian noise there and maps back:
        </p>
        <TeX block>
          {'\\tilde X = \\exp\\!\\big(\\log \\bar X + \\sigma Z\\big),\\qquad Z \\sim N(0, I_d)'}
        </TeX>
        <p>
          (in coordinates where the off-diagonal entries count √2 times), so the result is always SPD. It
          gives (ε, δ)-DP with either the <strong>classical</strong> calibration, valid only for ε &lt; 1,
        </p>
        <TeX block>{'\\sigma = \\frac{\\Delta\\sqrt{2\\ln(1.25/\\delta)}}{\\varepsilon}'}</TeX>
        <p>
          or the <strong>analytic</strong> one (Balle–Wang): the smallest σ with{' '}
          <TeX>
            {
              '\\Phi\\big(\\tfrac{\\Delta}{2\\sigma} - \\tfrac{\\varepsilon\\sigma}{\\Delta}\\big) - e^{\\varepsilon}\\,\\Phi\\big(-\\tfrac{\\Delta}{2\\sigma} - \\tfrac{\\varepsilon\\sigma}{\\Delta}\\big) \\le \\delta'
            }
          </TeX>
          , which is smaller and works for every ε. The <strong>extrinsic Gaussian</strong> adds the same kind
          of noise to the matrix entries themselves: the result can fail to be SPD (it is then no covariance
          at all), and its error is measured in the plain Euclidean distance.
        </p>
      </>
    ),
  },
  ambientBaseline: {
    id: 'ambientBaseline',
    title: 'Ambient Laplace (the Euclidean baseline)',
    question: 'Why not just add ordinary noise in the surrounding space?',
    body: () => (
      <>
        <p>
          The baseline of 004 treats the sphere as sitting in <TeX>{'\\mathbb R^3'}</TeX> (and 2×2 symmetric
          matrices as <TeX>{'\\mathbb R^3'}</TeX>) and adds Euclidean Laplace noise there,{' '}
          <TeX>{'f(z) \\propto \\exp(-\\lVert z - \\bar x\\rVert_2/\\sigma)'}</TeX>, then projects back onto
          the sphere. It ignores the geometry: the noise is spent partly in directions that leave the space,
          and on SPD the output is sometimes not a covariance matrix at all (004 reports about 25% at n =
          20–40).
        </p>
      </>
    ),
  },
  conformalDp: {
    id: 'conformalDp',
    title: 'Conformal-DP',
    question: 'Conformal-DP: noise that follows the data density — and its catch',
    body: () => (
      <>
        <p>
          Conformal-DP (003) stretches the metric by a factor φ that depends on where the data are dense,{' '}
          <TeX>{'g^* = \\varphi\\, g'}</TeX>, and runs a Laplace mechanism in the stretched distance:
        </p>
        <TeX block>
          {
            'f(z) \\propto \\exp\\!\\big(-\\lambda^*\\rho_{g^*}(\\bar x, z)\\big),\\qquad \\lambda^* = \\frac{\\varepsilon}{2\\sqrt{\\varphi_{\\max}}\\,\\Delta}'
          }
        </TeX>
        <p>
          φ comes from a kernel density estimate and a graph-Laplacian solve. The paper leaves the kernel,
          bandwidth and distance computation open; the lab makes explicit choices. The catch:{' '}
          <strong>φ estimated from the private data itself reveals something about them</strong>, which 003’s
          privacy argument ignores — such releases are labelled “not private”. With φ from a public reference
          sample the guarantee holds.
        </p>
      </>
    ),
  },
};
