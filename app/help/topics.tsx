/**
 * Plain-language explanations of the ideas behind the lab, written for a classroom, with formulas rendered by
 * KaTeX. Each topic has a one-line question (the disclosure's summary) and a short body; the texts are in one
 * file per group of topics.
 */
import type { ReactNode } from 'react';
import type { TopicId } from './topicIds';
import { CALIBRATION_TOPICS } from './topicsCalibration';
import { FRECHET_TOPICS } from './topicsFrechet';
import { REGRESSION_TOPICS } from './topicsRegression';

export interface Topic {
  id: TopicId;
  /** Short name for lists and links. */
  title: string;
  /** The question the topic answers (summary line). */
  question: string;
  body: () => ReactNode;
}

export const TOPICS: Record<TopicId, Topic> = {
  ...REGRESSION_TOPICS,
  ...CALIBRATION_TOPICS,
  ...FRECHET_TOPICS,
};
