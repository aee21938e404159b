/**
 * Where a panel's explanation is cut for its short form: the first sentence, and the second too while both stay
 * short (a line or two). Pure, so the rule is tested without React.
 */

/** Longest short form (characters) that may take a second sentence. */
export const BRIEF_CHARS = 170;

/** Sentence ends: . ! ? (optionally closing a bracket or quote), then space and a capital, bracket or quote. */
const END = /[.!?][)”"’]?\s+(?=[A-ZÀ-Þ(“"‘ΔΣΕεσκτδ])/g;
/** Abbreviations a sentence does not end at ("Fig. 8" is safe: a digit follows). */
const ABBREV = /(?:\b(?:e\.g|i\.e|cf|vs|etc|approx|resp|Eq|Sec)\.)$/;

/** The text split into its short form and the rest ('' when the text is short already). */
export function splitBrief(text: string, maxChars = BRIEF_CHARS): { short: string; rest: string } {
  const t = text.trim();
  const cuts: number[] = [];
  for (const m of t.matchAll(END)) {
    const end = m.index + m[0].trimEnd().length;
    if (ABBREV.test(t.slice(0, end))) continue;
    cuts.push(end);
  }
  cuts.push(t.length);
  // one sentence, or two when the two together are short
  const cut = cuts.length > 1 && cuts[1] <= maxChars ? cuts[1] : cuts[0];
  return { short: t.slice(0, cut), rest: t.slice(cut).trim() };
}
