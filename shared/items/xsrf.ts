// The anti-forgery double-submit of SPEC §7: the server sets the cookie, the browser's items client
// copies it into the header on writes, the server compares the two.

/** The cookie the server issues with items API answers; scripts may read it. */
export const XSRF_COOKIE = 'XSRF-TOKEN';

/** The header a write under /www-be/ must carry, equal to the cookie. */
export const XSRF_HEADER = 'X-XSRF-TOKEN';
