// Browser entry: read the data the server embedded, build the router from the same route table, hydrate.
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router-dom';
import { AppProvider, type PagePayload } from '../shared/app-context';
import { PAYLOAD_SCRIPT_ID, STYLE_ID } from '../shared/components/root-layout';
import { createHttpItemsReader } from '../shared/items/items-client';
import { ARTICLE_BODY_CLASS } from '../shared/items/article-markup';
import { createRoutes, restoreArticleBody } from '../shared/routes';
import { installKeyboardShortcuts } from './keyboard-shortcuts';

interface RouterPayload {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, { status: number; statusText: string; data: unknown }> | null;
}

// The payload, the CSS and the nonce are given back to React exactly as the server wrote them
// (the nonce from the property: browsers hide the attribute).
const embedded = {
  payload: document.getElementById(PAYLOAD_SCRIPT_ID)?.textContent ?? '',
  css: document.getElementById(STYLE_ID)?.textContent ?? '',
  nonce: document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.nonce ?? '',
};
const payload = JSON.parse(embedded.payload) as PagePayload;
const state = payload.router as RouterPayload;
const errors = state.errors
  ? Object.fromEntries(Object.entries(state.errors).map(([id, error]) => [id, new ErrorResponse(error.status, error.statusText, error.data)]))
  : null;

// The article's body is in the page once, as HTML: taken back before any effect changes it.
const loaderData = restoreArticleBody(state.loaderData, document.querySelector(`.${ARTICLE_BODY_CLASS}`)?.innerHTML);
const router = createBrowserRouter(createRoutes(createHttpItemsReader()), {
  hydrationData: { loaderData, actionData: state.actionData, errors },
});

hydrateRoot(
  document,
  <AppProvider app={payload.app} embedded={embedded}>
    <RouterProvider router={router} />
  </AppProvider>,
);
installKeyboardShortcuts();
