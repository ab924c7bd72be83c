// Baseline (b): the naive design. Express 5 + compression, and React renders the page on every
// request (same route table, same page bytes, articles read straight from the built-in source).
// argv: port, project root.
import compression from 'compression';
import express from 'express';
import path from 'node:path';
import { pino } from 'pino';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { loadSiteResources } from '../../server/render/site-resources';
import { createContentSource } from '../../server/items/content/content-source';
import { prepareArticle, prepareSummary } from '../../server/html/prepare-article';
import { PageContextProvider } from '../../shared/page-context';
import { createRoutes } from '../../shared/routes';

const [port = '0', rootDir = process.cwd()] = process.argv.slice(2);
const content = await createContentSource({ contentDir: path.join(rootDir, 'content'), logger: pino({ level: 'silent' }), watchFiles: false });
// No cache anywhere: every request sanitises and highlights the article again, as a naive server would.
const source = {
  list: async (filter: string) => (await content.list(filter)).map(prepareSummary),
  get: async (id: string) => {
    const article = await content.get(id);
    return article && prepareArticle(article);
  },
};
const { pageContexts } = await loadSiteResources(rootDir, 'http://localhost:3000/');
const handler = createStaticHandler(createRoutes(source));

const app = express();
app.use(compression());
app.get('/{*path}', async (req, res) => {
  const context = await handler.query(new Request(`http://localhost${req.originalUrl}`));
  if (context instanceof Response) return void res.status(context.status).end();
  const page = { ...pageContexts.fr, now: new Date().toISOString() };
  const html = renderToString(
    <PageContextProvider context={page}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </PageContextProvider>,
  );
  res.status(context.statusCode).type('html').send(`<!DOCTYPE html>${html}`);
});
const server = app.listen(Number(port), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
