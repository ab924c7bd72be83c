// The server side of an island: the component rendered to HTML as its own React root, with its props
// escaped for <script> beside it, so the browser hydrates it with exactly what the server rendered.
import type { ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { serializeForScript } from '../serialize-for-script';
import { ISLANDS, islandIdPrefix, type IslandName } from './registry';

export function Island<N extends IslandName>({ name, props, className }: { name: N; props: ComponentProps<(typeof ISLANDS)[N]>; className?: string }) {
  const Component = ISLANDS[name] as unknown as (props: object) => React.JSX.Element | null;
  // Rendered apart, as the browser's hydrateRoot will: useId gives the same ids on both sides.
  const html = renderToString(<Component {...(props as object)} />, { identifierPrefix: islandIdPrefix(name) });
  return (
    <>
      <div className={`island ${className ?? ''}`.trim()} data-island={name} dangerouslySetInnerHTML={{ __html: html }} />
      <script type="application/json" data-island-props={name} dangerouslySetInnerHTML={{ __html: serializeForScript(props) }} />
    </>
  );
}
