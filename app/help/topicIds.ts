import type { ReactNode } from 'react';

/** The ideas the lab explains (their texts: topics.tsx, which gathers the topic groups' files). */
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

/** One explanation: its texts live in the topic groups' files. */
export interface Topic {
  id: TopicId;
  /** Short name for lists and links. */
  title: string;
  /** The question the topic answers (summary line). */
  question: string;
  body: () => ReactNode;
}
