// Allow-list sanitiser for article HTML (summary, body) that comes from a source this server does not control.
import sanitizeHtml from 'sanitize-html';
import { filterKitAttributes, KIT_ATTRIBUTES, KIT_CLASSES, KIT_TAGS, NON_TEXT_TAGS } from './writing-kit/kit-markup';

/** Hosts whose players may be embedded in an article. */
export const IFRAME_HOSTS = ['www.youtube-nocookie.com', 'www.youtube.com', 'player.vimeo.com'];

/**
 * What an embedded player may be granted (`allow`): what YouTube and Vimeo ask for. Anything else an
 * article asks (`serial`, `hid`, `display-capture`, …) is dropped; camera, microphone and the like are
 * refused to every frame by the page's Permissions-Policy anyway.
 */
const PLAYER_FEATURES = new Set([
  'accelerometer',
  'autoplay',
  'clipboard-write',
  'encrypted-media',
  'fullscreen',
  'gyroscope',
  'picture-in-picture',
  'web-share',
]);

/** An `allow` list kept to the player features, each without an origin list (the frame's own origin only). */
function keepPlayerFeatures(allow: string): string {
  const features = allow
    .split(';')
    .map((directive) => directive.trim().split(/\s+/)[0]!.toLowerCase())
    .filter((feature) => PLAYER_FEATURES.has(feature));
  return [...new Set(features)].join('; ');
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'img',
    'figure',
    'figcaption',
    'picture',
    'source',
    'del',
    'ins',
    'sup',
    'sub',
    'kbd',
    'samp',
    'var',
    'mark',
    'details',
    'summary',
    'iframe',
    ...KIT_TAGS,
  ],
  disallowedTagsMode: 'discard',
  nonTextTags: NON_TEXT_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel', 'hreflang'],
    img: ['src', 'srcset', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    source: ['srcset', 'type', 'media', 'width', 'height'],
    iframe: ['src', 'width', 'height', 'title', 'allow', 'allowfullscreen', 'loading'],
    th: ['colspan', 'rowspan', 'scope', 'align'],
    td: ['colspan', 'rowspan', 'align'],
    ol: ['start', 'reversed', 'type'],
    code: ['class'],
    pre: ['class'],
    span: ['class'],
    abbr: ['title'],
    time: ['datetime'],
    '*': ['lang', 'dir'],
  },
  allowedClasses: {
    code: ['language-*', 'lang-*', 'hljs'],
    pre: ['language-*'],
    span: ['hljs-*'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'], source: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: IFRAME_HOSTS,
  allowIframeRelativeUrls: false,
  // An iframe whose source was refused is dropped whole, not left as an empty frame.
  // An iframe with no source, and an SVG that is not one of the diagrams the server draws (decision 037): the
  // writing kit lets SVG through for its diagrams alone, so stray SVG from an items service goes whole.
  exclusiveFilter: (frame) =>
    (frame.tag === 'iframe' && !frame.attribs.src) || (frame.tag === 'svg' && !(frame.attribs.class ?? '').split(/\s+/).includes('diagram-svg')),
  transformTags: {
    iframe: (tagName, attribs) => {
      const { allow, ...kept } = attribs;
      const features = allow === undefined ? '' : keepPlayerFeatures(allow);
      return { tagName, attribs: features ? { ...kept, allow: features } : kept };
    },
    // A link that opens a new tab must not hand the opener to the target.
    a: (tagName, attribs) => {
      const kept = filterKitAttributes(tagName, attribs);
      return { tagName, attribs: kept.target ? { ...kept, target: '_blank', rel: 'noopener noreferrer' } : kept };
    },
    ...Object.fromEntries(
      ['li', 'pre', ...KIT_TAGS].map((tag) => [
        tag,
        (tagName: string, attribs: sanitizeHtml.Attributes) => ({ tagName, attribs: filterKitAttributes(tagName, attribs) }),
      ]),
    ),
  },
};

/** The article's allow-lists with the writing kit's merged in. */
function mergeLists(base: Record<string, string[]>, kit: Record<string, string[]>): Record<string, string[]> {
  const merged = { ...base };
  for (const [tag, names] of Object.entries(kit)) merged[tag] = [...new Set([...(merged[tag] ?? []), ...names])];
  return merged;
}
options.allowedAttributes = mergeLists(options.allowedAttributes as Record<string, string[]>, KIT_ATTRIBUTES);
options.allowedClasses = mergeLists(options.allowedClasses as Record<string, string[]>, KIT_CLASSES);

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, options);
}
