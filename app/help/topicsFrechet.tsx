/** Private Fréchet means, for a classroom: the mean on a manifold, its sensitivity and the mechanisms. */
import { TeX } from './TeX';
import type { Topic, TopicId } from './topicIds';

export const FRECHET_TOPICS = {
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
} satisfies Partial<Record<TopicId, Topic>>;
