// Browser tests drive Debian's Chromium. Missing: install it when root, else stop with one line.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log('Chromium is missing: installing the Debian package (apt-get install -y chromium)…');
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    } catch {
      console.error('Could not install Chromium. Run: sudo apt-get update && sudo apt-get install -y chromium');
      process.exit(1);
    }
  } else {
    console.error('Browser tests need Chromium at /usr/bin/chromium. Run: sudo apt-get update && sudo apt-get install -y chromium');
    process.exit(1);
  }
}
