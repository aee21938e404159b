import { PRIVATE_DASH } from './palette';

/** A legend sample of how the views draw a thing: a line (solid, dashed), a marker or a faint data ellipse. */
export function Swatch({
  kind,
  colour,
}: {
  kind: 'solid' | 'dashed' | 'dot' | 'square' | 'ring' | 'faint';
  colour: string;
}) {
  return (
    <svg className="swatch" width="40" height="14" viewBox="0 0 40 14" aria-hidden="true">
      {kind === 'solid' && <line x1="2" y1="7" x2="38" y2="7" stroke={colour} strokeWidth="4" />}
      {kind === 'dashed' && (
        <line x1="2" y1="7" x2="38" y2="7" stroke={colour} strokeWidth="2" strokeDasharray={PRIVATE_DASH} />
      )}
      {kind === 'faint' && (
        <ellipse cx="20" cy="7" rx="14" ry="5" fill="none" stroke={colour} strokeOpacity="0.5" />
      )}
      {kind === 'dot' && <circle cx="20" cy="7" r="5" fill={colour} />}
      {kind === 'square' && <rect x="15" y="2" width="10" height="10" fill={colour} />}
      {kind === 'ring' && <circle cx="20" cy="7" r="5" fill="none" stroke={colour} strokeWidth="2.5" />}
    </svg>
  );
}
