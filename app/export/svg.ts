/**
 * SVG and PNG export of any SVG element on the page. Styles that come from CSS (classes, inherited fonts,
 * `currentColor`, CSS variables) are resolved with getComputedStyle and written inline on a clone, so the
 * file looks like the page without the page's style sheet. Elements marked `data-export="omit"` (focus
 * rings, hover highlights) are left out.
 */
import { downloadBlob, downloadText } from './download';

/** Presentation properties copied from the computed style onto the exported clone. */
const STYLE_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'baseline-shift',
  'paint-order',
  'visibility',
] as const;

const SVG_NS = 'http://www.w3.org/2000/svg';

export interface SvgExportOptions {
  /** Fill behind the drawing (default white; null for transparent). */
  background?: string | null;
  /** A <title> for the file (shown by viewers, read by screen readers). */
  title?: string;
}

function size(svg: SVGSVGElement): { width: number; height: number } {
  const box = svg.getBoundingClientRect();
  const width = Math.round(box.width) || Number(svg.getAttribute('width')) || 600;
  const height = Math.round(box.height) || Number(svg.getAttribute('height')) || 400;
  return { width, height };
}

/** A standalone SVG document of `svg`, with computed styles inlined. */
export function serializeSvg(svg: SVGSVGElement, opts: SvgExportOptions = {}): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const originals: Element[] = [svg, ...svg.querySelectorAll('*')];
  const copies: Element[] = [clone, ...clone.querySelectorAll('*')];
  const drop: Element[] = [];
  originals.forEach((el, i) => {
    const copy = copies[i];
    if (el.getAttribute('data-export') === 'omit') {
      drop.push(copy);
      return;
    }
    const cs = getComputedStyle(el);
    if (cs.display === 'none') {
      drop.push(copy);
      return;
    }
    const style: string[] = [];
    for (const prop of STYLE_PROPS) {
      const value = cs.getPropertyValue(prop);
      if (value && value !== 'normal' && value !== 'auto') style.push(`${prop}:${value}`);
    }
    (copy as SVGElement).setAttribute('style', style.join(';'));
    copy.removeAttribute('class');
    copy.removeAttribute('tabindex');
  });
  drop.forEach((el) => el.remove());
  const { width, height } = size(svg);
  clone.setAttribute('xmlns', SVG_NS);
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  if (!clone.getAttribute('viewBox')) clone.setAttribute('viewBox', `0 0 ${width} ${height}`);
  if (opts.title) {
    const title = document.createElementNS(SVG_NS, 'title');
    title.textContent = opts.title;
    clone.insertBefore(title, clone.firstChild);
  }
  if (opts.background !== null) {
    const bg = document.createElementNS(SVG_NS, 'rect');
    bg.setAttribute('width', '100%');
    bg.setAttribute('height', '100%');
    bg.setAttribute('fill', opts.background ?? '#ffffff');
    clone.insertBefore(bg, opts.title ? clone.firstChild!.nextSibling : clone.firstChild);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(clone)}\n`;
}

/** Renders `svg` to a PNG blob at `scale` × its on-screen size (by drawing the serialized SVG on a canvas). */
export async function svgToPngBlob(
  svg: SVGSVGElement,
  scale = 2,
  opts: SvgExportOptions = {},
): Promise<Blob> {
  const text = serializeSvg(svg, opts);
  const { width, height } = size(svg);
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const img = new Image();
    img.decoding = 'async';
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('the plot could not be rendered as an image'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas available');
    ctx.fillStyle = opts.background ?? '#ffffff';
    if (opts.background !== null) ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Saves `svg` as an SVG file. */
export function downloadSvg(svg: SVGSVGElement, filename: string, opts: SvgExportOptions = {}): void {
  downloadText(serializeSvg(svg, opts), filename, 'image/svg+xml');
}

/** Saves `svg` as a PNG file (2× its on-screen size by default: sharp on slides). */
export async function downloadPng(
  svg: SVGSVGElement,
  filename: string,
  scale = 2,
  opts: SvgExportOptions = {},
): Promise<void> {
  downloadBlob(await svgToPngBlob(svg, scale, opts), filename);
}
