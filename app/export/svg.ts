/**
 * SVG and PNG export of any SVG element on the page, fit for a paper. Styles that come from CSS (classes,
 * `currentColor`, CSS variables) are resolved with getComputedStyle and written inline on a clone, so the file
 * looks like the page without the page's style sheet; the text gets a font stack found on every system rather
 * than the page's system-ui. Elements marked `data-export="omit"` are always left out, those marked as
 * interface state (uiState.ts) unless `keepUiState` is set. PNGs are drawn at print resolution and say so.
 */
import { downloadBlob, downloadText } from './download';
import { UI_STATE } from './uiState';

/**
 * The exported text's font. Helvetica, Arial, Liberation Sans and Nimbus Sans share their glyph widths, so labels
 * laid out for one fit the same wherever the file is opened (Inkscape, a browser, a LaTeX pipeline); DejaVu Sans,
 * wider but on nearly every Linux, only before the generic fallback.
 */
export const EXPORT_FONT = "Helvetica, Arial, 'Liberation Sans', 'Nimbus Sans', 'DejaVu Sans', sans-serif";

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
  'letter-spacing',
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
  /** Keep the marks of interface state (current release, current-setting rule); default: results only. */
  keepUiState?: boolean;
}

function size(svg: SVGSVGElement): { width: number; height: number } {
  const box = svg.getBoundingClientRect();
  const width = Math.round(box.width) || Number(svg.getAttribute('width')) || 600;
  const height = Math.round(box.height) || Number(svg.getAttribute('height')) || 400;
  return { width, height };
}

const TRANSLATE = /^translate\(\s*([-+\d.e]+)[\s,]+([-+\d.e]+)\s*\)$/;

function translation(el: Element): [number, number] | null {
  const m = TRANSLATE.exec(el.getAttribute('transform')?.trim() ?? '');
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * Removes a legend entry (Legend.tsx places entries in rows by translate) and moves the entries after it on its
 * row left by its width, so that the legend has no hole where the left-out mark's entry was.
 */
function removeLegendEntry(entry: Element): void {
  const at = translation(entry);
  const row: Element[] = [];
  for (let s = entry.nextElementSibling; s && at; s = s.nextElementSibling) {
    const t = translation(s);
    if (!t || t[1] !== at[1]) break;
    row.push(s);
  }
  if (at && row.length) {
    const shift = translation(row[0])![0] - at[0];
    for (const s of row) {
      const [x, y] = translation(s)!;
      s.setAttribute('transform', `translate(${x - shift},${y})`);
    }
  }
  entry.remove();
}

/** A standalone SVG document of `svg`, with computed styles inlined. */
export function serializeSvg(svg: SVGSVGElement, opts: SvgExportOptions = {}): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const originals: Element[] = [svg, ...svg.querySelectorAll('*')];
  const copies: Element[] = [clone, ...clone.querySelectorAll('*')];
  const drop: Element[] = [];
  const legendDrop = new Set<Element>();
  // the page's font, inherited from the root: replaced by EXPORT_FONT; any other family an element sets is kept
  const pageFont = getComputedStyle(svg).getPropertyValue('font-family');
  originals.forEach((el, i) => {
    const copy = copies[i];
    const uiState = !opts.keepUiState && el.matches(UI_STATE);
    if (el.getAttribute('data-export') === 'omit' || uiState) {
      drop.push(copy);
      if (uiState && el.parentElement?.classList.contains('legend')) legendDrop.add(copy);
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
      if (prop === 'font-family' && (i === 0 || value === pageFont)) continue;
      if (value && value !== 'normal' && value !== 'auto') style.push(`${prop}:${value}`);
    }
    if (i === 0) style.push(`font-family:${EXPORT_FONT}`);
    (copy as SVGElement).setAttribute('style', style.join(';'));
    copy.removeAttribute('class');
    copy.removeAttribute('tabindex');
  });
  drop.forEach((el) => (legendDrop.has(el) ? removeLegendEntry(el) : el.remove()));
  const { width, height } = size(svg);
  // in the XMLNS namespace: a plain attribute would be written besides the serializer's own declaration
  clone.setAttributeNS('http://www.w3.org/2000/xmlns/', 'xmlns', SVG_NS);
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  // also as an attribute: read by tools that ignore the style attribute
  clone.setAttribute('font-family', EXPORT_FONT);
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

/** CSS pixels per inch: a figure's on-screen size in inches is its size in CSS pixels / 96. */
export const CSS_DPI = 96;
/** PNGs are at least this wide: a full text width (about 6.7 in) at 300 dpi. */
export const MIN_PNG_WIDTH = 2000;
/** Browsers refuse larger canvases (Safari's limit, the lowest). */
export const MAX_PNG_PIXELS = 16_777_216;

/**
 * PNG pixels per CSS pixel for a figure of `width` × `height` on screen. At least 4: 384 dpi at the on-screen
 * size, which a paper keeps (the fonts' 12–14 px become 9–10.5 pt), so still over 300 dpi if the figure is
 * enlarged by a quarter; narrow figures (a phone's) more, up to MIN_PNG_WIDTH across; never past what a canvas
 * takes.
 */
export function pngScale(width: number, height: number): number {
  const scale = Math.max(4, MIN_PNG_WIDTH / width);
  return Math.min(scale, Math.sqrt(MAX_PNG_PIXELS / (width * height)));
}

let crcTable: Uint32Array | undefined;

/** The CRC-32 that PNG chunks end with. */
export function crc32(bytes: Uint8Array): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The signature and the IHDR chunk, which must come first. */
const PNG_HEAD = 8 + 12 + 13;
const ascii = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));

/**
 * `png` with its resolution recorded (a pHYs chunk in pixels per metre, right after IHDR, replacing any
 * other), so that a word processor or LaTeX places it at its physical size. Returns `png` as it is if it is not
 * a PNG.
 */
export function withPngDpi(png: Uint8Array<ArrayBuffer>, dpi: number): Uint8Array<ArrayBuffer> {
  if (png.length < PNG_HEAD || PNG_SIGNATURE.some((b, i) => png[i] !== b) || ascii(png, 12) !== 'IHDR')
    return png;
  const ppm = Math.round(dpi / 0.0254);
  const chunk = new Uint8Array(12 + 9);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, 9);
  chunk.set([0x70, 0x48, 0x59, 0x73], 4); // pHYs
  view.setUint32(8, ppm);
  view.setUint32(12, ppm);
  chunk[16] = 1; // unit: the metre
  view.setUint32(17, crc32(chunk.subarray(4, 17)));
  const parts: Uint8Array<ArrayBuffer>[] = [png.subarray(0, PNG_HEAD), chunk];
  const src = new DataView(png.buffer, png.byteOffset, png.byteLength);
  for (let at = PNG_HEAD; at + 12 <= png.length;) {
    const end = at + 12 + src.getUint32(at);
    if (ascii(png, at + 4) !== 'pHYs') parts.push(png.subarray(at, end));
    at = end;
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Renders `svg` to a PNG blob at `scale` × its on-screen size (default: pngScale) by drawing the serialized SVG
 * on a canvas; the PNG says `scale` × 96 dpi, so its physical size is the figure's on-screen size.
 */
export async function svgToPngBlob(
  svg: SVGSVGElement,
  scale?: number,
  opts: SvgExportOptions = {},
): Promise<Blob> {
  const text = serializeSvg(svg, opts);
  const { width, height } = size(svg);
  const k = scale ?? pngScale(width, height);
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
    canvas.width = Math.round(width * k);
    canvas.height = Math.round(height * k);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas available');
    ctx.fillStyle = opts.background ?? '#ffffff';
    if (opts.background !== null) ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
    );
    const png = withPngDpi(new Uint8Array(await blob.arrayBuffer()), CSS_DPI * (canvas.width / width));
    return new Blob([png], { type: 'image/png' });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Saves `svg` as an SVG file. */
export function downloadSvg(svg: SVGSVGElement, filename: string, opts: SvgExportOptions = {}): void {
  downloadText(serializeSvg(svg, opts), filename, 'image/svg+xml');
}

/** Saves `svg` as a PNG file at print resolution (pngScale), or at `scale` × its on-screen size. */
export async function downloadPng(
  svg: SVGSVGElement,
  filename: string,
  scale?: number,
  opts: SvgExportOptions = {},
): Promise<void> {
  downloadBlob(await svgToPngBlob(svg, scale, opts), filename);
}
