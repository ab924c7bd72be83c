// XML 1.0 allows only some characters, escaped or not: a control character from an items service
// would make the whole feed unreadable to every reader (issue 13, row 7).
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** The text without the characters XML 1.0 does not allow (C0 controls, U+FFFE, U+FFFF, lone surrogates). */
export function toXmlText(text: string): string {
  return text.replace(NOT_XML_CHAR, '');
}
