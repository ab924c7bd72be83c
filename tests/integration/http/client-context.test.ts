// The client context follows a request's work through its promises and timers; it must not keep the
// request alive after its answer is sent (each connection's idle timer is armed inside it), and work
// that outlives the answer must still learn that the answer is gone.
import express from 'express';
import { Agent, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { readCurrentClient, trackClient, waitForCurrentResponse } from '../../../server/http/client-context';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

let server: Server | undefined;
const agent = new Agent({ keepAlive: true });
afterEach(async () => {
  agent.destroy();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serve(app: express.Express): Promise<string> {
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server!.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function fetchKeptAlive(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

describe('client context', () => {
  it('lets a sent answer go while its connection stays open', async () => {
    const sent: WeakRef<object>[] = [];
    const app = express();
    app.use(trackClient);
    app.get('/', (_req, res) => {
      // What a page's request carries: its data, hung on the response.
      res.locals.page = { html: 'x'.repeat(100_000) };
      sent.push(new WeakRef(res));
      res.send(readCurrentClient());
    });
    const url = await serve(app);
    expect(await fetchKeptAlive(url)).toBe('127.0.0.1');
    expect(await fetchKeptAlive(url)).toBe('127.0.0.1');
    // The connection is still open (kept alive, its idle timer armed by the last answer).
    expect(agent.freeSockets[Object.keys(agent.freeSockets)[0]!]).toHaveLength(1);
    for (let round = 0; round < 5 && sent.some((ref) => ref.deref()); round += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      collectGarbage();
    }
    expect(sent.map((ref) => ref.deref() === undefined)).toEqual([true, true]);
  });

  it('tells work that outlives its answer that the answer is sent', async () => {
    let later: Promise<string> | undefined;
    const app = express();
    app.use(trackClient);
    app.get('/', (_req, res) => {
      res.send('sent');
      later = new Promise((resolve) =>
        setTimeout(() => {
          const waited = waitForCurrentResponse();
          resolve(waited ? waited.then(() => 'resolved') : 'outside a request');
        }, 20),
      );
    });
    expect(await fetchKeptAlive(await serve(app))).toBe('sent');
    expect(await later).toBe('resolved');
    expect(waitForCurrentResponse()).toBeUndefined();
  });

  it('waits for an answer still being made', async () => {
    const steps: string[] = [];
    const app = express();
    app.use(trackClient);
    app.get('/', (_req, res) => {
      void waitForCurrentResponse()!.then(() => steps.push('answer gone'));
      setTimeout(() => {
        steps.push('sending');
        res.send('done');
      }, 20);
    });
    expect(await fetchKeptAlive(await serve(app))).toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(steps).toEqual(['sending', 'answer gone']);
  });
});
