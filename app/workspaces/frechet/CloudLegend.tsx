/**
 * Legend of the Fréchet views: data, the true mean, and one entry per mechanism with its marker shape (so
 * mechanisms are told apart without colour), how many releases are drawn, their mean distance to the true
 * mean, a privacy badge, and why a mechanism draws nothing (not defined here, or not applicable).
 */
import { formatSignificant } from '../../format';
import { symbolPath } from '../../plots/chart';
import { useLab } from '../../store';
import { plainReason } from './errorPlotModel';
import type { ViewCloud } from './jobs';
import { FRECHET_COLOURS, MECHANISM_STYLES, type MechanismStyle } from './mechanisms';
import type { FrechetSpace } from './problems';

export function SymbolSwatch({ m, size = 80 }: { m: MechanismStyle; size?: number }) {
  return (
    <svg className="swatch" width="40" height="16" viewBox="-20 -8 40 16" aria-hidden="true">
      <path d={symbolPath(m.symbol, size)} fill={m.colour} stroke="#ffffff" strokeWidth={0.8} />
    </svg>
  );
}

export function DataSwatch() {
  return (
    <svg className="swatch" width="40" height="16" viewBox="-20 -8 40 16" aria-hidden="true">
      <circle r={3.5} fill={FRECHET_COLOURS.data} />
    </svg>
  );
}

export function MeanSwatch() {
  return (
    <svg className="swatch" width="40" height="16" viewBox="-20 -8 40 16" aria-hidden="true">
      <circle r={6.5} fill="#ffffff" stroke={FRECHET_COLOURS.mean} strokeWidth={2.5} />
      <circle r={2.6} fill={FRECHET_COLOURS.mean} />
    </svg>
  );
}

/** Mean of the finite values, or NaN. */
export function finiteMean(xs: readonly number[]): number {
  const f = xs.filter(Number.isFinite);
  return f.length ? f.reduce((a, b) => a + b, 0) / f.length : NaN;
}

export function CloudLegend(props: {
  space: FrechetSpace;
  n: number;
  clouds: readonly ViewCloud[];
  /** How releases are drawn, per mechanism (e.g. "projected onto the sphere"). */
  drawnAs?: (cloud: ViewCloud) => string | null;
  testId: string;
}) {
  const chosen = useLab((s) => s.settings.mechanisms);
  const running = useLab((s) => s.frechetView.status === 'running');
  const byId = new Map(props.clouds.map((c) => [c.mechanism, c]));
  return (
    <div className="frechet-legend" data-testid={props.testId}>
      <h3>Legend</h3>
      <ul>
        <li>
          <DataSwatch />
          <span>data ({props.n} points)</span>
        </li>
        <li>
          <MeanSwatch />
          <span>
            <strong>true mean</strong> x̄ (non-private)
          </span>
        </li>
        {chosen.map((id) => {
          const m = MECHANISM_STYLES[id];
          const cloud = byId.get(id);
          const here = m.spaces.includes(props.space);
          const dist = cloud ? finiteMean(cloud.dists) : NaN;
          const drawn = cloud && props.drawnAs?.(cloud);
          return (
            <li key={id} data-mechanism={id}>
              <SymbolSwatch m={m} />
              <span>
                <strong>{m.label}</strong> ({m.symbolName})
                {!here ? (
                  <span className="hint"> — defined on SPD matrices only</span>
                ) : !cloud ? (
                  <span className="hint"> — {running ? 'computing…' : 'no releases'}</span>
                ) : !cloud.applicable ? (
                  <span className="hint" data-testid={`not-applicable-${id}`}>
                    {' '}
                    — not applicable here: {plainReason(cloud.notes.at(-1) ?? '')}
                  </span>
                ) : (
                  <>
                    {' '}
                    <span className={`privacy-badge ${cloud.isPrivate ? 'is-private' : 'not-private'}`}>
                      {cloud.isPrivate ? '✓ private' : '⚠ not private'}
                    </span>
                    <br />
                    <span className="hint">
                      {cloud.releases.length} releases, mean distance{' '}
                      {formatSignificant(dist, 3, { below: 1e-3, from: 100 })}
                      {cloud.distance === 'euclidean' ? ' (Euclidean)' : ''}
                      {cloud.notSpd > 0 ? `; ${cloud.notSpd} not SPD` : ''}
                      {drawn ? `; ${drawn}` : ''}
                    </span>
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      {chosen.length === 0 && (
        <p className="hint">No mechanism chosen: tick some under “Mechanisms shown”.</p>
      )}
    </div>
  );
}
