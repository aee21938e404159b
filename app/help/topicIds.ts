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
] as const;
export type TopicId = (typeof TOPIC_IDS)[number];
