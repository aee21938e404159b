import { useId, useState, type ReactNode } from 'react';
import { splitBrief } from './brief';
import { richText } from './richText';
import './help.css';

type BriefText =
  /** Prose: cut after its first sentence or two (see splitBrief). */
  | { text: string; short?: never; more?: never }
  /** Already split by hand (prose with swatches, symbols or live numbers). */
  | { text?: never; short: ReactNode; more?: ReactNode };

/**
 * A panel's explanation in one or two short sentences, with a "more" button (a disclosure: native button,
 * aria-expanded, keyboard operable) for the rest. The rest stays in the page while hidden, so the whole
 * explanation is one press away and searchable; `children` are further blocks shown with it.
 */
export function Brief(
  props: BriefText & {
    className?: string;
    testId?: string;
    children?: ReactNode;
    as?: 'p' | 'div' | 'figcaption';
    /** data-* attributes for the element (what tests and styles read off a caption). */
    attrs?: { [name: `data-${string}`]: string | number | undefined };
  },
) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { short, rest } =
    props.text !== undefined
      ? (() => {
          const s = splitBrief(props.text);
          return { short: richText(s.short), rest: s.rest ? richText(s.rest) : null };
        })()
      : { short: props.short, rest: props.more ?? null };
  const extra = props.children ?? null;
  const controls = [rest != null && `${id}-rest`, extra != null && `${id}-extra`].filter(Boolean).join(' ');
  const Tag = props.as ?? 'p';
  return (
    <>
      <Tag className={`brief ${props.className ?? ''}`} data-testid={props.testId} {...props.attrs}>
        {short}
        {rest != null && (
          <span id={`${id}-rest`} hidden={!open}>
            {' '}
            {rest}
          </span>
        )}
        {controls && (
          <>
            {' '}
            <button
              type="button"
              className="brief-more"
              aria-expanded={open}
              aria-controls={controls}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? 'less' : 'more'}
            </button>
          </>
        )}
      </Tag>
      {extra != null && (
        <div id={`${id}-extra`} className="brief-extra" hidden={!open}>
          {extra}
        </div>
      )}
    </>
  );
}
