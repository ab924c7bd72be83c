// Debian packages the project's commands need: the test suite (Chromium for browser tests, a Java
// runtime for the Nu Html Checker, nginx and openssl for the reverse-proxy example) and the benchmark
// (wrk). Missing ones are installed when running as root; otherwise the command stops with one line.
// Usage: node tests/support/ensure-system-deps.mjs [test | bench]
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureNode } from './ensure-node.mjs';

ensureNode();

const NEEDS = {
  test: {
    purpose: 'The tests',
    needs: [
      { what: 'Chromium', present: () => existsSync('/usr/bin/chromium'), pkg: 'chromium' },
      { what: 'a Java runtime', present: () => commandWorks('java', ['-version']), pkg: 'default-jre-headless' },
      { what: 'nginx', present: () => existsSync('/usr/sbin/nginx'), pkg: 'nginx-light' },
      { what: 'openssl', present: () => commandWorks('openssl', ['version']), pkg: 'openssl' },
    ],
  },
  bench: {
    purpose: 'The benchmark',
    // wrk -v prints its version and exits 1: that it runs is enough.
    needs: [{ what: 'wrk (the load generator)', present: () => commandWorks('wrk', ['-v'], { anyExit: true }), pkg: 'wrk' }],
  },
};

function commandWorks(command, args, { anyExit = false } = {}) {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch (error) {
    return anyExit && typeof error.status === 'number';
  }
}

const { purpose, needs } = NEEDS[process.argv[2] ?? 'test'] ?? NEEDS.test;
const missing = needs.filter((need) => !need.present());
if (missing.length > 0) {
  const packages = missing.map((need) => need.pkg);
  const instruction = `sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.error(`${purpose} need ${missing.map((need) => need.what).join(' and ')}. Run: ${instruction}`);
    process.exit(1);
  }
  console.log(`Installing ${packages.join(', ')} (apt-get install -y ${packages.join(' ')})…`);
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
  } catch {
    console.error(`Could not install ${packages.join(' ')}. Run: ${instruction}`);
    process.exit(1);
  }
}
