/** Constants shared by the special functions of the statistics. */

export const LOG_SQRT_2PI = 0.9189385332046728; // ½ ln(2π)
export const SQRT_2PI = 2.5066282746310002;

/** What the modified Lentz method puts in place of a zero (or tiny) denominator. */
export const TINY = 1e-300;
