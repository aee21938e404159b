export type { Manifold, GaussianSource } from './types';
export { GeometryError } from './types';
export { sphere } from './sphere';
export { euclidean } from './euclidean';
export { spd } from './spd';
export { kendall } from './kendall';
