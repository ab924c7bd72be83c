// Data embedded in the page must not be able to end the <script> element or start a comment.
import { isRouteErrorResponse } from 'react-router-dom';

/** JSON safe inside <script type="application/json">: <, >, &, U+2028 and U+2029 escaped. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface SerializedRouteError {
  status: number;
  statusText: string;
  data: unknown;
}

/**
 * Route errors as the browser router rebuilds them. Anything that is not a route error response
 * becomes a bare 500: an exception's message is internal and never leaves the server.
 */
export function serializeRouteErrors(errors: Record<string, unknown> | null): Record<string, SerializedRouteError> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([routeId, error]) => [
      routeId,
      isRouteErrorResponse(error)
        ? { status: error.status, statusText: error.statusText, data: error.data as unknown }
        : { status: 500, statusText: 'Internal Server Error', data: null },
    ]),
  );
}
