import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { richText } from './richText';

const html = (s: string) => renderToStaticMarkup(<>{richText(s)}</>);

describe('richText', () => {
  it('renders sub- and superscripts, signed and fractional exponents, and ℝ^d', () => {
    expect(html('ε_p and Δ^thy')).toBe('ε<sub>p</sub> and Δ<sup>thy</sup>');
    expect(html('eigenvalues in [e^−¼, e^¼]')).toBe('eigenvalues in [e<sup>−¼</sup>, e<sup>¼</sup>]');
    expect(html('50 points in R^1 around a line')).toBe('50 points in ℝ<sup>1</sup> around a line');
    // plain text stays plain
    expect(html('no maths here (n = 20)')).toBe('no maths here (n = 20)');
  });
});
