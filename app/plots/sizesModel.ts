/**
 * The error-against-n plot's model: its series from the sizes rows, and the sentence that reads them — where the
 * release private for any data comes within reach of the non-private fit — computed from the plotted numbers.
 */
import type { SizesRow } from '../../src/experiments';
import { formatFixed, formatWhole } from '../format';

export interface SizesSeries {
  id: 'joint-mean' | 'joint-median' | 'paper' | 'nonprivate';
  label: string;
  points: { n: number; y: number }[];
}

const points = (
  rows: readonly SizesRow[],
  mechanism: SizesRow['mechanism'],
  key: 'lnMeanMse' | 'lnMedianMse',
) =>
  rows
    .filter((r) => r.mechanism === mechanism && Number.isFinite(r[key]))
    .map((r) => ({ n: r.n, y: r[key] }))
    .sort((a, b) => a.n - b.n);

export function sizesSeries(rows: readonly SizesRow[]): SizesSeries[] {
  return [
    {
      id: 'joint-mean',
      label: 'private for any data: ln mean MSE',
      points: points(rows, 'kng-joint', 'lnMeanMse'),
    },
    {
      id: 'joint-median',
      label: 'private for any data: ln median MSE',
      points: points(rows, 'kng-joint', 'lnMedianMse'),
    },
    {
      id: 'paper',
      label: "paper 000's KNG, τ from the data (not private)",
      points: points(rows, 'kng', 'lnMeanMse'),
    },
    { id: 'nonprivate', label: 'non-private fit', points: points(rows, 'nonprivate', 'lnMeanMse') },
  ];
}

/** "about 1.5×" for a difference of ln MSE (the ratio of the errors). */
export function timesWords(lnRatio: number): string {
  const r = Math.exp(lnRatio);
  if (!Number.isFinite(r)) return 'far above';
  if (r < 1.05) return 'the same as';
  return `about ${r >= 10 ? formatWhole(r) : formatFixed(r, 1)}×`;
}

/** Within this many nats of ln MSE (a factor of about 1.65) a release counts as "as good as the fit". */
export const PAYS_WITHIN = 0.5;

/**
 * The reading of the plot: the smallest n from which the joint release's mean error stays within PAYS_WITHIN of
 * the non-private one, and how far off it is at the smallest n — or that no size shown gets there.
 */
export function sizesVerdict(rows: readonly SizesRow[]): string | null {
  const joint = points(rows, 'kng-joint', 'lnMeanMse');
  const np = new Map(points(rows, 'nonprivate', 'lnMeanMse').map((p) => [p.n, p.y]));
  const excess = joint.filter((p) => np.has(p.n)).map((p) => ({ n: p.n, d: p.y - np.get(p.n)! }));
  if (excess.length < 2) return null;
  const first = excess[0];
  const from = excess.findIndex((_, i) => excess.slice(i).every((e) => e.d <= PAYS_WITHIN));
  const small = `At n = ${first.n} its mean error is ${timesWords(first.d)} the non-private one.`;
  if (from === -1)
    return `${small} No size shown brings it within ${timesWords(PAYS_WITHIN)} the non-private error: raise ε or n.`;
  if (from === 0)
    return `From n = ${first.n} on, its mean error is within ${timesWords(PAYS_WITHIN)} the non-private one.`;
  return `${small} From n = ${excess[from].n} on it is within ${timesWords(PAYS_WITHIN)} the non-private error: there privacy starts to pay.`;
}
