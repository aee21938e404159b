/**
 * Grid items of the lab that only some screens use: the presenting mode's budget sliders, and on small screens
 * (below ~700 px) the handle of the controls' bottom sheet — the view and its plot come first there, and the
 * controls slide up over the lower part of the screen, leaving the view visible while a slider moves.
 */
import { create } from 'zustand';
import { useEffect } from 'react';
import { PresentControls } from './PresentMode';
import './small.css';

const useSheet = create<{ open: boolean; toggle(): void }>((set) => ({
  open: false,
  toggle: () => set((s) => ({ open: !s.open })),
}));

function SheetHandle() {
  const open = useSheet((s) => s.open);
  const toggle = useSheet((s) => s.toggle);
  useEffect(() => {
    document.documentElement.classList.toggle('sheet-open', open);
    if (!open) return;
    // the sheet covers the lower 40%: bring the view to the top so that it stays in sight while a slider moves
    const view = document.querySelector('.workspace .view3d-frame, .workspace svg');
    if (view && view.getBoundingClientRect().top > window.innerHeight * 0.15)
      view.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, [open]);
  return (
    <button
      type="button"
      className="sheet-handle"
      aria-expanded={open}
      aria-controls="lab-controls"
      data-testid="sheet-handle"
      onClick={toggle}
    >
      {open ? 'Hide controls ▾' : 'Controls ▴'}
    </button>
  );
}

export function ScreenLayout() {
  return (
    <>
      <PresentControls />
      <SheetHandle />
    </>
  );
}
