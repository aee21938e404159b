/**
 * How paper 000's release is calibrated and sampled, and how the lab checks it: τ, the σ rule, the MCMC sampler,
 * the domain of the data and the sensitivity ratios.
 */
import { MIXTURE_MAX_DIMENSION } from '../../src/privacy/kngJoint/calibration';
import { TeX } from './TeX';
import type { Topic, TopicId } from './topicIds';

export const CALIBRATION_TOPICS = {
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
          it small: chains start at a public point, never at the fit; the private-for-any-data release mixes
          the small steps with independent draws from the target linearised at the non-private fit, and from
          copies of it up to 64 times wider, which leave a wrong well at their first acceptance and reach the
          far plateaus the target has when one share of ε is small, where the chains also run longer (on
          shapes with more than {(MIXTURE_MAX_DIMENSION + 4) / 2} landmarks, where that linearisation no
          longer matches the target, it runs hotter copies of each chain that trade states with it instead);
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
} satisfies Partial<Record<TopicId, Topic>>;
