import { create } from 'zustand';
import type { TopicId } from './topicIds';

/** UI state of the help features (not part of the lab's settings, so not in the URL). */
interface HelpState {
  /** The "About these ideas" panel: open, and the topic to open and scroll to. */
  aboutOpen: boolean;
  aboutTopic: TopicId | null;
  /** The guided tour's current step, or null when it is not running. */
  tourStep: number | null;
  /** The figure whose caption the user hid (shown again when another preset is applied). */
  captionHiddenFor: string | null;
  openAbout(topic?: TopicId | null): void;
  closeAbout(): void;
  setTourStep(step: number | null): void;
  hideCaption(key: string | null): void;
}

export const useHelp = create<HelpState>((set) => ({
  aboutOpen: false,
  aboutTopic: null,
  tourStep: null,
  captionHiddenFor: null,
  openAbout: (topic = null) => set({ aboutOpen: true, aboutTopic: topic }),
  closeAbout: () => set({ aboutOpen: false }),
  setTourStep: (tourStep) => set({ tourStep }),
  hideCaption: (captionHiddenFor) => set({ captionHiddenFor }),
}));
