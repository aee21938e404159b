import type { FrechetRow } from '../../../src/experiments/frechetRows';
import { fmt } from '../../plots/chart';
import type { LabSettings } from '../../state/settings';

/** The numbers behind an error plot, row by row, folded away. */
export function ErrorTable(props: {
  x: 'eps' | 'k';
  rows: readonly FrechetRow[];
  errorMeasure: LabSettings['errorMeasure'];
}) {
  const { x } = props;
  return (
    <details className="frechet-table">
      <summary>The numbers behind this plot</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">mechanism</th>
            <th scope="col">{x === 'eps' ? 'ε' : 'k'}</th>
            <th scope="col">mean error</th>
            <th scope="col">σ</th>
            <th scope="col">ms / release</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((r, i) => (
            <tr key={i}>
              <td>{r.mechanism}</td>
              <td>{fmt(r[x])}</td>
              <td>
                {r.applicable
                  ? fmt(props.errorMeasure === 'euclidean' ? r.meanEuclideanDist : r.meanDist)
                  : 'not applicable'}
              </td>
              <td>{fmt(r.sigma)}</td>
              <td>{fmt(1000 * r.secondsPerRelease)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
