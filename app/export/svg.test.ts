// @vitest-environment jsdom
/**
 * The exported figure: interface state left out unless asked (and its legend entries, without a hole), the
 * font that travels on the root, styles from CSS classes inlined, and the PNG's scale and recorded resolution.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CSS_DPI,
  EXPORT_FONT,
  MAX_PNG_PIXELS,
  MIN_PNG_WIDTH,
  crc32,
  pngScale,
  serializeSvg,
  withPngDpi,
} from './svg';

const FIGURE = `
<svg width="400" height="300" viewBox="0 0 400 300" font-family="system-ui, sans-serif" role="group">
  <g class="legend" transform="translate(10,4)">
    <g transform="translate(0,10)"><text>n = 20</text></g>
    <g transform="translate(90,10)" data-ui="state"><circle r="7.5"></circle><text>current release</text></g>
    <g transform="translate(200,10)" data-ui="state"><line></line><text>current ε</text></g>
    <g transform="translate(280,10)"><text>advised range</text></g>
    <g transform="translate(0,30)"><text>second row</text></g>
  </g>
  <text class="tick-label" x="20" y="290">0.5</text>
  <text class="mono" x="20" y="270">code</text>
  <line data-testid="rule" data-ui="state" x1="100" x2="100" y1="0" y2="280"></line>
  <path data-testid="curve" class="mse-curve" d="M0,0L100,100" tabindex="-1"></path>
  <g data-testid="release" data-ui="state" tabindex="0"><circle r="7.5"></circle></g>
  <text data-testid="waiting" data-ui="state">Waiting for the first results…</text>
</svg>`;

let svg: SVGSVGElement;

beforeEach(() => {
  document.head.innerHTML = `<style>
    .tick-label { font-size: 17px; font-weight: 600; fill: rgb(27, 31, 36); }
    .mono { font-family: monospace; }
  </style>`;
  document.body.innerHTML = FIGURE;
  svg = document.querySelector('svg')!;
});
afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

const parse = (text: string) =>
  new DOMParser().parseFromString(text, 'image/svg+xml').documentElement as unknown as SVGSVGElement;
const legendEntries = (doc: Element) =>
  [...doc.querySelectorAll('g[transform="translate(10,4)"] > g')].map((g) => [
    g.textContent,
    g.getAttribute('transform'),
  ]);

describe('the exported SVG', () => {
  it('leaves out the interface state by default, and the legend entries of what it leaves out', () => {
    const out = parse(serializeSvg(svg));
    expect(out.querySelector('[data-ui]')).toBeNull();
    expect(out.querySelector('[data-testid="rule"]')).toBeNull();
    expect(out.querySelector('[data-testid="release"]')).toBeNull();
    expect(out.querySelector('[data-testid="waiting"]')).toBeNull();
    // the results stay
    expect(out.querySelector('[data-testid="curve"]')).not.toBeNull();
    expect(out.textContent).toContain('0.5');
    // the entries after the left-out ones close up on their row; the next row stays where it was
    expect(legendEntries(out)).toEqual([
      ['n = 20', 'translate(0,10)'],
      ['advised range', 'translate(90,10)'],
      ['second row', 'translate(0,30)'],
    ]);
    // the page is untouched
    expect(svg.querySelectorAll('[data-ui="state"]')).toHaveLength(5);
  });

  it('keeps the interface state when asked, legend as on the page', () => {
    const out = parse(serializeSvg(svg, { keepUiState: true }));
    expect(out.querySelector('[data-testid="rule"]')).not.toBeNull();
    expect(out.querySelector('[data-testid="release"]')).not.toBeNull();
    expect(out.querySelector('[data-testid="waiting"]')).not.toBeNull();
    expect(legendEntries(out).map(([, t]) => t)).toEqual([
      'translate(0,10)',
      'translate(90,10)',
      'translate(200,10)',
      'translate(280,10)',
      'translate(0,30)',
    ]);
  });

  it('always leaves out what is marked data-export="omit"', () => {
    svg.querySelector('[data-testid="curve"]')!.setAttribute('data-export', 'omit');
    const out = parse(serializeSvg(svg, { keepUiState: true }));
    expect(out.querySelector('[data-testid="curve"]')).toBeNull();
  });

  it('sets a font found everywhere on the root instead of the page font, keeping a font an element sets itself', () => {
    const text = serializeSvg(svg);
    const out = parse(text);
    expect(out.getAttribute('font-family')).toBe(EXPORT_FONT);
    expect(out.getAttribute('style')).toContain(`font-family:${EXPORT_FONT}`);
    expect(EXPORT_FONT).toMatch(/Helvetica.*Arial.*DejaVu Sans.*sans-serif$/);
    expect(text).not.toContain('system-ui');
    const mono = [...out.querySelectorAll('text')].find((t) => t.textContent === 'code')!;
    expect(mono.getAttribute('style')).toContain('font-family:monospace');
  });

  it('inlines the size, weight and fill that come from CSS classes, and drops classes and tab stops', () => {
    const out = parse(serializeSvg(svg));
    const tick = [...out.querySelectorAll('text')].find((t) => t.textContent === '0.5')!;
    const style = tick.getAttribute('style') ?? '';
    expect(style).toContain('font-size:17px');
    expect(style).toContain('font-weight:600');
    expect(style).toContain('fill:rgb(27, 31, 36)');
    expect(out.querySelector('[class]')).toBeNull();
    expect(out.querySelector('[tabindex]')).toBeNull();
  });

  it('is a standalone document with a title and a white background', () => {
    const text = serializeSvg(svg, { title: 'DP Manifold Lab — test' });
    expect(text.startsWith('<?xml')).toBe(true);
    const out = parse(text);
    expect(out.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
    expect(out.getAttribute('width')).toBe('400');
    expect(out.getAttribute('height')).toBe('300');
    expect(out.firstElementChild?.tagName).toBe('title');
    expect(out.children[1].getAttribute('fill')).toBe('#ffffff');
  });
});

describe('the PNG scale', () => {
  it('is 4 for a usual figure: 384 dpi at its on-screen size', () => {
    expect(pngScale(560, 400)).toBe(4);
    expect(pngScale(1000, 500)).toBe(4);
    expect(CSS_DPI * pngScale(560, 400)).toBeGreaterThanOrEqual(300);
  });

  it('makes narrow figures at least MIN_PNG_WIDTH pixels wide', () => {
    for (const w of [280, 320, 400, 499]) {
      const k = pngScale(w, 0.7 * w);
      expect(k).toBeGreaterThan(4);
      expect(Math.round(w * k)).toBeGreaterThanOrEqual(MIN_PNG_WIDTH);
    }
  });

  it('stays within what a canvas takes for very large figures', () => {
    const k = pngScale(2400, 1600);
    expect(k).toBeLessThan(4);
    expect(2400 * k * 1600 * k).toBeLessThanOrEqual(MAX_PNG_PIXELS + 1);
  });
});

/** A PNG of chunks (type, data), with the signature and correct CRCs. */
function png(chunks: [string, number[]][]): Uint8Array<ArrayBuffer> {
  const parts = chunks.map(([type, data]) => {
    const c = new Uint8Array(12 + data.length);
    const v = new DataView(c.buffer);
    v.setUint32(0, data.length);
    c.set(
      [...type].map((ch) => ch.charCodeAt(0)),
      4,
    );
    c.set(data, 8);
    v.setUint32(8 + data.length, crc32(c.subarray(4, 8 + data.length)));
    return [...c];
  });
  return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...parts.flat()]);
}

function chunks(bytes: Uint8Array) {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: { type: string; data: Uint8Array; crcOk: boolean }[] = [];
  for (let at = 8; at < bytes.length;) {
    const len = v.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    out.push({
      type,
      data: bytes.subarray(at + 8, at + 8 + len),
      crcOk: v.getUint32(at + 8 + len) === crc32(bytes.subarray(at + 4, at + 8 + len)),
    });
    at += 12 + len;
  }
  return out;
}

describe('the PNG resolution', () => {
  const ihdr: [string, number[]] = ['IHDR', [0, 0, 0, 8, 0, 0, 0, 4, 8, 6, 0, 0, 0]];

  it('computes the CRC PNG chunks use', () => {
    expect(crc32(new TextEncoder().encode('IEND'))).toBe(0xae426082);
  });

  it('records the dpi in a pHYs chunk right after IHDR, replacing one the encoder wrote', () => {
    const before = png([ihdr, ['pHYs', [0, 0, 11, 19, 0, 0, 11, 19, 1]], ['IDAT', [1, 2, 3]], ['IEND', []]]);
    const after = withPngDpi(before, 384);
    const list = chunks(after);
    expect(list.map((c) => c.type)).toEqual(['IHDR', 'pHYs', 'IDAT', 'IEND']);
    expect(list.every((c) => c.crcOk)).toBe(true);
    const phys = new DataView(list[1].data.buffer, list[1].data.byteOffset, 9);
    const ppm = Math.round(384 / 0.0254);
    expect([phys.getUint32(0), phys.getUint32(4), phys.getUint8(8)]).toEqual([ppm, ppm, 1]);
    expect([...list[2].data]).toEqual([1, 2, 3]);
  });

  it('leaves what is not a PNG as it is', () => {
    const text = new TextEncoder().encode('<svg></svg> not a PNG at all, long enough');
    expect(withPngDpi(text, 300)).toBe(text);
  });
});
