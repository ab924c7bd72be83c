// `npm run dev` only (decision 041): the next server process, started ahead of the next code edit. It
// loads the packages the server bundle imports while nothing happens, then waits; after a build the
// runner (esbuild.config.mjs) tells it which bundle to load, and that bundle's start finds its packages
// loaded already (one module cache per process). Messages, in order: { preload: string[] }, { start: url }.
import { enableCompileCache } from 'node:module';

// The packages' compiled code is kept on disk (Node's compile cache): the next waiting process loads them sooner.
enableCompileCache();

interface SpareMessage {
  preload?: string[];
  start?: string;
}

let queue: Promise<unknown> = Promise.resolve();

process.on('message', (message: SpareMessage) => {
  queue = queue.then(async () => {
    for (const name of message.preload ?? []) {
      // A package that fails here fails again, with its error, when the bundle imports it.
      await import(name).catch(() => undefined);
    }
    if (message.start) await import(message.start);
  });
});

// The runner is gone (stopped, or killed): so is its server.
process.on('disconnect', () => process.exit(0));
