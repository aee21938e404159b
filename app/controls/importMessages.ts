/**
 * The parser's messages (src/io) are shared with the command line, whose wording names its options. In the lab
 * the same choices are buttons, so the CLI's option names are taken out of what the lab shows.
 */
export function labImportMessage(message: string): string {
  return message
    .replace(
      /; use the normalise option \(--normalize on the command line\) to project every point onto the sphere/g,
      '',
    )
    .replace(/\(normalize; /g, '(normalised; ');
}
