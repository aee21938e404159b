/**
 * The ideas of a private geodesic regression, for a classroom: privacy, geodesics, the regression energy, the
 * K-norm gradient mechanism, its sensitivity and the budget split.
 */
import { TeX } from './TeX';
import type { Topic, TopicId } from './topicIds';

export const REGRESSION_TOPICS = {
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
} satisfies Partial<Record<TopicId, Topic>>;
