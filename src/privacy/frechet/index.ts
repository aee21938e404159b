export * from './sensitivity';
export * from './laplace';
export * from './tangentGaussian';
export * from './ambient';
export * from './laplaceMcmc';
export * from './conformal';
