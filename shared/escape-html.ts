/** Text for HTML written by hand, in an element or a double-quoted attribute: the one escape both sides use. */
export const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
