/**
 * The plots column of the Fréchet workspace: the error of each mechanism (mean distance of its releases to the
 * true mean, ±2 SE) against ε, with the current ε marked and this view's releases as hollow markers, and — on
 * SPD — against the matrix size k at the current ε (002 Fig. 1). Rows that do not apply are listed as notes.
 * Curves fill in while the workers compute. A second tab (settings.plotTab 'sensitivity') shows 004 Fig. 1's
 * empirical sensitivity against the bound, a third ('audit') the privacy audit shared with the regression
 * workspaces (app/plots/AuditPlots.tsx). The error plots are in ErrorPlots.tsx and the files it uses.
 */
import { ErrorBoundary } from '../../ErrorBoundary';
import { Suspense, type KeyboardEvent } from 'react';
import { loadOnDemand } from '../../loadOnDemand';
import { Explainers } from '../../help/Explain';
import { useLab } from '../../store';
import { ErrorPlots } from './ErrorPlots';
import { FrechetSensitivityPlot } from './FrechetSensitivityPlot';
import '../../plots/plots.css';

const TABS = [
  { id: 'mse', label: 'Error vs ε', title: 'Error against the privacy budget' },
  { id: 'sensitivity', label: 'Sensitivity (004)', title: 'Is the sensitivity bound valid? (004 Fig. 1)' },
  { id: 'audit', label: 'Audit', title: 'Privacy audit: can an attacker tell?' },
] as const;
type FrechetTab = (typeof TABS)[number]['id'];

/** The audit (shared with the regression workspaces) loads with its own script when first opened. */
const AuditTab = loadOnDemand(() => import('../../plots/AuditPlots'), 'AuditTab');

export function FrechetPlots() {
  const tab = useLab((s): FrechetTab =>
    s.settings.plotTab === 'sensitivity' || s.settings.plotTab === 'audit' ? s.settings.plotTab : 'mse',
  );
  const set = useLab((s) => s.set);
  const onKey = (e: KeyboardEvent) => {
    if (!['ArrowRight', 'ArrowLeft', 'Home', 'End'].includes(e.key)) return;
    e.preventDefault();
    const i = TABS.findIndex((t) => t.id === tab);
    const j =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? TABS.length - 1
          : (i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    const next = TABS[j].id;
    set({ plotTab: next });
    document.getElementById(`frechet-tab-${next}`)?.focus();
  };
  const current = TABS.find((t) => t.id === tab)!;
  return (
    <section className="plots" aria-label="Plots">
      <section className="plots-card">
        <div className="plot-tabs" role="tablist" aria-label="Plots" onKeyDown={onKey}>
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`frechet-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls="frechet-tabpanel"
              tabIndex={tab === t.id ? 0 : -1}
              className={tab === t.id ? 'active' : ''}
              onClick={() => set({ plotTab: t.id })}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div
          id="frechet-tabpanel"
          role="tabpanel"
          aria-labelledby={`frechet-tab-${tab}`}
          className="plot-tabpanel"
        >
          <h2>{current.title}</h2>
          {tab === 'mse' ? (
            <ErrorPlots />
          ) : tab === 'sensitivity' ? (
            <ErrorBoundary name="the sensitivity plot (004)">
              <FrechetSensitivityPlot />
            </ErrorBoundary>
          ) : (
            <ErrorBoundary key="audit" name="the audit plots">
              <Suspense fallback={<p role="status">Loading the Audit plots…</p>}>
                <AuditTab />
              </Suspense>
            </ErrorBoundary>
          )}
          <Explainers
            topics={
              tab === 'mse'
                ? ['riemannianLaplace', 'tangentGaussian', 'ambientBaseline', 'conformalDp']
                : tab === 'sensitivity'
                  ? ['frechetSensitivity', 'sensitivity']
                  : ['privacy', 'riemannianLaplace']
            }
          />
        </div>
      </section>
    </section>
  );
}
