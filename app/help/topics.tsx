/**
 * Plain-language explanations of the ideas behind the lab, written for a classroom, with formulas rendered by
 * KaTeX. Each topic has a one-line question (the disclosure's summary) and a short body; the texts are in one
 * file per group of topics.
 */
import type { Topic, TopicId } from './topicIds';
import { CALIBRATION_TOPICS } from './topicsCalibration';
import { FRECHET_TOPICS } from './topicsFrechet';
import { REGRESSION_TOPICS } from './topicsRegression';

export type { Topic } from './topicIds';

export const TOPICS: Record<TopicId, Topic> = {
  ...REGRESSION_TOPICS,
  ...CALIBRATION_TOPICS,
  ...FRECHET_TOPICS,
};
