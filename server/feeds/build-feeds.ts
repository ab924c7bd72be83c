// RSS 2.0 and Atom documents of the latest articles, written by feedsmith (escaping, namespaces,
// dates). Each entry carries its article's language: xml:lang in Atom, dc:language in RSS (decision 011),
// and a title badge such as "[EN]" when it is not the feed's, for the readers that show neither (decision 040).
import { generateAtomFeed, generateRssFeed } from 'feedsmith';
import type { Article } from '../../shared/items/types';
import { buildCanonicalUrl, paths } from '../../shared/paths';
import { buildFeedContent } from './feed-content';
import { toXmlText } from './xml-text';

/** What describes the feed itself: the site, its interface language and the translated texts. */
export interface FeedChannel {
  /** SITE_URL, with a trailing slash. */
  siteUrl: string;
  lang: string;
  title: string;
  description: string;
  author: string;
  /** FEED_FULL_CONTENT: each entry carries the article's whole body (absolute URLs), not only its summary. */
  fullContent?: boolean;
  /** A tag's feed: the tag page it stands for, whose own feed URLs it announces. */
  tag?: string;
}

// A BCP 47 shape: anything else from an upstream is left out rather than written as a language.
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/;

function languageOf(article: Article): string | undefined {
  return LANGUAGE_TAG.test(article.language) ? article.language : undefined;
}

/** The title as a reader shows it: "[EN] Title" for an article in another language than the feed's. */
function badgeTitle(title: string, language: string | undefined, feedLang: string): string {
  const primary = language?.split('-')[0]?.toLowerCase();
  return primary && primary !== feedLang.toLowerCase() ? `[${primary.toUpperCase()}] ${title}` : title;
}

/** The newest article date; the build time only for a feed without articles. */
function lastUpdate(articles: Article[]): Date {
  const times = articles.map((article) => Date.parse(article.updated ?? article.date)).filter((time) => !Number.isNaN(time));
  return new Date(times.length > 0 ? Math.max(...times) : Date.now());
}

function linksOf(channel: FeedChannel) {
  const url = (path: string) => buildCanonicalUrl(channel.siteUrl, path);
  const base = channel.tag === undefined ? undefined : paths.tag(channel.tag);
  return {
    list: url(base ?? paths.articles),
    cv: url(paths.cv),
    rss: url(base ? `${base}/rss.xml` : paths.rss),
    atom: url(base ? `${base}/atom.xml` : paths.atom),
    article: (article: Article) => url(paths.article(article.id)),
  };
}

/** The channel and articles with every text stripped of what XML 1.0 does not allow. */
function cleanForXml(channel: FeedChannel, articles: Article[]): [FeedChannel, Article[]] {
  const cleanChannel = { ...channel, title: toXmlText(channel.title), description: toXmlText(channel.description), author: toXmlText(channel.author) };
  const cleanArticles = articles.map((article) => ({
    ...article,
    title: toXmlText(article.title),
    summary: toXmlText(article.summary),
    tags: article.tags.map(toXmlText),
    language: toXmlText(article.language),
  }));
  return [cleanChannel, cleanArticles];
}

export function buildRssFeed(rawChannel: FeedChannel, rawArticles: Article[]): string {
  const [channel, articles] = cleanForXml(rawChannel, rawArticles);
  const links = linksOf(channel);
  return generateRssFeed({
    title: channel.title,
    link: links.list,
    description: channel.description,
    language: channel.lang,
    lastBuildDate: lastUpdate(articles),
    atom: { links: [{ href: links.rss, rel: 'self', type: 'application/rss+xml' }] },
    items: articles.map((article) => {
      const language = languageOf(article);
      return {
        title: badgeTitle(article.title, language, channel.lang),
        link: links.article(article),
        guid: { value: links.article(article), isPermaLink: true },
        pubDate: new Date(article.date),
        description: article.summary,
        ...(channel.fullContent && { content: { encoded: buildFeedContent(channel.siteUrl, article) } }),
        categories: article.tags.map((name) => ({ name })),
        // RSS's own <author> must be an e-mail address: the name goes in dc:creator.
        dc: { creators: [channel.author], ...(language ? { languages: [language] } : {}) },
      };
    }),
  });
}

export function buildAtomFeed(rawChannel: FeedChannel, rawArticles: Article[]): string {
  const [channel, articles] = cleanForXml(rawChannel, rawArticles);
  const links = linksOf(channel);
  return generateAtomFeed({
    id: links.atom,
    title: { value: channel.title, type: 'text' },
    subtitle: { value: channel.description, type: 'text' },
    updated: lastUpdate(articles),
    links: [
      { href: links.list, rel: 'alternate', type: 'text/html' },
      { href: links.atom, rel: 'self', type: 'application/atom+xml' },
    ],
    authors: [{ name: channel.author, uri: links.cv }],
    // xml:base resolves the relative links and images of the summaries against the site.
    xml: { lang: channel.lang, base: channel.siteUrl },
    entries: articles.map((article) => {
      const language = languageOf(article);
      return {
        id: links.article(article),
        title: { value: badgeTitle(article.title, language, channel.lang), type: 'text' },
        updated: new Date(article.updated ?? article.date),
        published: new Date(article.date),
        links: [{ href: links.article(article), rel: 'alternate', type: 'text/html' }],
        summary: { value: article.summary, type: 'html' },
        ...(channel.fullContent && { content: { value: buildFeedContent(channel.siteUrl, article), type: 'html' } }),
        authors: [{ name: channel.author }],
        categories: article.tags.map((term) => ({ term })),
        ...(language ? { xml: { lang: language } } : {}),
      };
    }),
  });
}
