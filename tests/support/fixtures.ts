import path from 'node:path';
import { rootDir } from './test-app';

/** A small, stable content folder: 4 articles, one in English, newest first: equipe-revues, http-caching, spring-batch-oeuvre, old-postgres. */
export const FIXTURE_CONTENT_DIR = path.join(rootDir, 'tests', 'fixtures', 'content');
export const FIXTURE_IDS_NEWEST_FIRST = ['equipe-revues', 'http-caching', 'spring-batch-oeuvre', 'old-postgres'];
