export type { RegressionData } from './types';
export { sphereData, type SphereDataOptions } from './sphereData';
export { spdData, type SpdDataOptions } from './spdData';
export { euclideanData, type EuclideanDataOptions } from './euclideanData';
export {
  corpusCallosumData,
  corpusCallosumTemplate,
  corpusCallosumThinning,
  corpusCallosumBodyThickness,
  CORPUS_CALLOSUM_LANDMARKS,
  type CorpusCallosumOptions,
} from './corpusCallosum';
export {
  MANIFOLDS,
  MANIFOLD_KINDS,
  DEFAULT_NOISE,
  dataManifold,
  generate,
  manifoldDescriptor,
  manifoldOfResponses,
  type DataManifold,
  type GenerateOptions,
  type GeneratedData,
  type ManifoldDescriptor,
} from './manifolds';
