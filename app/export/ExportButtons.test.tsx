// @vitest-environment jsdom
/**
 * A figure's export buttons as a person uses them: the SVG leaves the interface state out, a "with markers"
 * box (offered only when the figure draws such state) keeps it, and the buttons keep their names.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExportButtons } from './ExportButtons';

const SVG_NS = 'http://www.w3.org/2000/svg';
let saved: Blob[];
let figure: SVGSVGElement;

function mark(testId: string, ui: boolean) {
  const line = document.createElementNS(SVG_NS, 'line');
  line.setAttribute('data-testid', testId);
  if (ui) line.setAttribute('data-ui', 'state');
  figure.appendChild(line);
  return line;
}

beforeEach(() => {
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    saved.push(b as Blob);
    return 'blob:export';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  // jsdom does not navigate: the hidden link's click only has to happen
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  figure = document.createElementNS(SVG_NS, 'svg') as SVGSVGElement;
  figure.setAttribute('width', '300');
  figure.setAttribute('height', '200');
  document.body.appendChild(figure);
  mark('curve', false);
});
afterEach(() => {
  cleanup();
  figure.remove();
  vi.restoreAllMocks();
});

const show = () => render(<ExportButtons what="Test figure" name="test" svg={() => figure} />);

async function downloadedSvg(): Promise<string> {
  const before = saved.length;
  fireEvent.click(screen.getByRole('button', { name: 'Download Test figure as SVG' }));
  await waitFor(() => expect(saved.length).toBe(before + 1));
  // jsdom's Blob has no text()
  const reader = new FileReader();
  return new Promise((resolve) => {
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(saved[before]);
  });
}

describe('a figure’s export buttons', () => {
  it('offer no "with markers" box for a figure without interface state', () => {
    show();
    expect(screen.getByRole('button', { name: 'Download Test figure as SVG' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Test figure as PNG' })).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('export the results only by default, and the markers too when the box is ticked', async () => {
    mark('current-rule', true);
    show();
    const box = await screen.findByRole('checkbox', { name: 'Export Test figure with markers' });
    expect((box as HTMLInputElement).checked).toBe(false);
    const clean = await downloadedSvg();
    expect(clean).toContain('data-testid="curve"');
    expect(clean).not.toContain('current-rule');
    fireEvent.click(box);
    const withMarkers = await downloadedSvg();
    expect(withMarkers).toContain('data-testid="current-rule"');
  });

  it('offer the box once the figure draws interface state (the release arrives later)', async () => {
    show();
    expect(screen.queryByRole('checkbox')).toBeNull();
    let rule: SVGLineElement | undefined;
    act(() => {
      rule = mark('current-rule', true);
    });
    await screen.findByRole('checkbox', { name: 'Export Test figure with markers' });
    act(() => rule!.remove());
    await waitFor(() => expect(screen.queryByRole('checkbox')).toBeNull());
  });

  it('offer no box while the figure is empty (its "waiting…" text is interface state, not a marker)', () => {
    mark('waiting', true);
    render(<ExportButtons what="Test figure" name="test" svg={() => figure} disabled />);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
