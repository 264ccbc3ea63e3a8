/** Ties a form field to the message that blames it. */

/**
 * The attributes of a field a message blames: aria-invalid, and aria-describedby naming the message's element
 * (give it `id={errorId}`), so a screen reader reaching the field says what is wrong and what to type, not
 * only that something is. Nothing when the field is not blamed: a message about the form as a whole, or about
 * another field, is not this field's description.
 */
export function blameProps(blamed: boolean, errorId: string): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return blamed ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
}
