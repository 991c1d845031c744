/** A command's text cut to 40 characters for a one-line message. */
export function shortText(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
