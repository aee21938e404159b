import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, defaultsFor, queryToSettings, settingsToQuery } from '../../state/settings';
import { useLab } from '../../store';
import { lessonFromQuery, usePresent, withPresentFlag } from '../presentStore';
import { goToSlide, stepLesson } from './LessonBar';
import { useReveal } from './reveal';
import { LESSON, clampSlide, presenterM, showsSlide, slideSettings } from './slides';

// test files share their modules (vite.config.ts): leave the stores as they were found
const reset = () => {
  useLab.getState().set({ ...DEFAULT_SETTINGS });
  usePresent.setState({ on: false, sequence: 'figures', slide: 1 });
  useReveal.setState({ revealed: false });
};
beforeEach(reset);
afterEach(reset);

describe('the lesson’s slides', () => {
  it('each has its own id and title and puts a question to the class', () => {
    expect(new Set(LESSON.map((s) => s.id)).size).toBe(LESSON.length);
    expect(new Set(LESSON.map((s) => s.title)).size).toBe(LESSON.length);
    for (const s of LESSON) expect(s.question).toMatch(/\?/);
  });

  it('a slide shows its workspace’s defaults (the release private for any data) with its own settings', () => {
    for (const slide of LESSON) {
      const s = slideSettings(slide, DEFAULT_SETTINGS);
      const base = defaultsFor(slide.patch.workspace);
      expect(s.workspace).toBe(slide.patch.workspace);
      expect(s.n).toBe(base.n);
      expect(s.mechanism).toBe(slide.patch.mechanism ?? base.mechanism);
      for (const [key, value] of Object.entries(slide.patch)) expect(s[key as keyof typeof s]).toEqual(value);
      expect(s.figure).toBeNull();
    }
    const audit = slideSettings(
      LESSON.find((s) => s.id === 'audit-joint')!,
      DEFAULT_SETTINGS,
    );
    expect(audit).toMatchObject({ plotTab: 'audit', auditMechanism: 'kng-joint', auditReleases: 200 });
    // the audit of paper 000's KNG shows that release in the view, on the same data
    expect(
      slideSettings(
        LESSON.find((s) => s.id === 'audit-paper')!,
        DEFAULT_SETTINGS,
      ),
    ).toMatchObject({ mechanism: 'kng', auditMechanism: 'kng', n: defaultsFor('sphere').n });
    expect(
      slideSettings(
        LESSON.find((s) => s.id === 'shapes-many')!,
        DEFAULT_SETTINGS,
      ).landmarks,
    ).toBe(50);
  });

  it('keeps how much the presenter chose to compute: the draws m, and MSE curves they chose', () => {
    const light = { ...DEFAULT_SETTINGS, m: 2, curves: [50] };
    for (const slide of LESSON) {
      const s = slideSettings(slide, light);
      expect(s.m).toBe(2);
      expect(s.curves).toEqual([50]);
      expect(s.curves).not.toBe(light.curves);
    }
    // curves left at the workspace's defaults follow the slide's workspace
    const shapes = LESSON.find((s) => s.id === 'shapes-few')!;
    expect(slideSettings(shapes, DEFAULT_SETTINGS).curves).toEqual(defaultsFor('kendall').curves);
  });

  it('every slide’s settings survive the link (a bookmark restores the slide)', () => {
    for (const slide of LESSON) {
      const s = slideSettings(slide, DEFAULT_SETTINGS);
      const back = queryToSettings(settingsToQuery(s));
      expect(back.problems).toEqual([]);
      expect(back.settings).toEqual(s);
    }
  });

  it('tells settings that show a slide (a bookmark of it) from settings that do not (a link written by hand)', () => {
    for (const slide of LESSON)
      expect(showsSlide(slide, { ...slideSettings(slide, DEFAULT_SETTINGS), eps: 0.5 })).toBe(true);
    const [audit, shapes] = ['audit-joint', 'shapes-many'].map((id) => LESSON.find((s) => s.id === id)!);
    expect(showsSlide(audit, slideSettings(shapes, DEFAULT_SETTINGS))).toBe(false);
    expect(showsSlide(shapes, { ...slideSettings(shapes, DEFAULT_SETTINGS), landmarks: 8 })).toBe(false);
    expect(showsSlide(LESSON.at(-1)!, { ...DEFAULT_SETTINGS, m: 2 })).toBe(false);
  });

  it('the advisor’s slide runs with fewer footpoints, and its question says how many', () => {
    const advice = LESSON.find((s) => s.id === 'advice')!;
    expect(advice.maxM).toBeLessThan(DEFAULT_SETTINGS.m);
    expect(slideSettings(advice, DEFAULT_SETTINGS).m).toBe(advice.maxM);
    expect(advice.question).toContain(`m ≤ ${advice.maxM}`);
    // a presenter who chose fewer keeps them
    expect(slideSettings(advice, { ...DEFAULT_SETTINGS, m: 2 }).m).toBe(2);
  });

  it('leaving the advisor’s slide, the presenter’s m comes back: the one from before it, else the lab’s default', () => {
    const advice = LESSON.find((s) => s.id === 'advice')!;
    const before = LESSON[LESSON.indexOf(advice) - 1];
    const onAdvice = slideSettings(advice, DEFAULT_SETTINGS, 8);
    expect(onAdvice.m).toBe(advice.maxM);
    expect(presenterM(advice, onAdvice, 8)).toBe(8);
    // opened on the advisor's slide by a bookmark: no m from before it is known
    expect(presenterM(advice, onAdvice, null)).toBe(DEFAULT_SETTINGS.m);
    // …unless the bookmark's m is below the slide's cap: the presenter chose fewer still
    expect(presenterM(advice, { ...onAdvice, m: 2 }, null)).toBe(2);
    // any other slide: the m shown
    expect(presenterM(before, { ...slideSettings(before, DEFAULT_SETTINGS), m: 6 }, 8)).toBe(6);
  });

  it('slide numbers are clamped to the lesson', () => {
    expect(clampSlide(0)).toBe(1);
    expect(clampSlide(-3)).toBe(1);
    expect(clampSlide(4)).toBe(4);
    expect(clampSlide(LESSON.length + 5)).toBe(LESSON.length);
  });
});

describe('stepping through the lesson', () => {
  it('shows each slide’s settings, hides the answer, and stops at either end without a change', () => {
    goToSlide(1);
    expect(usePresent.getState()).toMatchObject({ sequence: 'lesson', slide: 1 });
    for (let i = 2; i <= LESSON.length; i++) {
      useReveal.setState({ revealed: true });
      const before = useLab.getState().settings;
      stepLesson(1);
      expect(usePresent.getState().slide).toBe(i);
      expect(useReveal.getState().revealed).toBe(false);
      // the presenter's m (the default, 10) on every slide, but no more than the slide's maxM
      expect(useLab.getState().settings).toEqual(slideSettings(LESSON[i - 1], before, DEFAULT_SETTINGS.m));
      expect(useLab.getState().settings.m).toBe(LESSON[i - 1].maxM ?? DEFAULT_SETTINGS.m);
    }
    // the last slide as the presenter left it stays (a clicker pressed once too often changes nothing)
    useLab.getState().set({ eps: 2 });
    stepLesson(1);
    expect(usePresent.getState().slide).toBe(LESSON.length);
    expect(useLab.getState().settings.eps).toBe(2);
    stepLesson(-1);
    expect(usePresent.getState().slide).toBe(LESSON.length - 1);
    goToSlide(1);
    stepLesson(-1);
    expect(usePresent.getState().slide).toBe(1);
    goToSlide(LESSON.length + 10);
    expect(usePresent.getState().slide).toBe(LESSON.length);
  });
});

describe('the lesson in the link', () => {
  it('reads the slide from lesson=<n> (a whole number from 1), else the figures', () => {
    expect(lessonFromQuery('?present=1&lesson=3')).toBe(3);
    expect(lessonFromQuery('?lesson=12')).toBe(12);
    for (const q of ['', '?present=1', '?lesson=0', '?lesson=-2', '?lesson=2.5', '?lesson=abc', '?lesson='])
      expect(lessonFromQuery(q)).toBeNull();
  });

  it('writes the slide beside the flag, leaves the settings alone, and drops both when presenting ends', () => {
    const q = withPresentFlag('?ws=kendall&lmk=50', true, 10);
    expect(q).toBe('?ws=kendall&lmk=50&present=1&lesson=10');
    expect(lessonFromQuery(q)).toBe(10);
    // the figures: no slide in the link
    expect(withPresentFlag(q, true)).toBe('?ws=kendall&lmk=50&present=1');
    expect(withPresentFlag(q, false, 10)).toBe('?ws=kendall&lmk=50');
    // a bookmark round trip: the settings and the slide come back
    const slide = LESSON[9];
    const link = withPresentFlag(`?${settingsToQuery(slideSettings(slide, DEFAULT_SETTINGS))}`, true, 10);
    expect(lessonFromQuery(link)).toBe(10);
    expect(queryToSettings(link.slice(1)).settings).toEqual(slideSettings(slide, DEFAULT_SETTINGS));
  });
});
