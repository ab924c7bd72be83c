declare module 'markdown-it-texmath' {
  import type { PluginWithOptions } from 'markdown-it';

  const texmath: PluginWithOptions<{ engine: { renderToString(tex: string, options?: object): string }; delimiters?: string | string[] }>;
  export default texmath;
}

declare module 'markdown-it-footnote' {
  import type { PluginSimple } from 'markdown-it';

  const footnote: PluginSimple;
  export default footnote;
}
