// The one parse of a request target. The page cache's key and every handler read a request through
// it, so they cannot disagree: which route policy applies, the interface language (a path prefix),
// and only the query parameters that route declares, each normalised (decision 019).
import type { IncomingMessage } from 'node:http';
import { DEFAULT_LANG, LANG_PARAM, isLang, type Lang } from '../../shared/i18n/i18n';
import { readDeclaredParams } from '../../shared/items/list-query';
import { EN_PREFIX, localizePath } from '../../shared/paths';
import { canonicalizePath } from './canonical-path';
import { findRoutePolicy, type RoutePolicy } from './route-policies';

export interface RequestTarget {
  policy: RoutePolicy;
  /** The path without its language prefix, in its canonical form (percent-encoded), or as sent when it has none. */
  path: string;
  /** The interface language: `/en/…` is English, any other path French. */
  lang: Lang;
  /** The route's declared parameters, normalised; empty ones left out. Nothing else of the query. */
  params: Readonly<Record<string, string>>;
  /** What the answer depends on: the handler renders from it and the page cache keys on it. */
  url: string;
  /**
   * Where the same answer lives (answered 301): the canonical form of another spelling of the path
   * (case, slashes, dot segments, percent-encoding), or the language path of an old `?lang=` link.
   * Always a path of this site: one leading slash, never `//` or `/\\`.
   */
  redirectTo?: string;
}

const TARGET = Symbol('requestTarget');

/** The path and query of a request target, in origin form ("GET http://host/x?y" → "/x?y"); the fragment dropped. */
function toOriginForm(raw: string): string {
  const hashAt = raw.indexOf('#');
  const target = hashAt < 0 ? raw : raw.slice(0, hashAt);
  if (target.startsWith('/')) return target;
  // Absolute form (RFC 9112 §3.2.2): the host is not ours to trust, only its path and query count.
  try {
    const url = new URL(target);
    return url.pathname + url.search;
  } catch {
    return '/';
  }
}

/** Splits `/en/articles` into English and `/articles`; `/en` alone is the English home. */
function splitLang(path: string): { lang: Lang; path: string } {
  if (path === EN_PREFIX) return { lang: 'en', path: '/' };
  if (path.startsWith(`${EN_PREFIX}/`)) return { lang: 'en', path: path.slice(EN_PREFIX.length) };
  return { lang: DEFAULT_LANG, path };
}

/** Parses a raw request target (req.url). Pure: the same target gives the same answer. */
export function parseRequestTarget(raw: string): RequestTarget {
  const originForm = toOriginForm(raw);
  const queryAt = originForm.indexOf('?');
  const fullPath = queryAt < 0 ? originForm : originForm.slice(0, queryAt);
  const query = queryAt < 0 ? undefined : new URLSearchParams(originForm.slice(queryAt + 1));
  // Read as its canonical form, so that every spelling of a resource has one key; a path whose
  // percent-encoding is not UTF-8 has none (the stack answers it 400).
  const canonical = canonicalizePath(fullPath);
  const basis = canonical ?? fullPath;
  const unprefixed = findRoutePolicy(basis);
  const { lang, path } = unprefixed.localized ? splitLang(basis) : { lang: DEFAULT_LANG, path: basis };
  const policy = path === basis ? unprefixed : findRoutePolicy(path);
  // The first value counts, for the key and the page alike (`?f=a&f=b` is a search for "a").
  const { params, query: search } = readDeclaredParams(policy.params, (name) => query?.get(name) ?? '');
  const url = (policy.localized ? localizePath(path, lang) : path) + search;
  const asked = query?.get(LANG_PARAM);
  // `/en` is the English home as `/en/` is: one key already, no detour.
  const moved = canonical !== undefined && canonical !== fullPath && fullPath !== EN_PREFIX;
  // A file's query is the file's own business (`?v=` makes an image immutable): it goes along as sent.
  const movedTo = policy.kind === 'file' && queryAt >= 0 ? path + originForm.slice(queryAt) : url;
  const redirectTo = canonical === undefined ? undefined : policy.localized && isLang(asked) ? localizePath(path, asked) + search : moved ? movedTo : undefined;
  return { policy, path, lang, params, url, redirectTo };
}

// Most requests ask for a few hundred URLs again and again: their parse is remembered, within bounds
// (short URLs only, a bounded count), so a cache hit costs one map lookup.
const parsedTargets = new Map<string, RequestTarget>();
const MAX_REMEMBERED_TARGETS = 2_000;
const MAX_REMEMBERED_LENGTH = 512;

function parseRememberingTarget(raw: string): RequestTarget {
  const known = parsedTargets.get(raw);
  if (known) return known;
  const target = parseRequestTarget(raw);
  if (raw.length <= MAX_REMEMBERED_LENGTH) {
    // Oldest first out: a Map keeps insertion order.
    if (parsedTargets.size >= MAX_REMEMBERED_TARGETS) parsedTargets.delete(parsedTargets.keys().next().value!);
    parsedTargets.set(raw, target);
  }
  return target;
}

/** The request's target, parsed once and kept on the request for every later reader. */
export function readRequestTarget(req: IncomingMessage): RequestTarget {
  const holder = req as IncomingMessage & { [TARGET]?: RequestTarget };
  holder[TARGET] ??= parseRememberingTarget(holder.url ?? '/');
  return holder[TARGET];
}
