import path from 'node:path';
import { rootDir } from './test-app';

/** A small, stable content folder: 4 articles, one in English, newest first: equipe-revues, http-caching, spring-batch-oeuvre, old-postgres. */
export const FIXTURE_CONTENT_DIR = path.join(rootDir, 'tests', 'fixtures', 'content');
export const FIXTURE_IDS_NEWEST_FIRST = ['equipe-revues', 'http-caching', 'spring-batch-oeuvre', 'old-postgres'];

/** Every page type, on the fixture content. */
export const FIXTURE_PAGES = {
  cv: '/architecte-logiciel-freelance-java-spring-angular',
  list: '/articles',
  'list without match': '/articles?f=kubernetes',
  'article with code': '/articles/equipe-revues',
  'English article': '/articles/http-caching',
  about: '/help/about',
  'not found': '/articles/missing',
};
