/**
 * The lesson: the lab's story told to a class, one slide at a time. Each slide is a few settings (what differs
 * from its workspace's defaults) and a question to put to the class. The answers are computed from what the lab
 * shows (SlideAnswer.tsx; the advisor, audit and error-against-n slides start their work when shown); nothing
 * here holds a number of a result.
 */
import { DEFAULT_SETTINGS, defaultsFor, type LabSettings, type WorkspaceId } from '../../state/settings';

export type LessonSlideId =
  | 'fit'
  | 'release'
  | 'split'
  | 'advice'
  | 'audit-fit'
  | 'audit-paper'
  | 'audit-joint'
  | 'sizes'
  | 'shapes-few'
  | 'shapes-many'
  | 'frechet';

export interface LessonSlide {
  id: LessonSlideId;
  /** A few words beside the slide's number. */
  title: string;
  /** The question put to the class, shown large. */
  question: string;
  /** What differs from the defaults of the workspace (and of its default release). */
  patch: Partial<LabSettings> & { workspace: WorkspaceId };
  /** At most this many footpoints m per release on this slide, so that it answers in seconds (its question says so). */
  maxM?: number;
}

/** The advisor's slide: m ≤ 3 sweeps its 11 + 9 splits in about a third of the chains of the default m = 10. */
const ADVISOR_M = 3;

/**
 * The audits attack 200 releases per side (the fewest the Audit tab offers), so that each takes seconds, on the
 * sphere's data of the slides before: the release private for any data is audited where it pays.
 */
const AUDIT = { plotTab: 'audit', auditReleases: 200 } as const;
const SPHERE_N = defaultsFor('sphere').n;

/** Landmarks per outline on the shapes slides: the default of the release private for any data, and the paper's. */
export const FEW_LANDMARKS = 8;
export const MANY_LANDMARKS = 50;

export const LESSON: readonly LessonSlide[] = [
  {
    id: 'fit',
    title: 'Data and the non-private fit',
    question:
      'Directions on a globe change with x: what does a “straight line” through directions look like?',
    patch: { workspace: 'sphere' },
  },
  {
    id: 'release',
    title: 'A private release',
    question: 'If we hide every single person, how far will the private line stray?',
    patch: { workspace: 'sphere' },
  },
  {
    id: 'split',
    title: 'What the split does',
    question: 'ε is shared by the footpoint and the direction: which split would you choose?',
    patch: { workspace: 'sphere', plotTab: 'mse' },
  },
  {
    id: 'advice',
    title: 'The advisor',
    question: `Can we choose the split without spending privacy on it? (This slide runs with m ≤ ${ADVISOR_M} footpoints, so that the advisor answers in seconds.)`,
    patch: { workspace: 'sphere', plotTab: 'mse' },
    maxM: ADVISOR_M,
  },
  {
    id: 'audit-fit',
    title: 'Audit: the non-private fit',
    question: `Would an attacker notice one person’s record among ${SPHERE_N} in the non-private fit?`,
    patch: { workspace: 'sphere', ...AUDIT, auditMechanism: 'nonprivate' },
  },
  {
    id: 'audit-paper',
    title: 'Audit: paper 000’s KNG',
    question:
      'Would an attacker notice one person’s record through paper 000’s KNG, whose τ comes from the data?',
    // the view shows the release audited, with its badge (not the release private for any data)
    patch: { workspace: 'sphere', ...AUDIT, auditMechanism: 'kng', mechanism: 'kng' },
  },
  {
    id: 'audit-joint',
    title: 'Audit: private for any data',
    question:
      'Would an attacker notice one person’s record through the release that is private for any data?',
    patch: { workspace: 'sphere', ...AUDIT, auditMechanism: 'kng-joint' },
  },
  {
    id: 'sizes',
    title: 'Where privacy starts to pay',
    question: 'How much data before privacy is nearly free?',
    patch: { workspace: 'sphere', plotTab: 'mse' },
  },
  {
    id: 'shapes-few',
    title: 'Shapes: a few landmarks',
    question: `Is a shape with more landmarks harder to hide? First, outlines of ${FEW_LANDMARKS} landmarks.`,
    patch: { workspace: 'kendall', landmarks: FEW_LANDMARKS },
  },
  {
    id: 'shapes-many',
    title: 'Shapes: many landmarks',
    question: `Is a shape with more landmarks harder to hide? Now ${MANY_LANDMARKS} landmarks, as in the paper.`,
    patch: { workspace: 'kendall', landmarks: MANY_LANDMARKS },
  },
  {
    id: 'frechet',
    title: 'Fréchet means on SPD',
    question: 'Three private averages of the same covariance matrices: which lands closest to the true mean?',
    // paper 002's three mechanisms (Conformal-DP is not private, and its chains take most of the sweep's time;
    // with a fourth column the ellipses' captions would drop below 16 px); every error in one distance (the
    // matrices' Euclidean), so that "closest" compares like with like
    patch: {
      workspace: 'frechet',
      frechetSpace: 'spd',
      mechanisms: ['rl', 'tg', 'extg'],
      errorMeasure: 'euclidean',
    },
  },
];

/** A slide number (from 1) within the lesson. */
export function clampSlide(n: number): number {
  return Math.max(1, Math.min(LESSON.length, Math.round(n)));
}

/**
 * The settings a slide shows: its workspace's defaults (for the default release, at the size where it pays)
 * with the slide's patch. How much the lab computes stays the presenter's choice: the draws per release
 * `chosenM` (m of `current` unless given; no more than the slide's maxM), and the MSE plots' curves when they
 * were chosen (not a workspace's default), carry over from `current`, so a lesson on a slow laptop can run with
 * fewer.
 */
export function slideSettings(slide: LessonSlide, current: LabSettings, chosenM = current.m): LabSettings {
  const base = defaultsFor(slide.patch.workspace);
  const chosenCurves = ![
    defaultsFor(current.workspace),
    defaultsFor(current.workspace, current.mechanism),
  ].some((d) => d.curves.join() === current.curves.join());
  return {
    ...base,
    ...slide.patch,
    m: Math.min(chosenM, slide.maxM ?? chosenM),
    // fresh arrays: the store's settings never share them with the slide table
    curves: [...(slide.patch.curves ?? (chosenCurves ? current.curves : base.curves))],
    ages: [...(slide.patch.ages ?? base.ages)],
    mechanisms: [...(slide.patch.mechanisms ?? base.mechanisms)],
    figure: null,
  };
}

/**
 * The presenter's footpoints m, to carry to the next slide: the m shown, except when leaving a slide that lowered
 * it (its maxM) — then the m from before it (`remembered`), or, when the lesson was opened on that slide (a
 * bookmark) and none is known, the lab's default unless the m shown is below the slide's cap (chosen lower still).
 */
export function presenterM(
  leaving: LessonSlide | undefined,
  settings: LabSettings,
  remembered: number | null,
): number {
  if (leaving?.maxM === undefined || !showsSlide(leaving, settings)) return settings.m;
  return remembered ?? (settings.m < leaving.maxM ? settings.m : DEFAULT_SETTINGS.m);
}

/** The settings show the slide: every setting it names has its value (what else differs is the presenter's). */
export function showsSlide(slide: LessonSlide, settings: LabSettings): boolean {
  return Object.entries(slide.patch).every(
    ([key, value]) => JSON.stringify(settings[key as keyof LabSettings]) === JSON.stringify(value),
  );
}
