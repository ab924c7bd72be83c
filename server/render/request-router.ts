// The router StaticRouterProvider renders a request with (decision 080). React Router's
// createStaticRouter returns an object literal whose getters close over the request's context. V8
// gives each such object hidden classes and accessor pairs of its own, in the old generation; once the
// page is sent they are garbage that only a full collection frees, and until then the young
// collections keep everything their getters reach: the loader data (a search page's hits and
// snippets) and a copy of the route tree. That was half of what a search page promoted.
// So the router is made once per static handler, and a request's router is that one with its state.
import { createStaticRouter, type StaticHandler, type StaticHandlerContext } from 'react-router-dom';

type StaticRouter = ReturnType<typeof createStaticRouter>;

/** One router per static handler (one per interface language), made from no request. */
const handlerRouters = new WeakMap<StaticHandler, StaticRouter>();

function readHandlerRouter(handler: StaticHandler, basename: string | undefined): StaticRouter {
  let router = handlerRouters.get(handler);
  if (router === undefined) {
    // Only the state reads the context it is made with, and each request's router gives its own.
    router = createStaticRouter(handler.dataRoutes, {
      basename,
      location: { pathname: basename ?? '/', search: '', hash: '', state: null, key: 'default' },
      matches: [],
      loaderData: {},
      actionData: null,
      errors: null,
      statusCode: 200,
      loaderHeaders: {},
      actionHeaders: {},
    });
    handlerRouters.set(handler, router);
  }
  return router;
}

/** What createStaticRouter(handler.dataRoutes, context) gives, with the routes converted once per handler. */
export function createRequestRouter(handler: StaticHandler, context: StaticHandlerContext): StaticRouter {
  const router = readHandlerRouter(handler, context.basename);
  const { manifest } = router;
  // As createStaticRouter does: each match points at the router's own copy of its route.
  const matches = context.matches.map((match) => ({ ...match, route: manifest[match.route.id] ?? match.route }));
  const state = {
    ...router.state,
    location: context.location,
    matches,
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: context.errors,
  };
  // A data property over the handler router's getters: the same hidden class for every request.
  return Object.create(router, { state: { value: state, enumerable: true } }) as StaticRouter;
}
