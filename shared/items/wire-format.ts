// The items API as it travels (DESIGN.md "Items API"): what the upstream service, this server's API
// and the browser's client exchange.

/** The `s` value asking the items API for the newest articles first (`?s=-date_m`). */
export const SORT_NEWEST_FIRST = '-date_m';
