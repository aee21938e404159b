/** The current release's ln mean MSE on an MSE panel: a ring at the current setting, one of the focus stops. */
import type { Panel } from '../../../src/experiments';
import { fmt } from '../chart';
import { ReleaseMarker } from '../Legend';
import type { MseFocus } from './useMseFocus';

export function CurrentReleaseMarker(props: {
  panel: Panel;
  lnMeanMse: number;
  /** Where it is drawn. */
  x: number;
  y: number;
  n: number;
  epsP: number;
  epsV: number;
  /** Still running: the value may change (drawn faded). */
  running: boolean;
  focus: MseFocus;
}) {
  const { focus } = props;
  return (
    <g
      ref={focus.register('release')}
      className="mse-current"
      data-ui="state"
      data-testid={`current-marker-${props.panel}`}
      data-value={props.lnMeanMse}
      tabIndex={focus.tabStop === 'release' ? 0 : -1}
      role="img"
      aria-label={`current release, n = ${props.n}, ε_p ${fmt(props.epsP)}, ε_v ${fmt(props.epsV)}: ln mean MSE ${fmt(props.lnMeanMse)}`}
      onMouseEnter={() => focus.hover('release')}
      onFocus={() => focus.focus('release')}
      onBlur={focus.clear}
    >
      <ReleaseMarker x={props.x} y={props.y} faded={props.running} />
    </g>
  );
}
