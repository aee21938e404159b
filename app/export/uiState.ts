/**
 * Figures mark what shows the interface's state rather than results with `data-ui="state"`: the current
 * release's ring, the rule at the current setting, "waiting…" placeholders, the tooltip, and the legend entries
 * of such marks. A figure exported for a paper leaves them out unless the person asks to keep them.
 */
export const UI_STATE = '[data-ui="state"]';
