// Names in the article HTML that the server's enhance step writes and the article page reads back.
// One source for both sides, so the table of contents and the copy buttons find what the server made.

/** Class of the number the server puts at the start of each heading (1, 1.1 …). */
export const HEADING_NUMBER_CLASS = 'heading-number';
/** Class of the block that holds a heading and its link icon. */
export const HEADING_WRAPPER_CLASS = 'article-heading';
/** Class of the link to a heading's own anchor. */
export const HEADING_ANCHOR_CLASS = 'heading-anchor';
/**
 * Id of the element, rendered once by the article page in the interface language, that names every
 * heading link ("Lien vers la section" + the heading): the prepared HTML stays language-neutral.
 */
export const HEADING_LINK_LABEL_ID = 'heading-link-label';
/** Class of the block around each <pre>, where the browser adds a copy button. */
export const CODE_BLOCK_CLASS = 'code-block';
/** Class of the element that holds the article's HTML: the browser reads the body back from it on hydration. */
export const ARTICLE_BODY_CLASS = 'article-body';
