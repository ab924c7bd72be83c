// Two processes of the built server on one CONTENT_CACHE_DIR, as PM2's cluster mode runs them
// (ecosystem.config.cjs): restarts and edits interleaved never leave an article without its search
// snippet, in either process (decision 050).
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ITEMS_API_PATH } from '../../shared/items/items-api';
import { startServer, type ServerProcess } from '../support/server-process';

const ARTICLES = 16;
const ROUNDS = 12;
const folders: string[] = [];
const running = new Set<ServerProcess>();

afterAll(async () => {
  await Promise.all([...running].map((server) => server.stop()));
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** An article whose every version holds its own word, `motcle<n>`, and the edit's number. */
function articleText(n: number, edit: number): string {
  const body = Array.from({ length: 40 }, (_, line) => `Ligne ${line} de l’article ${n}, version ${edit}, avec le mot motcle${n} au milieu.`).join('\n\n');
  return `---\nid: article-${n}\ntitle: Article ${n}\ndate: 2025-01-${String((n % 28) + 1).padStart(2, '0')}\nlanguage: fr\ntags: [Cache]\nsummary: Résumé ${n}, version ${edit}.\n---\n${body}\n`;
}

describe('a cluster of two processes on one content cache folder', () => {
  it('keeps every article searchable with its snippet through 12 interleaved restarts and edits', { timeout: 240_000 }, async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'cluster-cache-'));
    folders.push(root);
    const contentDir = path.join(root, 'content');
    await mkdir(path.join(contentDir, 'articles'), { recursive: true });
    const edits = Array.from({ length: ARTICLES }, () => 0);
    const write = (n: number) => writeFile(path.join(contentDir, 'articles', `article-${n}.md`), articleText(n, edits[n]!));
    for (let n = 0; n < ARTICLES; n += 1) await write(n);
    const env = { CONTENT_DIR: contentDir, CONTENT_CACHE_DIR: path.join(root, 'cache'), WORKER_THREADS: '1' };
    const start = async () => {
      const server = await startServer(env);
      running.add(server);
      return server;
    };
    const stop = async (server: ServerProcess) => {
      running.delete(server);
      expect(await server.stop()).toBe(0);
    };

    const servers = [await start(), await start()];
    for (let round = 0; round < ROUNDS; round += 1) {
      const which = round % 2;
      // Edits while both run, one article saved again and again (its older records die), then one
      // process restarts with another edit made while it is down or starting.
      for (const n of [0, 0, 0, (round * 5 + 3) % ARTICLES]) {
        edits[n]! += 1;
        await write(n);
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
      await stop(servers[which]!);
      const n = (round * 7 + 1) % ARTICLES;
      edits[n]! += 1;
      await write(n);
      servers[which] = await start();
    }
    // Time for the watchers of both to apply the last edits.
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const missing: string[] = [];
    for (const [at, server] of servers.entries()) {
      for (let n = 0; n < ARTICLES; n += 1) {
        const response = await fetch(`${server.url}${ITEMS_API_PATH}/search?f=motcle${n}`);
        const { hits } = (await response.json()) as { hits: { article: { id: string }; snippet?: string }[] };
        const hit = hits.find((each) => each.article.id === `article-${n}`);
        if (!hit?.snippet?.includes(`motcle${n}`)) missing.push(`process ${at}: article-${n} ${hit ? 'without its snippet' : 'not found'}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
