/**
 * The plots column: live ln-MSE plots, MCMC diagnostics, the sensitivity check, 001's histograms and the
 * privacy audit, as tabs bound to `settings.plotTab` (so a link or a preset opens the right one).
 */
import { Suspense, type ComponentType, type KeyboardEvent } from 'react';
import { loadOnDemand } from '../loadOnDemand';
import { ErrorBoundary } from '../ErrorBoundary';
import { useLab } from '../store';
import { Explainers } from '../help/Explain';
import type { TopicId } from '../help/topicIds';
import { PLOT_TABS, type PlotTab } from '../state/settings';

/** The ideas explained under each plot. */
const TAB_TOPICS: Record<PlotTab, TopicId[]> = {
  mse: ['split', 'energy', 'tau'],
  diagnostics: ['mcmc', 'domain'],
  sensitivity: ['sensitivity', 'ratios'],
  histograms: ['kng', 'geodesic'],
  audit: ['privacy', 'tau'],
};
import { MseTab } from './MsePlots';
import './plots.css';

// The MSE tab is the first view; the others load with their own script when first opened.
const DiagnosticsTab = loadOnDemand(() => import('./DiagnosticsPlots'), 'DiagnosticsTab');
const SensitivityTab = loadOnDemand(() => import('./SensitivityPlot'), 'SensitivityTab');
const AuditTab = loadOnDemand(() => import('./AuditPlots'), 'AuditTab');
const HistogramsTab = loadOnDemand(() => import('./HistogramsPlot'), 'HistogramsTab');

const TABS: Record<PlotTab, { label: string; title: string; view: ComponentType }> = {
  mse: { label: 'MSE', title: 'Error against the privacy budget', view: MseTab },
  diagnostics: {
    label: 'Diagnostics',
    title: 'MCMC diagnostics of the current release',
    view: DiagnosticsTab,
  },
  sensitivity: { label: 'Sensitivity', title: 'Are the sensitivity bounds valid?', view: SensitivityTab },
  histograms: { label: 'Histograms', title: 'Single releases (paper 001)', view: HistogramsTab },
  audit: { label: 'Audit', title: 'Privacy audit: can an attacker tell?', view: AuditTab },
};

export function PlotsPanel() {
  const tab = useLab((s) => s.settings.plotTab);
  const set = useLab((s) => s.set);
  const View = TABS[tab].view;
  const onKey = (e: KeyboardEvent) => {
    const i = PLOT_TABS.indexOf(tab);
    let next: number | null = null;
    if (e.key === 'ArrowRight') next = (i + 1) % PLOT_TABS.length;
    else if (e.key === 'ArrowLeft') next = (i - 1 + PLOT_TABS.length) % PLOT_TABS.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = PLOT_TABS.length - 1;
    if (next === null) return;
    e.preventDefault();
    set({ plotTab: PLOT_TABS[next] });
    document.getElementById(`plot-tab-${PLOT_TABS[next]}`)?.focus();
  };
  return (
    <section className="plots" aria-label="Plots">
      <section className="plots-card">
        <div className="plot-tabs" role="tablist" aria-label="Plots" onKeyDown={onKey}>
          {PLOT_TABS.map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`plot-tab-${t}`}
              aria-selected={tab === t}
              aria-controls="plot-tabpanel"
              tabIndex={tab === t ? 0 : -1}
              className={tab === t ? 'active' : ''}
              onClick={() => set({ plotTab: t })}
            >
              {TABS[t].label}
            </button>
          ))}
        </div>
        <div id="plot-tabpanel" role="tabpanel" aria-labelledby={`plot-tab-${tab}`} className="plot-tabpanel">
          <h2>{TABS[tab].title}</h2>
          <ErrorBoundary key={tab} name={`the ${TABS[tab].label} plots`}>
            <Suspense fallback={<p role="status">Loading the {TABS[tab].label} plots…</p>}>
              <View />
            </Suspense>
          </ErrorBoundary>
          <Explainers topics={TAB_TOPICS[tab]} />
        </div>
      </section>
    </section>
  );
}
