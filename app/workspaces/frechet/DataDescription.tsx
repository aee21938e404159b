/** What the Fréchet workspace's view shows: its heading and the sentence on the data (synthetic or the user's). */
import { richText } from '../../help/richText';
import { Brief } from '../../help/Brief';
import { useLab } from '../../store';
import { ownData } from './jobs';

export function FrechetHeading() {
  const s = useLab((st) => st.settings);
  const own = ownData(
    s,
    useLab((st) => st.imported.frechet),
  );
  const k = own?.k ?? 2;
  return (
    <>Private Fréchet means {s.frechetSpace === 'sphere' ? 'on the sphere S²' : `of SPD(${k}) matrices`}</>
  );
}

export function FrechetDataDescription() {
  const s = useLab((st) => st.settings);
  const own = ownData(
    s,
    useLab((st) => st.imported.frechet),
  );
  const sphere = s.frechetSpace === 'sphere';
  const data = own ? (
    <>
      Your {own.points.length} {sphere ? 'points' : `${own.k}×${own.k} matrices`} from {own.fileName} (never
      leave this browser), with{' '}
      {own.radiusFromData
        ? 'the radius r taken from them (not private)'
        : `the public radius r = ${s.radius}`}
      {s.frechetSpace === 'spd' &&
        ` (${s.metric === 'affine' ? 'affine-invariant' : 'log-Euclidean'} metric)`}
    </>
  ) : (
    <>
      {s.n} {s.spread === 'heterogeneous' ? 'clustered ' : ''}synthetic points
      {sphere
        ? ` in a cap of radius r = ${s.radius} around the north pole`
        : richText(
            ` with eigenvalues in [e^−r, e^r], r = ${s.radius} (${s.metric === 'affine' ? 'affine-invariant' : 'log-Euclidean'} metric)`,
          )}
    </>
  );
  return (
    <Brief
      className="view-description"
      testId="frechet-description"
      short={<>{data}.</>}
      more="Each mechanism publishes a noisy version of their average, the Fréchet mean; the clouds show many such releases of the same data."
    />
  );
}
