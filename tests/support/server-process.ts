// Starts the built server (dist/server/index.js) as operators do, on 127.0.0.1 and a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { rootDir } from './test-app';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Every log line the server wrote, parsed. */
  logs: Record<string, unknown>[];
  stop: () => Promise<number | null>;
}

/** `script`: another build of the server (tests/e2e/second-owner-build.test.ts), run from the project root all the same. */
export async function startServer(env: Record<string, string> = {}, script = path.join(rootDir, 'dist', 'server', 'index.js')): Promise<ServerProcess> {
  const child = spawn(process.execPath, [script], {
    cwd: rootDir,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 15 s: ${stderr}`)), 15_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${stderr}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        if (typeof entry.port === 'number' && String(entry.msg).startsWith('listening')) {
          clearTimeout(timer);
          resolve(`http://127.0.0.1:${entry.port}`);
        }
      } catch {
        // Not a log line.
      }
    });
  });
  return {
    url,
    child,
    logs,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}
