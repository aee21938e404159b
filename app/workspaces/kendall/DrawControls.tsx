import { useLab } from '../../store';
import { PairPicker } from '../../views2d/shapesControls';
import { NEAR_YEARS, OTHER_DRAWS } from './constants';

/** What the morph view draws: which private pair is highlighted, landmarks, the other draws, nearby subjects. */
export function DrawControls(props: {
  pairNo: number;
  pairCount: number;
  onPairNo(n: number): void;
  showOthers: boolean;
  onShowOthers(show: boolean): void;
  showData: boolean;
  onShowData(show: boolean): void;
  isAge: boolean;
}) {
  const showLandmarks = useLab((s) => s.settings.showLandmarks);
  const set = useLab((s) => s.set);
  return (
    <div className="view2d-controls">
      <PairPicker value={props.pairNo} count={props.pairCount} onChange={props.onPairNo} />
      <label className="field">
        <input
          type="checkbox"
          checked={showLandmarks}
          onChange={(e) => set({ showLandmarks: e.target.checked })}
          data-testid="show-landmarks"
        />{' '}
        show landmarks
      </label>
      <label className="field">
        <input
          type="checkbox"
          checked={props.showOthers}
          onChange={(e) => props.onShowOthers(e.target.checked)}
        />{' '}
        {OTHER_DRAWS} other private draws
      </label>
      <label className="field">
        <input
          type="checkbox"
          checked={props.showData}
          onChange={(e) => props.onShowData(e.target.checked)}
        />{' '}
        subjects within ±{NEAR_YEARS} {props.isAge ? 'years' : 'units'}
      </label>
    </div>
  );
}
