import { useEffect, useState } from 'react';
import { presentingPlotHeight, usePresent } from './presentStore';

/** The plot height presenting mode asks for (null when not presenting, or with everything unfolded). */
export function usePresentingPlotHeight(): number | null {
  const on = usePresent((s) => s.on && !s.more);
  const [h, setH] = useState(() => window.innerHeight);
  useEffect(() => {
    if (!on) return;
    const onResize = () => setH(window.innerHeight);
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [on]);
  return presentingPlotHeight(on, h);
}
