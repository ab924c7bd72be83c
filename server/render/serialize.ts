// Route errors as they travel from the server's render to the browser router.
import { isRouteErrorResponse } from 'react-router-dom';

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
