// The server as an operator starts it: configuration errors stop it at once, naming the variable.
import { describe, expect, it } from 'vitest';
import { startServer } from '../support/server-process';

describe('server start', () => {
  it('refuses to start with an invalid variable and says which', async () => {
    await expect(startServer({ PORT: 'eighty', SITE_URL: 'nowhere' })).rejects.toThrow(/exited with 1: Invalid configuration:\n {2}- PORT: .*\n {2}- SITE_URL: /);
  });

  it('starts, answers, and stops cleanly on SIGTERM', async () => {
    const server = await startServer();
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await server.stop()).toBe(0);
    expect(server.logs.map((line) => line.msg)).toContain('stopped');
  });
});
