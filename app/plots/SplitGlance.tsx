/**
 * The split plot at a glance, for the phone's bottom sheet: the curves of ln mean MSE against ε_p and a rule at
 * the current split, small enough to stay in sight above the sliders, so that moving one shows the curve
 * respond. The full plot, with its legend, axes and caption, is in the Plots panel.
 */
import { currentBudget } from '../state/settings';
import * as d3 from 'd3';
import { useMemo } from 'react';
import { useLab, type LabState } from '../store';
import { formatSignificant } from '../format';
import { INK, MUTED, seriesStyle } from './chart';
import { mseModel, paddedExtent } from './mseModel';
import { useThrottledLab } from './useThrottledLab';

const selectSweep = (s: LabState) => s.sweep;

const W = 320;
const H = 96;
const PAD = { left: 6, right: 6, top: 6, bottom: 6 };

export function SplitGlance() {
  const settings = useLab((s) => s.settings);
  const sweep = useThrottledLab(selectSweep, 250);
  const imported = useLab((s) => s.imported[s.settings.workspace] !== undefined);
  const model = useMemo(
    () => mseModel(sweep.rows, 'unequal', settings.curves, imported),
    [sweep.rows, settings.curves, imported],
  );
  const { epsP } = currentBudget(settings);
  const x = d3
    .scaleLinear()
    .domain([0, settings.eps])
    .range([PAD.left, W - PAD.right]);
  const extent = paddedExtent(model.series.flatMap((s) => [...s.points.map((p) => p.y), s.lnNonPrivate])) ?? [
    -1, 1,
  ];
  const y = d3
    .scaleLinear()
    .domain(extent)
    .range([H - PAD.bottom, PAD.top]);
  const line = d3
    .line<{ x: number; y: number }>()
    .x((p) => x(p.x))
    .y((p) => y(p.y));
  return (
    <figure className="split-glance" data-testid="split-glance">
      <figcaption>
        ln mean MSE vs split, ε = {formatSignificant(settings.eps)}
        {model.series.length > 0 ? `: ${model.series.map((s) => s.label).join(', ')}` : ' (computing…)'}
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Split plot at a glance: ln mean MSE against ε_p">
        <rect x={0} y={0} width={W} height={H} fill="#fff" stroke={MUTED} strokeOpacity={0.4} />
        {model.series.map((s) => {
          const st = seriesStyle(s.style);
          return (
            <g key={s.key}>
              {s.lnNonPrivate !== null && (
                <line
                  x1={PAD.left}
                  x2={W - PAD.right}
                  y1={y(s.lnNonPrivate)}
                  y2={y(s.lnNonPrivate)}
                  stroke={st.color}
                  strokeDasharray="5 4"
                  strokeWidth={1.2}
                />
              )}
              <path d={line(s.points) ?? ''} fill="none" stroke={st.color} strokeWidth={2.2} />
            </g>
          );
        })}
        <line
          data-testid="split-glance-rule"
          x1={x(epsP)}
          x2={x(epsP)}
          y1={PAD.top}
          y2={H - PAD.bottom}
          stroke={INK}
          strokeWidth={2}
          opacity={0.7}
        />
      </svg>
    </figure>
  );
}
