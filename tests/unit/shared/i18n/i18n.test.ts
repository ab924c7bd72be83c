// The translator answers keys with values from memory (decision 069): always what i18next would say.
import { describe, expect, it } from 'vitest';
import { createTranslator, type Translations } from '../../../../shared/i18n/i18n';
import { owner } from '../../../../shared/site/owner';

const translations = (): Translations => ({
  LIST: { PAGE_OF: 'Page {{page}} sur {{pages}}', COUNT_one: '{{count}} article', COUNT_other: '{{count}} articles', BY: 'par {{name}}' },
  PLAIN: 'Articles',
});

describe('createTranslator', () => {
  it('fills each key with its own values, asked once or many times, numbers or strings', () => {
    const t = createTranslator('fr', translations());
    for (let round = 0; round < 3; round++) {
      expect(t('LIST.PAGE_OF', { page: 2, pages: 63 })).toBe('Page 2 sur 63');
      expect(t('LIST.PAGE_OF', { page: 3, pages: 63 })).toBe('Page 3 sur 63');
      expect(t('LIST.PAGE_OF', { page: '2', pages: '7' })).toBe('Page 2 sur 7');
      expect(t('PLAIN')).toBe('Articles');
    }
  });

  it('chooses the plural form by count each time, and fills the owner’s name by default', () => {
    const t = createTranslator('fr', translations());
    expect(t('LIST.COUNT', { count: 1 })).toBe('1 article');
    expect(t('LIST.COUNT', { count: 2 })).toBe('2 articles');
    expect(t('LIST.COUNT', { count: 1 })).toBe('1 article');
    expect(t('LIST.BY')).toBe(`par ${owner.name}`);
    expect(t('LIST.BY', { name: 'Ada' })).toBe('par Ada');
    expect(t('LIST.BY')).toBe(`par ${owner.name}`);
  });

  it('never answers a value with another value’s text, whatever the value holds, past its memory of 4,096', () => {
    const t = createTranslator('en', translations());
    const tricky = ['a\u0000"pages":"b', '{"page":1}', '', '1', 'é'];
    for (const value of tricky) expect(t('LIST.PAGE_OF', { page: value, pages: 'x' })).toBe(`Page ${value} sur x`);
    for (let page = 0; page < 5_000; page++) expect(t('LIST.PAGE_OF', { page, pages: 5_000 })).toBe(`Page ${page} sur 5000`);
    for (const value of tricky) expect(t('LIST.PAGE_OF', { page: value, pages: 'x' })).toBe(`Page ${value} sur x`);
  });
});
