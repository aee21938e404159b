/** Per-chain numbers of the release's MCMC chains, and their summary per kind of chain. */
import * as d3 from 'd3';
import type { ChainDiagnostics } from '../../../src/privacy/kng';

/** Acceptance range of a reference numpy run of the method (docs/experiments.md). */
export const REFERENCE_BAND: [number, number] = [0.25, 0.42];

export interface ChainRow {
  kind: 'footpoint' | 'shooting';
  chain: number;
  acceptanceRate: number;
  burnInAcceptanceRate: number;
  step: number;
  effectiveSampleSize: number;
  finalPotential: number;
}

/** The columns of `chainRows`, in the order the CSV export writes them. */
export const CHAIN_ROW_COLUMNS: readonly (keyof ChainRow)[] = [
  'kind',
  'chain',
  'acceptanceRate',
  'burnInAcceptanceRate',
  'step',
  'effectiveSampleSize',
  'finalPotential',
];

export function chainRows(kind: ChainRow['kind'], chains: readonly ChainDiagnostics[]): ChainRow[] {
  return chains.map((c, i) => ({
    kind,
    chain: i,
    acceptanceRate: c.acceptanceRate,
    burnInAcceptanceRate: c.burnInAcceptanceRate,
    step: c.step,
    effectiveSampleSize: c.effectiveSampleSize,
    finalPotential: c.trace.length ? c.trace[c.trace.length - 1] : NaN,
  }));
}

export function chainSummary(chains: readonly ChainDiagnostics[]) {
  const acc = chains.map((c) => c.acceptanceRate).filter(Number.isFinite);
  const ess = chains.map((c) => c.effectiveSampleSize).filter(Number.isFinite);
  return {
    count: chains.length,
    meanAcceptance: acc.length ? d3.mean(acc)! : NaN,
    minAcceptance: acc.length ? d3.min(acc)! : NaN,
    maxAcceptance: acc.length ? d3.max(acc)! : NaN,
    meanEss: ess.length ? d3.mean(ess)! : NaN,
    minEss: ess.length ? d3.min(ess)! : NaN,
    essUndefined: chains.length - ess.length,
    traceLength: chains[0]?.trace.length ?? 0,
  };
}

export type ChainSummary = ReturnType<typeof chainSummary>;
