/** The noise levels δ of paper 000's Fig. 6, drawn as one curve each on one axis (the sweep runs all three). */
export const FIG6_NOISES: readonly number[] = [0.001, 0.01, 0.1];
