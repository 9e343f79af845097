/**
 * Unicode bidirectional controls (U+202A–U+202E, U+2066–U+2069, marks) reorder what a reader sees
 * without changing the characters: a leading U+202E hides an `ERROR:` line from detection and
 * from the people reading the card. They carry nothing an error message needs.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}
