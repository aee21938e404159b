import { Fragment, type ReactNode } from 'react';
import { trueMinus } from '../format';

/**
 * Plain caption text with light maths: "ε_p" → ε with subscript p, "Δ^thy" → Δ with superscript thy,
 * "e^−¼" → e with superscript −¼, and "R^d" → ℝ with superscript d (the real space, not the letter R).
 * (Formulas proper go through KaTeX; this is for prose that mentions symbols.)
 */
export function richText(text: string): ReactNode {
  const parts = text.split(/([A-Za-zεσΔτκδλ][_^][−+-]?[A-Za-z0-9¼½¾]+)/);
  return parts.map((part, i) => {
    const m = /^(.)([_^])(.+)$/.exec(part);
    if (i % 2 === 0 || !m) return <Fragment key={i}>{part}</Fragment>;
    const Tag = m[2] === '_' ? 'sub' : 'sup';
    return (
      <Fragment key={i}>
        {m[1] === 'R' && m[2] === '^' ? 'ℝ' : m[1]}
        <Tag>{trueMinus(m[3])}</Tag>
      </Fragment>
    );
  });
}
