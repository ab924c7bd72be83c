// The test suite needs Debian packages: Chromium (browser tests), a Java runtime (the Nu Html Checker),
// nginx and openssl (the reverse-proxy example). Missing ones are installed when running as root;
// otherwise the suite stops with one line.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const needs = [
  { what: 'Chromium', present: () => existsSync('/usr/bin/chromium'), pkg: 'chromium' },
  { what: 'a Java runtime', present: () => commandWorks('java', ['-version']), pkg: 'default-jre-headless' },
  { what: 'nginx', present: () => existsSync('/usr/sbin/nginx'), pkg: 'nginx-light' },
  { what: 'openssl', present: () => commandWorks('openssl', ['version']), pkg: 'openssl' },
];

function commandWorks(command, args) {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const missing = needs.filter((need) => !need.present());
if (missing.length > 0) {
  const packages = missing.map((need) => need.pkg);
  const instruction = `sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.error(`The tests need ${missing.map((need) => need.what).join(' and ')}. Run: ${instruction}`);
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
