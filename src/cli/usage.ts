import { COMMANDS, OPTIONS, type Command } from './options';

export const COMMAND_SUMMARY: Record<Command, string> = {
  fit: 'Non-private geodesic regression: p̂, v̂, energy, iterations, convergence, ln MSE_np.',
  release:
    'One private release (kng-joint, the default on S², SPD and Kendall shapes, or paper 000’s kng, the one on ' +
    'R^d): its calibration, the released pair (more with --m: draws for studying the mechanism; kng: m footpoints ' +
    'with m shooting vectors each), acceptance rates, the MSE of each pair, and the privacy statement.',
  sweep:
    'Budget-split sweep: ln mean MSE of the private pairs per budget point and n, against the non-private ln MSE. ' +
    'kng-joint (the default on S², SPD and Kendall shapes; with --eps, --eps-range and --eps-scale the lab’s ' +
    'sweep at any total ε, which its exports name) or --mechanism kng, paper 000’s figures (Fig. 1 sphere, ' +
    'Fig. 7 SPD, Fig. 2 Kendall; m×m pairs per point).',
  advise:
    'Split advisor: how to split a total ε between footpoint and shooting vector of the release of --mechanism ' +
    '(kng-joint, the default on S², SPD and Kendall shapes, or kng). A coarse budget-split sweep, a finer one with ' +
    'more pairs near its minimum, a smooth fit of ln MSE over the split; prints the recommended split, the ' +
    'interval of splits within the noise of the best, and the fitted curve.',
  sensitivity:
    'Validity of the sensitivity bounds (Fig. 9/10): Δ^thy/Δ^exp over adjacent data-set pairs per n ' +
    '(all ratios must be ≥ 1). Synthetic data only.',
  histograms:
    'Paper 001’s histograms: footpoint distance d(p̂, p̃), angle between v̂ (carried) and ṽ, per-footpoint MAE, ' +
    'over private draws. Synthetic data only.',
  linreg:
    'Private linear regression on R^d (paper 001): DPGR vs sufficient-statistics perturbation vs DP-SGD vs ' +
    'least squares, mean MSE over private releases per method and ε, on synthetic data or your table.',
  frechet:
    'Private Fréchet means on S² or SPD(k) (papers 004, 002, 003): distance of private releases to the ' +
    'non-private mean per mechanism (Riemannian Laplace, tangent Gaussian, Euclidean baselines, conformal), ' +
    'n, k and ε; or the empirical sensitivity against 004’s bound (--experiment sensitivity).',
  audit:
    'Privacy audit of one mechanism (default: kng-joint, on R^d kng): N releases on D and N on a neighbouring D′ (one record replaced), a ' +
    'score per release, and a 95% lower bound on ε that no test can beat (claimedEpsilon, epsilonLower, ' +
    'epsilonEstimate, statistic, the trade-off curve). ε is 1 unless --eps (or --eps-p, --eps-v for KNG) says otherwise.',
};

const WIDTH = 100;

function wrap(text: string, indent: number): string {
  const words = text.split(/\s+/);
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > WIDTH - indent) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines.map((l, i) => (i === 0 ? l : ' '.repeat(indent) + l)).join('\n');
}

function optionLines(command: Command | undefined): string {
  const out: string[] = [];
  for (const o of OPTIONS) {
    if (command && !o.commands.includes(command)) continue;
    const head = `  --${o.name}${o.arg ? ` ${o.arg}` : ''}`;
    const def = typeof o.default === 'function' ? (command ? o.default(command) : undefined) : o.default;
    const defaults =
      typeof o.default === 'function' && !command
        ? ` [default: ${o.commands
            .filter((c) => (o.default as (c: Command) => string | undefined)(c) !== undefined)
            .map((c) => `${c} ${(o.default as (c: Command) => string)(c)}`)
            .join('; ')}]`
        : def !== undefined
          ? ` [default: ${def}]`
          : '';
    const scope = command || o.commands.length === COMMANDS.length ? '' : ` (${o.commands.join(', ')})`;
    out.push(head);
    out.push(`      ${wrap(o.help + scope + defaults, 6)}`);
  }
  return out.join('\n');
}

export function usage(command?: Command): string {
  if (command) {
    return [
      `Usage: npm run cli -- ${command} [options]`,
      '',
      wrap(COMMAND_SUMMARY[command], 0),
      '',
      'Options:',
      optionLines(command),
      '',
      OUTPUT_NOTE,
      '',
    ].join('\n');
  }
  return [
    'DP Manifold Lab — command line: differentially private geodesic regression (KNG) on manifolds.',
    '',
    'Usage: npm run cli -- <command> [options]',
    '       npm run cli -- help <command>',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.padEnd(12)}${wrap(COMMAND_SUMMARY[c], 14)}`),
    `  ${'help'.padEnd(12)}This text, or the options of one command.`,
    '',
    'Options (the commands they apply to in parentheses; an option given to another command is an error):',
    optionLines(undefined),
    '',
    OUTPUT_NOTE,
    '',
    'Examples:',
    '  npm run cli -- sweep --mechanism kng --manifold sphere --n 20,50,100 --format json   (paper 000, Fig. 1)',
    '  npm run cli -- advise --manifold sphere --n 300 --eps 1      (how to split ε = 1, synthetic data)',
    '  npm run cli -- release --mechanism kng --eps-p 0.5 --eps-v 1.5 --tau 3.1416 --sigma-rule strict',
    '  npm run cli -- fit --manifold euclidean --data winequality-red.csv --columns x=alcohol,y=pH',
    '  npm run cli -- linreg --data public/data/winequality-red.csv --rows 100 --columns "x=fixed acidity,y=pH" --eps 2',
    '  npm run cli -- frechet --manifold spd --k 2,5,10,15,20,25,30 --calibration classical    (paper 002, Fig. 1)',
    '  npm run cli -- audit --mechanism riemannian-laplace --eps 1 --releases 10000',
    '',
  ].join('\n');
}

const OUTPUT_NOTE = wrap(
  'Output: results on stdout (JSON: one object with "command", "schemaVersion", "provenance", "settings", ' +
    '"notes", "privacy" and the results; CSV: the same head as "# key: value" lines, a header line and one line ' +
    'per row; see docs/cli-output.md). Progress and notes (e.g. that a data-driven τ makes a release not ' +
    'private) go to stderr. Exit codes: 0 success, 1 computation failed, 2 bad command line or bad data file.',
  0,
);
