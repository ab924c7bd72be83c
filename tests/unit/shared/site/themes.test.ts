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

/** Runs the inline boot script against a minimal document and storage. */
function runBootScript(stored: string | null, storageThrows = false) {
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
  runInNewContext(buildThemeBootScript(), { document: { documentElement }, localStorage });
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
});
