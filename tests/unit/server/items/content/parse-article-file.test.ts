import matter from 'gray-matter';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { ContentFileError, parseArticleFile, parseArticleSource, readMatter } from '../../../../../server/items/content/parse-article-file';
import { createSeededRandom } from '../../../../support/seeded-random';

const file = (frontMatter: string, body = '## Titre\n\nTexte.') => `---\n${frontMatter}\n---\n${body}\n`;
const valid = ['id: mon-article', 'title: Mon article', 'date: 2024-03-12', 'language: fr', 'tags: [Java, Spring]', 'summary: Un *résumé*.'];

function errorOf(text: string): ContentFileError {
  try {
    parseArticleFile('content/articles/x.md', text);
  } catch (error) {
    if (error instanceof ContentFileError) return error;
    throw error;
  }
  throw new Error('expected a ContentFileError');
}

describe('parseArticleFile', () => {
  it('turns front matter and Markdown into an article', () => {
    const article = parseArticleFile(
      'x.md',
      file([...valid, 'images: [/images/a.svg, /images/b.svg]'].join('\n'), '## Titre\n\n```java\nint a;\n```\n\n<kbd>Ctrl</kbd>'),
    );
    expect(article).toMatchObject({
      id: 'mon-article',
      title: 'Mon article',
      date: '2024-03-12',
      language: 'fr',
      tags: ['Java', 'Spring'],
      images: ['/images/a.svg', '/images/b.svg'],
    });
    expect(article.summary).toBe('Un <em>résumé</em>.');
    expect(article.body).toContain('<h2>Titre</h2>');
    expect(article.body).toContain('<code class="language-java">');
    expect(article.body).toContain('<kbd>Ctrl</kbd>');
  });

  it('accepts a single image, a numeric id and a date-time', () => {
    const article = parseArticleFile(
      'x.md',
      file(['id: 42', 'title: T', 'date: 2024-03-12T10:30:00Z', 'language: en', 'image: /images/a.svg', 'summary: S'].join('\n')),
    );
    expect(article).toMatchObject({ id: '42', images: ['/images/a.svg'], date: '2024-03-12T10:30:00.000Z', tags: [] });
  });

  it.each([
    ['title', valid.filter((line) => !line.startsWith('title'))],
    ['date', valid.map((line) => (line.startsWith('date') ? 'date: le 12 mars' : line))],
    ['id', valid.map((line) => (line.startsWith('id') ? 'id: ../../etc/passwd' : line))],
    ['language', valid.map((line) => (line.startsWith('language') ? 'language: Français' : line))],
    ['summary', valid.filter((line) => !line.startsWith('summary'))],
    ['tags', [...valid.filter((line) => !line.startsWith('tags')), 'tags: {a: 1}']],
  ])('names the field at fault: %s', (field, lines) => {
    const error = errorOf(file(lines.join('\n')));
    expect(error.field).toBe(field);
    expect(error.message).toMatch(new RegExp(`^content/articles/x\\.md: ${field}: `));
  });

  it('reports broken YAML as a front matter error', () => {
    expect(errorOf('---\ntitle: [unclosed\n---\nbody').field).toBe('front matter');
  });

  it('refuses executable front matter', () => {
    expect(errorOf('---js\n{ title: require("fs") }\n---\nbody').field).toBe('front matter');
  });

  it('gives the index the same words whether the body is rendered or not, links included', () => {
    const text = file(
      valid.join('\n'),
      '## Voir www.exemple.fr\n\nLire https://exemple.fr/a?b=1 et <https://x.org>, ou [la doc](https://y.org).\n\n```sh\ncurl https://z.org\n```',
    );
    const rendered = parseArticleSource('x.md', text);
    const forIndex = parseArticleSource('x.md', text, { renderBody: false });
    expect(rendered.article.body).toContain('<a href="https://exemple.fr/a?b=1">');
    expect(forIndex.article.body).toBe('');
    expect(forIndex.text).toEqual(rendered.text);
    expect(forIndex.text.body).toContain('https://exemple.fr/a?b=1');
    expect(forIndex.text.headings).toBe('Voir www.exemple.fr');
  });
});

describe('strict front matter, every problem at its place', () => {
  it('refuses an unknown key, with the known key it is close to', () => {
    const problems = errorOf(file([...valid, 'drafts: true', 'colour: red'].join('\n'))).problems;
    expect(problems.map(({ line, column, kind, message }) => ({ line, column, kind, message }))).toEqual([
      { line: 8, column: 1, kind: 'unknown-key', message: 'unknown key "drafts" (did you mean "draft"?)' },
      { line: 9, column: 1, kind: 'unknown-key', message: 'unknown key "colour"' },
    ]);
  });

  it('reports every problem of a file at once, each with its kind and line', () => {
    const lines = valid.map((line) => (line.startsWith('date') ? 'date: 2024-13-01' : line.startsWith('language') ? 'language: de' : line));
    const problems = errorOf(file([...lines.filter((line) => !line.startsWith('title')), 'tagz: [a]'].join('\n'))).problems;
    expect(problems.map(({ line, kind, field }) => [line, kind, field])).toEqual([
      [7, 'unknown-key', 'tagz'],
      // Missing: where it would go, the closing ---.
      [8, 'missing-field', 'title'],
      [3, 'invalid-date', 'date'],
      [4, 'invalid-language', 'language'],
    ]);
  });

  it('places a YAML error on the line and column of the file, not one line off', () => {
    const [problem] = errorOf('---\nid: a\ntitle: T\nlanguage: fr: en\n---\nbody\n').problems;
    expect(problem).toMatchObject({ line: 4, column: 13, kind: 'front-matter-syntax' });
  });

  it('knows translationKey and aliases, and checks their shape', () => {
    expect(() => parseArticleFile('x.md', file([...valid, 'translationKey: plans', 'aliases: [ancien-id, 42]'].join('\n')))).not.toThrow();
    const problems = errorOf(file([...valid, 'translationKey: [a]', 'aliases: [../x]'].join('\n'))).problems;
    expect(problems.map(({ line, field }) => [line, field])).toEqual([
      [8, 'translationKey'],
      [9, 'aliases.0'],
    ]);
  });

  it('reads links, images and heading anchors where they are written', () => {
    const body = '# Intro\n\n## Mise en œuvre\n\nVoir [ici](#1-1-mise-en-oeuvre) et ![Un schéma](/images/é.png).\n';
    const { refs } = parseArticleSource('x.md', file(valid.join('\n'), body), { renderBody: false, readRefs: true });
    expect(refs?.anchors).toEqual(['1-intro', '1-1-mise-en-oeuvre']);
    expect(refs?.links).toEqual([{ target: '#1-1-mise-en-oeuvre', line: 13, column: 12 }]);
    expect(refs?.images).toEqual([{ target: '/images/%C3%A9.png', line: 13, column: 49, alt: 'Un schéma' }]);
  });
});

describe('translationKey and aliases', () => {
  it('reads the translation key and the former ids, one or a list', () => {
    const parsed = parseArticleSource('x.md', file([...valid, 'translationKey: cache-http', 'aliases: [ancien-id, 42]'].join('\n')));
    expect(parsed).toMatchObject({ translationKey: 'cache-http', aliases: ['ancien-id', '42'] });
    expect(parseArticleSource('x.md', file([...valid, 'aliases: ancien-id'].join('\n'))).aliases).toEqual(['ancien-id']);
    // Neither is part of the article the items API serves.
    expect(parsed.article).not.toHaveProperty('aliases');
    expect(parsed.article).not.toHaveProperty('translationKey');
  });

  it.each([
    ['aliases: ["../etc"]', 'aliases.0'],
    ['aliases: mon-article', 'aliases'],
    ['aliases: {a: 1}', 'aliases'],
    ['translationKey: ""', 'translationKey'],
  ])('names the field of a bad value: %s', (line, field) => {
    expect(errorOf(file([...valid, line].join('\n'))).field).toBe(field);
  });
});

// Decision 071: gray-matter is given only the front matter, cut where it would cut it; the data and the
// body must be what gray-matter makes of the whole file.
describe('readMatter', () => {
  const refuse = () => {
    throw new Error('executable front matter is not allowed, use YAML');
  };
  const options = {
    engines: { yaml: (text: string) => (yaml.load(text, { schema: yaml.JSON_SCHEMA }) as object | null) ?? {}, js: refuse, javascript: refuse },
  };
  const whole = (text: string) => {
    try {
      const { data, content } = matter(text, options);
      return { data, content };
    } catch (error) {
      return { error: (error as Error).message };
    }
  };
  const cut = (text: string) => {
    try {
      const { data, content } = readMatter(text);
      return { data, content };
    } catch (error) {
      return { error: (error as Error).message };
    }
  };
  const pieces = [
    '---',
    '----',
    '---yaml',
    '---js',
    '--- ',
    '\n',
    '\r\n',
    '\r',
    '\ufeff',
    'title: A',
    'id: x',
    '# note',
    '',
    'a: [1, 2]',
    ' ',
    '---x',
    '\n\n',
    'Body text',
    ': bad',
  ];
  const random = createSeededRandom(710);

  it('reads what gray-matter reads of the whole file, on random files', () => {
    for (let round = 0; round < 5_000; round += 1) {
      const text = Array.from({ length: random(10) }, () => pieces[random(pieces.length)]!).join('');
      expect(cut(text), JSON.stringify(text)).toEqual(whole(text));
    }
  });

  it('reads what gray-matter reads of the site’s articles', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const dir = 'content/articles';
    for (const name of (await readdir(dir)).filter((each) => each.endsWith('.md'))) {
      const text = await readFile(`${dir}/${name}`, 'utf8');
      expect(cut(text), name).toEqual(whole(text));
    }
  });
});
