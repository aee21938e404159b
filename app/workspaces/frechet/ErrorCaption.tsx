import { Brief } from '../../help/Brief';
import { tickFormat } from '../../plots/chart';
import { useLab } from '../../store';
import { epsFall, growthSentence } from './errorClaims';
import type { ErrorModel } from './errorPlotModel';
import { EPS_GRID, K_SWEEP_REPS, SLOW_MECHANISMS, SWEEP_REPS } from './jobs';
import { MECHANISM_STYLES } from './mechanisms';

/**
 * An error plot's caption: what to look for, said only where the curves show it, and how each point was
 * measured.
 */
export function ErrorCaption(props: {
  x: 'eps' | 'k';
  model: ErrorModel;
  /** The plot's x values. */
  xs: readonly number[];
  /** The user's points are the data. */
  own: boolean;
}) {
  const { x, model, xs, own } = props;
  const frechetSpace = useLab((s) => s.settings.frechetSpace);
  const errorMeasure = useLab((s) => s.settings.errorMeasure);
  const conformal = useLab((s) => s.settings.mechanisms.includes('conformal'));
  const epsLow = xs[0];
  const epsHigh = xs[xs.length - 1];
  const reference = epsLow === EPS_GRID[0] && epsHigh === EPS_GRID[EPS_GRID.length - 1];
  // said only when the curves show it: on S², a curve that hardly falls over the grid's first step
  const flatStart =
    x === 'eps' &&
    frechetSpace === 'sphere' &&
    model.series.some((c) => c.points.length > 1 && c.points[0].y < 1.3 * c.points[1].y);
  // and the curves that stop falling at the right (1/ε would shrink them by the last step's ratio of ε)
  const flatEnd =
    x === 'eps'
      ? model.series
          .filter((c) => {
            const [a, b] = c.points.slice(-2);
            return a && b && b.y > 0.75 * a.y;
          })
          .map((c) => MECHANISM_STYLES[c.mechanism].label)
      : [];
  const fall = x === 'eps' ? epsFall(model) : null;
  const falling =
    fall?.falls === 'all' ? (
      <>every curve falls as ε grows{fall.likeInverse && ', roughly like 1/ε'}</>
    ) : fall ? (
      <>
        the error falls as ε grows, but {fall.notFalling.map((m) => MECHANISM_STYLES[m].label).join(' and ')}{' '}
        hardly {fall.notFalling.length > 1 ? 'fall' : 'falls'} over this range
      </>
    ) : (
      <>the curves fill in as the releases arrive</>
    );
  const growth = x === 'k' ? growthSentence(model, 'rl', 'tg') : null;
  const measure =
    errorMeasure === 'euclidean'
      ? 'Euclidean distance (R³ / Frobenius)'
      : 'distance (geodesic; Euclidean for ambient, extrinsic)';
  return x === 'eps' ? (
    <Brief
      as="figcaption"
      className="plot-caption"
      short={
        <>
          <strong>Smaller ε (left) is more private</strong> and costs accuracy: {falling}
          {flatStart && ', after a flat start where the noise covers the sphere'}
          {flatEnd.length > 0 && ` — but ${flatEnd.join(' and ')} level off at the largest ε`}.{' '}
          <span data-testid="frechet-eps-range">
            ε axis {tickFormat(epsLow)} … {tickFormat(epsHigh)}
            {reference ? ' (the default r and n)' : ''}.
          </span>
        </>
      }
      more={
        <>
          {reference
            ? ''
            : 'The axis moves with the noise scale σ ∝ Δ/ε: Δ grows with r and falls with n, ×2 for the strict σ rule. '}
          Each point: mean distance of {SWEEP_REPS} releases{' '}
          {own ? 'of your data’s mean (only the noise differs)' : '(each from a fresh data set)'} to their
          true mean, ±2 standard errors
          {conformal && ` (Conformal-DP: ${SLOW_MECHANISMS.conformal?.reps}, it is slow)`}; error = {measure}.
          Gaussian mechanisms also pay for δ.
        </>
      }
    />
  ) : (
    <Brief
      as="figcaption"
      className="plot-caption"
      short={
        <>
          002’s Fig. 1: the same error at the current ε for k×k matrices, k = 2 … 30.{' '}
          <span data-testid="frechet-k-claim">
            {growth ? (
              <>
                <strong>Here:</strong> {growth}
              </>
            ) : (
              'What the curves show is said once both have their first and last k.'
            )}
          </span>
        </>
      }
      more={
        <>
          In theory the Riemannian Laplace error grows about like the dimension d = k(k+1)/2 and the tangent
          Gaussian’s like √d. {K_SWEEP_REPS} releases each; error = {measure}.
        </>
      }
    />
  );
}
