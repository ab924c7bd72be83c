// Data embedded in the page must not be able to end the <script> element or start a comment.

/** JSON safe inside <script type="application/json">: <, >, &, U+2028 and U+2029 escaped. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
