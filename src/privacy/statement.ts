/**
 * What an output of the lab guarantees, in one shape for every command (docs/cli-output.md): whether it is
 * private, at which ε and δ, under which assumptions — each with whether the data in hand meet it — how many
 * releases it holds, and what publishing all of them costs by basic composition.
 *
 * A mechanism states its claim (`ReleaseClaim`: ε and δ of one release and the conditions its argument needs,
 * built in `claims/`); `privacyStatement` turns the claims behind an output into the statement. `private` is
 * true only when every condition holds, ε is finite and the output holds nothing but releases: numbers computed
 * from the data beyond the releases (errors against the data, an audit's changed record) are not private
 * whatever the releases guarantee.
 */

export interface Assumption {
  text: string;
  /** Whether the data in hand (and the settings in force) meet it; null where the tool cannot check. */
  holdsForThisData: boolean | null;
}

export interface PrivacyStatement {
  private: boolean;
  /** ε of one release as the mechanism claims it; null when there is none (ε = ∞) or it varies over the output. */
  epsilon: number | null;
  /** δ of one release: 0 for pure ε-DP; null where no δ is certified (a Markov chain stands in for an exact draw). */
  delta: number | null;
  statement: string;
  assumptions: Assumption[];
  /** Releases the output holds or was computed from. */
  releases: number;
  /** Basic composition of the claimed ε over those releases; null when one of them claims nothing (ε = ∞). */
  totalEpsilon: number | null;
}

/** A condition of a mechanism's privacy argument. */
export interface Condition extends Assumption {
  /** What breaks when it does not hold: a clause of the statement. */
  failure: string;
}

/** What one release of a mechanism claims under the settings in force. */
export interface ReleaseClaim {
  /** One release in words, e.g. 'pair (p̃, ṽ)', 'mean', 'line'. */
  unit: string;
  /** ε of one release; Infinity when nothing is claimed. */
  epsilon: number;
  /** Where ε comes from, e.g. 'ε_E + ε_p + ε_v'. */
  epsilonNote?: string;
  /** 0 for pure ε-DP; null where the δ is not certified. */
  delta: number | null;
  conditions: Condition[];
  /** What still holds when the argument as a whole fails (set by the claim's builder, which knows which part). */
  partial?: string;
}

/** Releases of one claim in an output, for basic composition. */
export interface ClaimBatch {
  claim: ReleaseClaim;
  /** Releases of this claim the output holds. */
  releases: number;
  /**
   * The releases as they compose, when they are not `releases` independent units of the claim's ε (KNG: m
   * footpoints at ε_p and m² shooting vectors at ε_v make m² pairs).
   */
  parts?: readonly { count: number; epsilon: number; what: string }[];
}

export interface OutputContents {
  batches: readonly ClaimBatch[];
  /** Set when the printed numbers are computed from the data beyond the releases: why they are not private. */
  derived?: string;
  /** Fields printed beside the releases that are computed from the data (the non-private fit, errors). */
  analystOnly?: string;
  /** 'synthetic' when the data came from a seeded generator: the numbers then describe no person. */
  data: 'synthetic' | 'imported';
}

/**
 * Paper 000's KNG releases as they compose: `footpoints` footpoints at ε_p and `pairs` shooting vectors at ε_v,
 * one pair per shooting vector (m footpoints with m vectors each: m² pairs).
 */
export function kngPairsBatch(
  claim: ReleaseClaim,
  footpoints: number,
  pairs: number,
  epsP: number,
  epsV: number,
): ClaimBatch {
  return {
    claim: { ...claim, epsilon: epsP + epsV },
    releases: pairs,
    parts: [
      { count: footpoints, epsilon: epsP, what: 'footpoint' },
      { count: pairs, epsilon: epsV, what: 'shooting vector' },
    ],
  };
}

/** A number as a statement prints it (six significant digits, no trailing zeros). */
export function fmtNumber(x: number): string {
  if (!Number.isFinite(x)) return x > 0 ? '∞' : String(x);
  return String(+x.toPrecision(6));
}

/** "1 pair (p̃, ṽ)", "3 pairs (p̃, ṽ)", "9 shooting vectors": the word before any parenthesis takes the s. */
function plural(k: number, unit: string): string {
  if (k === 1) return `1 ${unit}`;
  const cut = unit.indexOf(' (');
  const [word, rest] = cut < 0 ? [unit, ''] : [unit.slice(0, cut), unit.slice(cut)];
  return `${k} ${word.endsWith('s') ? word : `${word}s`}${rest}`;
}

function partsOf(b: ClaimBatch) {
  return b.parts ?? [{ count: b.releases, epsilon: b.claim.epsilon, what: b.claim.unit }];
}

function sameClaim(a: ReleaseClaim, b: ReleaseClaim): boolean {
  return (
    a.unit === b.unit &&
    a.delta === b.delta &&
    a.epsilonNote === b.epsilonNote &&
    a.partial === b.partial &&
    a.conditions.length === b.conditions.length &&
    a.conditions.every(
      (c, i) => c.text === b.conditions[i].text && c.holdsForThisData === b.conditions[i].holdsForThisData,
    )
  );
}

/** "2-DP", "(1, 1e-05)-DP", "2-DP for the exact target; the sampler's δ is not certified". */
function guarantee(eps: string, claim: ReleaseClaim): string {
  const note = claim.epsilonNote ? ` (${claim.epsilonNote})` : '';
  if (claim.delta === null) return `${eps}-DP${note} for the exact target; the sampler's δ is not certified`;
  if (claim.delta > 0) return `(${eps}, ${fmtNumber(claim.delta)})-DP${note}`;
  return `${eps}-DP${note}`;
}

/** Whether the claim's own argument holds (finite ε, no failed condition). */
export function claimHolds(claim: ReleaseClaim): boolean {
  return Number.isFinite(claim.epsilon) && claim.conditions.every((c) => c.holdsForThisData !== false);
}

/** The sentence on what one release of a claim guarantees ("each pair … is 2-DP…" or "not private: …"). */
function claimSentence(claim: ReleaseClaim, epsText: string): string {
  const failed = claim.conditions.filter((c) => c.holdsForThisData === false);
  if (claimHolds(claim)) return `each ${claim.unit} is ${guarantee(epsText, claim)}`;
  const why = failed.length ? failed.map((c) => c.failure).join('; ') : `no ε is claimed for a ${claim.unit}`;
  return `not private: ${why}${claim.partial ? `. ${claim.partial}` : ''}`;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What the releases add up to by basic composition, in words ('' when there is nothing to add). */
function countSentence(
  batches: readonly ClaimBatch[],
  uniform: boolean,
  holds: boolean,
  releases: number,
  total: number,
): string {
  if (releases === 0) return '';
  const parts = batches.flatMap(partsOf).filter((p) => p.count > 0);
  if (!Number.isFinite(total))
    return uniform ? '' : 'Some of them claim no ε at all, so together they are not private at any ε';
  const unit = batches[0].claim.unit;
  // parts of the same kind add up: "10 footpoints and 20 shooting vectors", "3 × 1 + 9 × 0.5"
  const kinds = new Map<string, number>();
  const terms = new Map<string, { count: number; epsilon: number }>();
  for (const p of parts) {
    kinds.set(p.what, (kinds.get(p.what) ?? 0) + p.count);
    const key = `${p.what}|${p.epsilon}`;
    const t = terms.get(key) ?? { count: 0, epsilon: p.epsilon };
    t.count += p.count;
    terms.set(key, t);
  }
  const what =
    uniform && kinds.size > 1
      ? `${[...kinds].map(([w, k]) => plural(k, w)).join(' and ')} (${plural(releases, unit)})`
      : uniform
        ? plural(releases, unit)
        : `${releases} releases`;
  const list = [...terms.values()];
  const sum =
    list.length === 1 && list[0].count === 1
      ? fmtNumber(total)
      : list.length > 4
        ? fmtNumber(total)
        : `${list.map((t) => (t.count === 1 ? fmtNumber(t.epsilon) : `${t.count} × ${fmtNumber(t.epsilon)}`)).join(' + ')} = ${fmtNumber(total)}`;
  if (!holds)
    return uniform
      ? `By basic composition the claimed ε of ${what} adds up to ${sum}, which is no guarantee while the claim fails`
      : `By basic composition their claimed ε adds up to ${sum}, a guarantee only where every row's claim holds`;
  if (releases === 1 && kinds.size === 1) return `It holds ${what}: ε = ${sum} in all`;
  return `Publishing all ${what} costs ε = ${sum} by basic composition`;
}

/** The privacy statement of an output from the claims behind it (see the module's comment for the rules). */
export function privacyStatement(out: OutputContents): PrivacyStatement {
  const { batches } = out;
  const claims = batches.map((b) => b.claim);
  const releases = batches.reduce((a, b) => a + b.releases, 0);
  const total = batches
    .flatMap(partsOf)
    .filter((p) => p.count > 0)
    .reduce((a, p) => a + p.count * p.epsilon, 0);
  const epsilons = [...new Set(claims.map((c) => c.epsilon))];
  const deltas = [...new Set(claims.map((c) => c.delta))];
  const holds = claims.length > 0 && claims.every(claimHolds);

  let body = 'it holds no release';
  if (claims.length > 0) {
    const uniform = claims.every((c) => sameClaim(c, claims[0]));
    const ok = batches.filter((b) => claimHolds(b.claim)).reduce((a, b) => a + b.releases, 0);
    const eps =
      epsilons.length === 1
        ? fmtNumber(epsilons[0])
        : `ε (${fmtNumber(Math.min(...epsilons))} to ${fmtNumber(Math.max(...epsilons))}, by row)`;
    const head = uniform
      ? claimSentence(claims[0], eps)
      : `they come from ${batches.length} settings (rows); ${ok} of the ${releases} meet their claim under the ` +
        'settings in force, and each row’s privacy says which and why';
    const count = countSentence(batches, uniform, holds, releases, total);
    body = count ? `${head}. ${count}` : head;
  }
  let statement = !out.derived
    ? capitalise(body)
    : releases === 0
      ? `Not a private release: ${out.derived}; ${body}`
      : `Not a private release: ${out.derived}. Its ${plural(releases, 'release')}: ${body}`;
  if (out.analystOnly)
    statement += `. The output also prints ${out.analystOnly}, computed from the data: for the analyst, not for publication`;
  if (out.data === 'synthetic')
    statement += '. The data are synthetic (from the seed): these numbers describe no person';
  statement += '.';

  const assumptions: Assumption[] = [];
  for (const c of claims)
    for (const a of c.conditions)
      if (!assumptions.some((x) => x.text === a.text && x.holdsForThisData === a.holdsForThisData))
        assumptions.push({ text: a.text, holdsForThisData: a.holdsForThisData });
  return {
    private: holds && !out.derived && releases > 0,
    epsilon: epsilons.length === 1 && Number.isFinite(epsilons[0]) ? epsilons[0] : null,
    delta: deltas.length === 1 ? deltas[0] : null,
    statement,
    assumptions,
    releases,
    totalEpsilon: Number.isFinite(total) ? total : null,
  };
}
