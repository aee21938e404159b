/** The ideas the lab explains (see topics.tsx for the texts). */
export const TOPIC_IDS = [
  'privacy',
  'geodesic',
  'energy',
  'kng',
  'sensitivity',
  'split',
  'tau',
  'sigma',
  'mcmc',
  'domain',
  'ratios',
  'frechetMean',
  'frechetSensitivity',
  'riemannianLaplace',
  'tangentGaussian',
  'ambientBaseline',
  'conformalDp',
] as const;
export type TopicId = (typeof TOPIC_IDS)[number];
