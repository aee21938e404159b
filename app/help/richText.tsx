import { Fragment, type ReactNode } from 'react';

/**
 * Plain caption text with light maths: "ε_p" → ε with subscript p, "Δ^thy" → Δ with superscript thy.
 * (Formulas proper go through KaTeX; this is for prose that mentions symbols.)
 */
export function richText(text: string): ReactNode {
  const parts = text.split(/([A-Za-zεσΔτκδλ][_^][A-Za-z0-9]+)/);
  return parts.map((part, i) => {
    const m = /^(.)([_^])(.+)$/.exec(part);
    if (i % 2 === 0 || !m) return <Fragment key={i}>{part}</Fragment>;
    const Tag = m[2] === '_' ? 'sub' : 'sup';
    return (
      <Fragment key={i}>
        {m[1]}
        <Tag>{m[3]}</Tag>
      </Fragment>
    );
  });
}
