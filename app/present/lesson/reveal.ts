/** Whether the slide's answer is shown (hidden again whenever another slide is shown). */
import { create } from 'zustand';

export const useReveal = create<{ revealed: boolean }>(() => ({ revealed: false }));
