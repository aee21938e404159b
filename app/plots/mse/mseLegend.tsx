/** What the MSE figure's legend lists: the curves, the non-private lines, the current setting, the advice. */
import type { Panel } from '../../../src/experiments';
import { ADVICE_COLOUR, EpsSub, seriesStyle } from '../chart';
import type { LegendItem } from '../Legend';
import type { MseModel } from '../mseModel';

export function mseLegendItems(
  panel: Panel,
  model: MseModel,
  releaseN: number,
  /** Whether the split advisor's band is drawn. */
  advised: boolean,
): LegendItem[] {
  return [
    ...model.series.map((s) => {
      const st = seriesStyle(s.style);
      return { kind: 'series' as const, label: s.label, color: st.color, symbol: st.symbol };
    }),
    { kind: 'dashed', label: 'non-private (dashed, same colour)' },
    { kind: 'release', label: `current release (n = ${releaseN})` },
    panel === 'unequal'
      ? {
          kind: 'rule',
          label: 'current εp',
          node: (
            <>
              current <EpsSub sub="p" />
            </>
          ),
        }
      : { kind: 'rule', label: 'current total ε' },
    ...(advised
      ? [
          { kind: 'line' as const, color: ADVICE_COLOUR, label: 'advisor’s fit' },
          { kind: 'box' as const, color: ADVICE_COLOUR, label: 'advised range' },
        ]
      : []),
  ];
}
