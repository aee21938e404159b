/**
 * The covariate as the shapes view names it: in years when the data call it an age, else in the data's own
 * words; and its scale, which maps it into the [0, 1] units the fit uses.
 */
import { useMemo } from 'react';
import { covariateScale, type CovariateScale } from '../../../src/regression/covariates';
import { fmt } from '../../views2d/svgUtils';

export interface Covariate {
  scale: CovariateScale;
  /** The data's label ('covariate' when they have none). */
  xLabel: string;
  isAge: boolean;
  /** 'age', or the label. */
  unit: string;
  /** A value as shown: "72.5 years" for an age, else the number. */
  yrs(a: number): string;
}

export function useCovariate(xRange: readonly [number, number], label: string): Covariate {
  const scale = useMemo(() => covariateScale(xRange[0], xRange[1]), [xRange]);
  const xLabel = label || 'covariate';
  const isAge = /age/i.test(xLabel);
  return {
    scale,
    xLabel,
    isAge,
    unit: isAge ? 'age' : xLabel,
    yrs: (a) => (isAge ? `${fmt(a, 4)} years` : fmt(a, 4)),
  };
}
