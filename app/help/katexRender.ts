/**
 * KaTeX, loaded lazily (only when a formula is first shown) so it stays out of the main bundle. Formulas are
 * constant strings of the lab's own; KaTeX needs no eval, and its output only uses inline style attributes.
 */
import katex from 'katex';
import 'katex/dist/katex.min.css';

const cache = new Map<string, string>();

/** HTML (with MathML for screen readers) of a TeX formula; never throws (errors render in red). */
export function renderTex(tex: string, display: boolean): string {
  const key = `${display ? 'D' : 'I'}${tex}`;
  let html = cache.get(key);
  if (html === undefined) {
    html = katex.renderToString(tex, {
      displayMode: display,
      throwOnError: false,
      trust: false,
      strict: 'ignore',
    });
    cache.set(key, html);
  }
  return html;
}
