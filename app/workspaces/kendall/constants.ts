/** Other private draws drawn thinly beside the highlighted release. */
export const OTHER_DRAWS = 6;
/** Subjects drawn in the morph view: those within this many years of the slider's age (at most 12). */
export const NEAR_YEARS = 2.5;
