// A Docker engine of the test's own: dockerd on the vfs storage driver with its data, exec root,
// pidfile and socket in one temporary folder, so that it needs no kernel overlay support and never
// touches a daemon the machine may run. Where no registry is reachable, the base image the Dockerfile
// names is built locally: a minimal Debian (debootstrap) with this Node binary and npm (decision 049).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const DEBIAN_MIRROR = 'http://deb.debian.org/debian';
/** The machine's CA bundle: an intercepting proxy's certificate lives there, and npm ci in a build needs it. */
const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

export interface DockerEngine {
  /** Runs `docker …` against this engine; rejects with its stderr on a non-zero exit. */
  docker(args: string[], options?: { timeoutMs?: number; cwd?: string }): Promise<string>;
  /** Stops the daemon and deletes its folder. */
  stop(): Promise<void>;
}

/** Why no engine can start here, or undefined when one may. */
export function whyNoEngine(): string | undefined {
  if (process.platform !== 'linux') return `no Docker engine on ${process.platform}`;
  if (process.getuid?.() !== 0) return 'dockerd needs root, and the tests do not run as root';
  for (const binary of ['dockerd', 'docker']) {
    if (!(process.env.PATH ?? '').split(':').some((dir) => existsSync(path.join(dir, binary)))) return `${binary} is not installed (apt-get install docker.io)`;
  }
  return undefined;
}

/** Starts dockerd in a folder of its own; rejects when it does not answer within 60 s. */
export async function startDockerEngine(): Promise<DockerEngine> {
  const dir = mkdtempSync(path.join(tmpdir(), 'docker-e2e-'));
  const socket = `unix://${path.join(dir, 'docker.sock')}`;
  const daemon: ChildProcess = spawn(
    'dockerd',
    [
      '--storage-driver=vfs',
      `--data-root=${path.join(dir, 'data')}`,
      `--exec-root=${path.join(dir, 'exec')}`,
      `--pidfile=${path.join(dir, 'dockerd.pid')}`,
      `-H`,
      socket,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  daemon.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4_000)));
  const docker = async (args: string[], { timeoutMs = 600_000, cwd }: { timeoutMs?: number; cwd?: string } = {}) => {
    try {
      const { stdout } = await run('docker', ['-H', socket, ...args], { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, cwd });
      return stdout;
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new Error(`docker ${args.join(' ')}: ${(stderr || stdout || String(error)).trim().slice(-3_000)}`);
    }
  };
  const stop = async () => {
    if (daemon.exitCode === null && daemon.signalCode === null) {
      const exited = new Promise((resolve) => daemon.once('exit', resolve));
      daemon.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      if (daemon.exitCode === null && daemon.signalCode === null) daemon.kill('SIGKILL');
    }
    // dockerd leaves its network namespace mounted in its exec root: unmounted, the folder can go.
    await run('umount', [path.join(dir, 'exec', 'netns', 'default')]).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  const until = Date.now() + 60_000;
  for (;;) {
    if (daemon.exitCode !== null) {
      await stop();
      throw new Error(`dockerd exited with ${daemon.exitCode}: ${log.trim().split('\n').at(-1)}`);
    }
    if (
      await docker(['version'], { timeoutMs: 5_000 }).then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > until) {
      await stop();
      throw new Error(`dockerd did not answer within 60 s: ${log.trim().split('\n').at(-1)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { docker, stop };
}

/** npm's own folder (its package), to copy into a stand-in base image as the official images have it. */
function npmPackageDir(): string {
  const cli = process.env.npm_execpath ?? '';
  if (cli.endsWith('npm-cli.js')) return path.dirname(path.dirname(realpathSync(cli)));
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const npm = path.join(dir, 'npm');
    if (existsSync(npm)) return path.dirname(path.dirname(realpathSync(npm)));
  }
  throw new Error('npm not found');
}

/**
 * Makes `image` (e.g. node:24-bookworm-slim) available: pulled when a registry answers, else built as
 * the official image is laid out: Debian bookworm (minbase), node and npm in /usr/local, a `node` user
 * of uid 1000, and the machine's CA bundle (decision 049). Returns how it was obtained.
 */
export async function provideNodeBase(engine: DockerEngine, image: string, nodeBinary: string): Promise<'present' | 'pulled' | 'built'> {
  if (await engine.docker(['image', 'inspect', image], { timeoutMs: 10_000 }).then(...found)) return 'present';
  if (await engine.docker(['pull', '-q', image], { timeoutMs: 60_000 }).then(...found)) return 'pulled';
  const dir = mkdtempSync(path.join(tmpdir(), 'node-base-'));
  const rootfs = path.join(dir, 'rootfs');
  try {
    await run('debootstrap', ['--variant=minbase', 'bookworm', rootfs, DEBIAN_MIRROR], { timeout: 600_000, maxBuffer: 64 * 1024 * 1024 });
    copyFileSync(nodeBinary, path.join(rootfs, 'usr', 'local', 'bin', 'node'));
    mkdirSync(path.join(rootfs, 'usr', 'local', 'lib', 'node_modules'), { recursive: true });
    cpSync(npmPackageDir(), path.join(rootfs, 'usr', 'local', 'lib', 'node_modules', 'npm'), { recursive: true });
    symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(rootfs, 'usr', 'local', 'bin', 'npm'));
    symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(rootfs, 'usr', 'local', 'bin', 'npx'));
    await run('chroot', [rootfs, 'groupadd', '--gid', '1000', 'node']);
    await run('chroot', [rootfs, 'useradd', '--uid', '1000', '--gid', 'node', '--create-home', '--shell', '/bin/bash', 'node']);
    const changes = ['ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', 'CMD ["node"]'];
    if (existsSync(CA_BUNDLE)) {
      mkdirSync(path.join(rootfs, 'etc', 'ssl', 'certs'), { recursive: true });
      copyFileSync(CA_BUNDLE, path.join(rootfs, CA_BUNDLE));
      changes.push(`ENV NODE_EXTRA_CA_CERTS=${CA_BUNDLE}`);
    }
    rmSync(path.join(rootfs, 'var', 'cache', 'apt', 'archives'), { recursive: true, force: true });
    const tarball = path.join(dir, 'rootfs.tar');
    await run('tar', ['-C', rootfs, '-cf', tarball, '.'], { timeout: 300_000 });
    await engine.docker(['import', ...changes.flatMap((change) => ['--change', change]), tarball, image], { timeoutMs: 300_000 });
    return 'built';
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const found = [() => true, () => false] as const;

/** The Node binary npm scripts run on (node_modules/.bin/node, decision 048), else this process's. */
export function nodeBinaryOf(rootDir: string): string {
  const local = path.join(rootDir, 'node_modules', '.bin', 'node');
  return existsSync(local) ? realpathSync(local) : process.execPath;
}

/** The bytes of an image (`docker image inspect`'s Size). */
export async function imageBytes(engine: DockerEngine, image: string): Promise<number> {
  return Number((await engine.docker(['image', 'inspect', '--format', '{{.Size}}', image])).trim());
}
