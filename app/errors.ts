/** The message of a caught value, for notices and job errors (anything can be thrown). */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
