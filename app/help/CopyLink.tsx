import { useEffect, useRef, useState } from 'react';
import { currentLink } from '../state/urlSync';

/**
 * "Copy link": the address of exactly what is on screen, to the clipboard. Where the clipboard is not
 * available (or permission is refused) the link is shown selected in a text field to copy by hand.
 */
export function CopyLink() {
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'copied' } | { kind: 'manual'; link: string }
  >({
    kind: 'idle',
  });
  const fieldRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (state.kind === 'copied') {
      const t = setTimeout(() => setState({ kind: 'idle' }), 3000);
      return () => clearTimeout(t);
    }
    if (state.kind === 'manual') {
      fieldRef.current?.focus();
      fieldRef.current?.select();
    }
  }, [state]);

  const copy = async () => {
    const link = currentLink();
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setState({ kind: 'copied' });
    } catch {
      setState({ kind: 'manual', link });
    }
  };

  return (
    <div className="copy-link">
      <button type="button" className="header-button" onClick={() => void copy()}>
        Copy link
      </button>
      <span className="copy-status" role="status" aria-live="polite">
        {state.kind === 'copied' ? '✓ Link copied' : ''}
      </span>
      {state.kind === 'manual' && (
        <div className="copy-fallback">
          <label htmlFor="copy-link-field">The clipboard is not available here — copy this link:</label>
          <input
            id="copy-link-field"
            ref={fieldRef}
            type="text"
            readOnly
            value={state.link}
            onFocus={(e) => e.currentTarget.select()}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setState({ kind: 'idle' });
            }}
          />
          <button type="button" aria-label="Close the link field" onClick={() => setState({ kind: 'idle' })}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
