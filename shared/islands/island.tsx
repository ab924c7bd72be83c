// The server side of an island: the component rendered to HTML as its own React root, with its props
// escaped for <script> beside it, so the browser hydrates it with exactly what the server rendered.
import type { ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { serializeForScript } from '../serialize-for-script';
import { ISLANDS, islandIdPrefix, type IslandName } from './registry';

// The shell's islands (theme selector, site search) get the same props on every page of a language:
// their HTML is rendered once and reused, within bounds (small props, a bounded count).
const renderedIslands = new Map<string, string>();
const MAX_RENDERED_ISLANDS = 64;
const MAX_REUSED_PROPS_LENGTH = 4_096;

/** The island rendered apart, as the browser's hydrateRoot will: useId gives the same ids on both sides. */
function renderIsland(name: IslandName, props: object, serializedProps: string, reuse: boolean): string {
  const key = reuse && serializedProps.length <= MAX_REUSED_PROPS_LENGTH ? `${name}:${serializedProps}` : undefined;
  const known = key === undefined ? undefined : renderedIslands.get(key);
  if (known !== undefined) return known;
  const Component = ISLANDS[name] as unknown as (props: object) => React.JSX.Element | null;
  const html = renderToString(<Component {...props} />, { identifierPrefix: islandIdPrefix(name) });
  if (key !== undefined && renderedIslands.size < MAX_RENDERED_ISLANDS) renderedIslands.set(key, html);
  return html;
}

/** `reuse={false}` for an island whose props change with each page (a search): it would fill the reused slots. */
export function Island<N extends IslandName>({
  name,
  props,
  className,
  reuse = true,
}: {
  name: N;
  props: ComponentProps<(typeof ISLANDS)[N]>;
  className?: string;
  reuse?: boolean;
}) {
  const serializedProps = serializeForScript(props);
  const html = renderIsland(name, props as object, serializedProps, reuse);
  return (
    <>
      <div className={`island ${className ?? ''}`.trim()} data-island={name} dangerouslySetInnerHTML={{ __html: html }} />
      <script type="application/json" data-island-props={name} dangerouslySetInnerHTML={{ __html: serializedProps }} />
    </>
  );
}
