import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { THEMES, buildThemeBootScript, resolveTheme } from '../../../../shared/site/themes';

describe('resolveTheme', () => {
  it('has the four themes, each with an emoji, a description key, a colour mode and an accent class', () => {
    expect(THEMES.map((theme) => theme.id)).toEqual(['day_mode', 'night_mode', 'halloween', 'green']);
    for (const theme of THEMES) {
      expect(theme.name).toMatch(/\p{Extended_Pictographic}/u);
      expect(['light', 'dark']).toContain(theme.bsTheme);
      expect(theme.lbeTheme).toMatch(/^theme-/);
    }
    expect(new Set(THEMES.map((theme) => theme.lbeTheme)).size).toBe(4);
  });

  it.each(['night_mode', 'halloween', 'green', 'day_mode'])('keeps a known stored value (%s)', (id) => {
    expect(resolveTheme(id).id).toBe(id);
  });

  it.each([null, undefined, '', 'blue', 'DAY_MODE', '__proto__', 'toString'])('falls back to day_mode for %s', (stored) => {
    expect(resolveTheme(stored).id).toBe('day_mode');
  });
});

type Listener = (event: { viewTransition?: unknown; reason?: unknown; preventDefault?: () => void }) => void;

/** Runs the inline boot script against a minimal document and storage; the page's listeners in `listeners`. */
function runBootScript(stored: string | null, storageThrows = false, listeners = new Map<string, Listener>()) {
  const attributes = new Map<string, string>();
  const classes = new Set<string>();
  const documentElement = {
    setAttribute: (name: string, value: string) => attributes.set(name, value),
    classList: { add: (...names: string[]) => names.forEach((name) => classes.add(name)) },
  };
  const localStorage = {
    getItem: (key: string) => {
      if (storageThrows) throw new Error('SecurityError');
      return key === 'theme' ? stored : null;
    },
  };
  const addEventListener = (type: string, listener: Listener) => listeners.set(type, listener);
  runInNewContext(buildThemeBootScript(), { document: { documentElement }, localStorage, addEventListener });
  return { mode: attributes.get('data-bs-theme'), theme: attributes.get('data-theme'), classes: [...classes] };
}

describe('theme boot script', () => {
  it('applies the stored theme before the first paint', () => {
    // `js`: controls that need scripts show from the first paint (shared/islands).
    expect(runBootScript('halloween')).toEqual({ mode: 'dark', theme: 'halloween', classes: ['theme-halloween', 'js'] });
    expect(runBootScript('green')).toEqual({ mode: 'light', theme: 'green', classes: ['theme-green', 'js'] });
  });

  it.each([null, 'unknown', 'constructor', '__proto__'])('falls back to day_mode for a stored %s, like resolveTheme', (stored) => {
    expect(runBootScript(stored)).toEqual({ mode: 'light', theme: 'day_mode', classes: ['theme-day', 'js'] });
  });

  it('still applies day_mode when storage is blocked', () => {
    expect(runBootScript('night_mode', true).theme).toBe('day_mode');
  });

  it.each(['pageswap', 'pagereveal'])('catches what a skipped cross-fade rejects (%s), so no uncaught error shows', async (type) => {
    const listeners = new Map<string, Listener>();
    runBootScript(null, false, listeners);
    const uncaught: unknown[] = [];
    const record = (reason: unknown) => uncaught.push(reason);
    process.on('unhandledRejection', record);
    try {
      // What Chromium does when the new page was shown before the transition could start.
      const aborted = () => Promise.reject(new Error('Transition was aborted because of invalid state'));
      listeners.get(type)!({ viewTransition: { ready: aborted(), finished: aborted(), updateCallbackDone: aborted() } });
      listeners.get(type)!({ viewTransition: null });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });

  it('hides only the rejection of a cross-fade Chromium aborts without handing it to the page', () => {
    const listeners = new Map<string, Listener>();
    runBootScript(null, false, listeners);
    const hidden = (reason: unknown) => {
      let prevented = false;
      listeners.get('unhandledrejection')!({ reason, preventDefault: () => (prevented = true) });
      return prevented;
    };
    expect(hidden({ name: 'InvalidStateError', message: 'Transition was aborted because of invalid state. Page already revealed' })).toBe(true);
    expect(hidden({ name: 'InvalidStateError', message: 'Invalid state of something else' })).toBe(false);
    expect(hidden({ name: 'TypeError', message: 'Transition was aborted because of invalid state' })).toBe(false);
    expect(hidden(new Error('Transition was aborted because of invalid state'))).toBe(false);
    expect(hidden(undefined)).toBe(false);
  });
});
