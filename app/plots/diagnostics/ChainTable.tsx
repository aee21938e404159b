/** The chains' acceptance and effective sample size, one row per kind of chain. */
import { fmt } from '../chart';
import type { ChainSummary } from './chains';

export function ChainTable({
  foot,
  shoot,
  joint,
}: {
  foot: ChainSummary;
  shoot: ChainSummary;
  /** One joint chain per draw (reported as its footpoint chain). */
  joint: boolean;
}) {
  return (
    <div className="plot-frame-scroll">
      <table className="plot-table" data-testid="diagnostics-table">
        <caption>Chain summary</caption>
        <thead>
          <tr>
            <th scope="col">chains</th>
            <th scope="col">count</th>
            <th scope="col">mean accept&shy;ance</th>
            <th scope="col">range</th>
            <th scope="col">ESS mean (min)</th>
          </tr>
        </thead>
        <tbody>
          {(joint
            ? ([['joint (p, v)', foot]] as const)
            : ([
                ['footpoint', foot],
                ['shooting vector', shoot],
              ] as const)
          ).map(([label, s]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{s.count}</td>
              <td>{fmt(s.meanAcceptance, 2)}</td>
              <td>
                {fmt(s.minAcceptance, 2)}–{fmt(s.maxAcceptance, 2)}
              </td>
              <td>
                {fmt(s.meanEss, 3)} ({fmt(s.minEss, 3)})
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
