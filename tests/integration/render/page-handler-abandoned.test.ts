// A visitor who leaves while the page loads (decision 085): no error is logged, the page is not
// rendered for nobody, and the next visitor gets what the load brought. The article page is counted.
import { once } from 'node:events';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import * as articlePage from '../../../shared/pages/article-page';
import { UPSTREAM_BASE_PATH, sendJson, startFakeUpstream } from '../../support/fake-upstream';
import { createRecordingLogger, createTestApp } from '../../support/test-app';

vi.mock('../../../shared/pages/article-page', async (importOriginal) => {
  const original = await importOriginal<typeof articlePage>();
  return { ...original, ArticlePage: vi.fn(original.ArticlePage) };
});

describe('a visitor who leaves while the page loads', () => {
  it('is no error: nothing is logged as one, its page is not rendered, and the next visitor gets the page the load brought', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const upstream = await startFakeUpstream(async (_req, res, url) => {
      if (url.pathname !== `${UPSTREAM_BASE_PATH}/items/42`) return sendJson(res, 200, []);
      await held;
      sendJson(res, 200, { id: 42, tit: 'Un article lent', date_m: '2024-01-01', sum: '', ctn: '<p>Corps</p>', lg: 'fr' });
    });
    const recorder = createRecordingLogger();
    const slow = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl }, recorder.logger);
    const server = createServer(slow.app).listen(0, '127.0.0.1');
    try {
      await once(server, 'listening');
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.write('GET /articles/42 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await vi.waitFor(() => expect(upstream.calls).toContain(`${UPSTREAM_BASE_PATH}/items/42`), { timeout: 5_000, interval: 20 });
      socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      vi.mocked(articlePage.ArticlePage).mockClear();
      const page = await request(server).get('/articles/42').expect(200);
      expect(page.text).toContain('Un article lent');
      // One render, the second visitor's: the page of the one who left was not made for nobody.
      expect(vi.mocked(articlePage.ArticlePage)).toHaveBeenCalledTimes(1);
      // The article was asked for once: the second visitor got what the first one's load brought.
      expect(upstream.calls.filter((call) => call === `${UPSTREAM_BASE_PATH}/items/42`)).toHaveLength(1);
      expect(recorder.lines().filter((line) => Number(line.level) >= 50)).toEqual([]);
    } finally {
      server.close();
      await slow.close();
      await upstream.close();
    }
  });
});
