// Where the items API lives (DESIGN.md "Items API"): this server answers it, its browser client calls
// it, the route table keys on it. Written once here.

/** Everything under this path is the backend: JSON answers, rate-limited, never a page. */
export const BACKEND_PATH = '/www-be';
const BACKEND_PREFIX = `${BACKEND_PATH}/`;

/** The items API's base path, without a trailing slash. */
export const ITEMS_API_PATH = `${BACKEND_PATH}/items/v1.0`;

/** True for a path under /www-be/, in any case: Express matches routes case-insensitively, so must this. */
export function isBackendPath(path: string): boolean {
  return path.slice(0, BACKEND_PREFIX.length).toLowerCase() === BACKEND_PREFIX;
}
