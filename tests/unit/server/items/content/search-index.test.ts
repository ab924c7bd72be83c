import { describe, expect, it } from 'vitest';
import { buildIndexDocument, findPhrase, SearchIndex, typoBudget } from '../../../../../server/items/content/search-index';
import { foldedWords, foldText, isStopWord, normalizeSearchKey, stemWord } from '../../../../../server/items/content/text-analysis';
import { createSeededRandom } from '../../../../support/seeded-random';

interface Fixture {
  title: string;
  language?: string;
  tags?: string[];
  headings?: string;
  summary?: string;
  body?: string;
  code?: string;
  date?: string;
}

// Each article is written here: titles, tags, headings, summaries and bodies chosen for one behaviour.
const articles: Record<string, Fixture> = {
  'pg-title': { title: 'PostgreSQL : lire un plan', tags: ['SQL'], date: '2020-01-01', body: 'Un plan se lit de bas en haut.' },
  'pg-tag': { title: 'Indexer une base', tags: ['PostgreSQL'], date: '2021-01-01', body: 'Les index B-tree.' },
  'pg-heading': { title: 'Mesurer une base', headings: 'Le cas PostgreSQL', date: '2022-01-01', body: 'On mesure.' },
  'pg-summary': { title: 'Sauvegarder une base', summary: 'Avec pg_dump et PostgreSQL.', date: '2023-01-01', body: 'On sauvegarde.' },
  'linux-body': { title: 'Diagnostiquer un serveur Linux', tags: ['Linux'], date: '2025-01-01', body: 'Le serveur héberge aussi PostgreSQL, entre autres.' },
  optim: {
    title: "L'optimisation des requêtes",
    tags: ['Performance'],
    date: '2019-05-01',
    body: "L'architecture d'une application compte. Une requête <script>alert(1)</script> & co.",
  },
  cache: { title: 'HTTP responses', language: 'en', tags: ['HTTP', 'Cache'], date: '2024-06-01', body: 'Responses are cached by proxies and browsers.' },
  spring: { title: 'Spring Security', tags: ['Spring', 'Sécurité'], date: '2024-02-01', body: 'L’équipe sécurité valide les jetons JWT.' },
  oeuvre: { title: 'Mise en œuvre de Spring Batch', tags: ['Spring'], date: '2018-01-01', body: 'Le chunk et les partitions.' },
  securite: { title: 'Les mots de la securite', tags: ['Vocabulaire'], date: '2017-01-01', body: 'Sécurité est un mot.' },
};

function buildIndex() {
  const texts = new Map<string, { text: string; language: string }>();
  const index = new SearchIndex({ isVisible: () => true, textOf: (id) => texts.get(id) });
  for (const [id, fixture] of Object.entries(articles)) {
    const language = fixture.language ?? 'fr';
    const text = {
      title: fixture.title,
      tags: fixture.tags ?? [],
      headings: fixture.headings ?? '',
      summary: fixture.summary ?? '',
      body: fixture.body ?? '',
      code: fixture.code ?? '',
    };
    index.set(buildIndexDocument(id, Date.parse(fixture.date ?? '2020-01-01'), language, text));
    texts.set(id, { text: `${text.summary}\n\n${text.body}`, language });
  }
  return index;
}
const index = buildIndex();
const ids = (text: string, extra: { tag?: string; sort?: 'relevance' | 'date' } = {}) =>
  index.search({ text, ...extra, pageSize: 100 }).hits.map((hit) => hit.id);

describe('search index: relevance', () => {
  it('ranks title above tags, tags above headings, headings above summary, summary above body', () => {
    expect(ids('postgresql')).toEqual(['pg-title', 'pg-tag', 'pg-heading', 'pg-summary', 'linux-body']);
  });

  it('orders by date, newest first, when asked', () => {
    expect(ids('postgresql', { sort: 'date' })).toEqual(['linux-body', 'pg-summary', 'pg-heading', 'pg-tag', 'pg-title']);
  });

  it('requires every word to match', () => {
    expect(ids('spring jwt')).toEqual(['spring']);
    expect(ids('spring explain')).toEqual([]);
  });
});

describe('search index: word forms', () => {
  it('stems French: optimiser finds "optimisation"', () => {
    expect(ids('optimiser')).toEqual(['optim']);
  });

  it('stems English: caching finds "cached"', () => {
    expect(ids('caching')).toEqual(['cache']);
  });

  it('folds case, accents and ligatures', () => {
    expect(ids('EQUIPE')).toEqual(['spring']);
    expect(ids('oeuvre')).toEqual(['oeuvre']);
    expect(ids('œuvre')).toEqual(['oeuvre']);
    expect(ids('sécurité').sort()).toEqual(['securite', 'spring']);
  });

  it("drops French elisions, straight or curly: l'architecture, l’architecture", () => {
    expect(ids("l'architecture")).toEqual(['optim']);
    expect(ids('l’architecture')).toEqual(['optim']);
    expect(ids("qu'architecture")).toEqual(['optim']);
  });

  it('matches the beginning of the last word only, as one types', () => {
    expect(ids('postgr')).toContain('pg-title');
    expect(ids('diagnost')).toEqual(['linux-body']);
    expect(ids('diagnostiquer serv')).toEqual(['linux-body']);
    expect(ids('serv diagnostiquer')).toEqual([]);
  });

  it('tolerates one typo from 5 letters, two from 9, none below 5', () => {
    expect(ids('postgrsql')).toContain('pg-title');
    expect(ids('postgrsqll')).toContain('pg-title');
    expect(ids('chunc')).toEqual(['oeuvre']);
    expect(ids('jwx')).toEqual([]);
    expect([typoBudget('jwt'), typoBudget('chunk'), typoBudget('postgresq'), typoBudget('abcdefgh')]).toEqual([0, 1, 2, 1]);
  });
});

describe('search index: typos only where needed', () => {
  it('keeps a correctly spelt word from bringing in look-alikes', () => {
    const small = new SearchIndex({ isVisible: () => true });
    const add = (id: string, title: string) => small.set(buildIndexDocument(id, 0, 'en', { title, tags: [], headings: '', summary: '', body: '', code: '' }));
    add('spring', 'Spring configuration');
    add('string', 'String formatting');
    expect(small.search({ text: 'spring' }).hits.map((hit) => hit.id)).toEqual(['spring']);
    expect(
      small
        .search({ text: 'sxring' })
        .hits.map((hit) => hit.id)
        .sort(),
    ).toEqual(['spring', 'string']);
  });
});

describe('search index: edits and the saved form', () => {
  const docOf = (id: string, title: string, time = 0) =>
    buildIndexDocument(id, time, 'fr', { title, tags: ['Tag'], headings: '', summary: '', body: `Corps de ${title}`, code: '' });

  it('answers the same after many replacements and removals', () => {
    const edited = new SearchIndex({ isVisible: () => true });
    for (let round = 0; round < 5; round += 1) {
      for (let n = 0; n < 100; n += 1) edited.set(docOf(`a${n}`, n % 2 === 0 ? `Pair ${round}` : `Impair ${round}`, n));
    }
    for (let n = 0; n < 100; n += 10) edited.remove(`a${n}`);
    const fresh = new SearchIndex({ isVisible: () => true });
    for (let n = 0; n < 100; n += 1) if (n % 10 !== 0) fresh.set(docOf(`a${n}`, n % 2 === 0 ? 'Pair 4' : 'Impair 4', n));
    // Phrases too: each article's pairs of adjacent stems follow it through the vacuum (decision 058).
    for (const text of ['pair', 'impair', 'corps', 'pair 4', 'pair 3', '', '"corps pair"', '"pair corps"', '"corps impair 4"']) {
      expect(edited.search({ text, pageSize: 100 })).toEqual(fresh.search({ text, pageSize: 100 }));
    }
    expect(edited.size).toBe(90);
  });

  // Decision 066: each article's tag numbers are runs of one typed array, emptied on removal and renumbered by the vacuum.
  it('keeps each article its tags through replacements, removals, the vacuum and the saved form', () => {
    const tagsOf = (n: number, round: number) => [[], ['Java'], ['Java', 'Go'], ['Go', 'Rust', 'java'], [`Seul ${round}`]][n % 5]!;
    const docWith = (n: number, round: number) =>
      buildIndexDocument(`a${n}`, n, 'fr', { title: `Titre ${n % 7}`, tags: tagsOf(n, round), headings: '', summary: '', body: `Corps ${n % 3}`, code: '' });
    const edited = new SearchIndex({ isVisible: () => true });
    for (let round = 0; round < 5; round += 1) for (let n = 0; n < 100; n += 1) edited.set(docWith(n, round));
    for (let n = 0; n < 100; n += 10) edited.remove(`a${n}`);
    const fresh = new SearchIndex({ isVisible: () => true });
    for (let n = 0; n < 100; n += 1) if (n % 10 !== 0) fresh.set(docWith(n, 4));
    const loaded = new SearchIndex({ isVisible: () => true });
    loaded.load(JSON.parse(JSON.stringify(edited.toJSON())) as ReturnType<SearchIndex['toJSON']>);
    for (const index of [edited, loaded]) {
      for (const tag of [undefined, 'Java', 'go', 'Rust', 'Seul 4', 'Seul 3']) {
        for (const text of ['', 'titre', 'corps 1']) expect(index.search({ text, tag, pageSize: 100 })).toEqual(fresh.search({ text, tag, pageSize: 100 }));
      }
    }
    // Related articles score by postings, which a removal leaves until the vacuum: the saved form has none left.
    for (const id of ['a1', 'a2', 'a3', 'a4', 'a13']) {
      const related = fresh.related(id, ['java', 'go', 'titr', '2'], 10, new Set());
      expect(related.length).toBeGreaterThan(3);
      expect(loaded.related(id, ['java', 'go', 'titr', '2'], 10, new Set())).toEqual(related);
    }
  });

  // Decision 075: each article's answer to a phrase is kept, and forgotten at any change of the index.
  it('answers a phrase asked again as the first time, whatever was asked before and after each edit', () => {
    const docWith = (id: string, body: string, tag: string) =>
      buildIndexDocument(id, 0, 'fr', { title: 'T', tags: [tag], headings: '', summary: '', body, code: '' });
    const bodies: [string, string, string][] = [
      ['a', 'le garbage collector tourne', 'Java'],
      ['b', 'un collector de garbage', 'Java'],
      ['c', 'garbage collector et ramasse', 'Go'],
      ['d', 'rien ici', 'Go'],
    ];
    const asked = new SearchIndex({ isVisible: () => true });
    for (const [id, body, tag] of bodies) asked.set(docWith(id, body, tag));
    const found = (index: SearchIndex, tag?: string) =>
      index
        .search({ text: '"garbage collector"', tag, pageSize: 100 })
        .hits.map((hit) => hit.id)
        .sort();
    // Asked under a tag first: only that tag's articles were checked, the others are checked when asked.
    expect(found(asked, 'Go')).toEqual(['c']);
    expect(found(asked)).toEqual(['a', 'c']);
    expect(asked.search({ text: 'ramasse -"garbage collector"' }).total).toBe(0);
    // Edits: the kept answers of the edited article, and of every other, are forgotten.
    asked.set(docWith('a', 'le collector et le garbage', 'Java'));
    asked.set(docWith('b', 'un garbage collector enfin', 'Java'));
    expect(found(asked)).toEqual(['b', 'c']);
    asked.remove('c');
    expect(found(asked)).toEqual(['b']);
    asked.set(docWith('d', 'garbage collector partout', 'Go'));
    expect(found(asked, 'Go')).toEqual(['d']);
    expect(found(asked)).toEqual(['b', 'd']);
    const fresh = new SearchIndex({ isVisible: () => true });
    fresh.set(docWith('a', 'le collector et le garbage', 'Java'));
    fresh.set(docWith('b', 'un garbage collector enfin', 'Java'));
    fresh.set(docWith('d', 'garbage collector partout', 'Go'));
    for (const text of ['"garbage collector"', '"collector garbage"', 'garbage -"garbage collector"', '"garbage collector" OR rien']) {
      expect(asked.search({ text, pageSize: 100 })).toEqual(fresh.search({ text, pageSize: 100 }));
    }
  });

  // Decision 070: an excluded word walks its postings over the candidates, nothing scored.
  it('drops exactly the articles having an excluded word as typed, keeping the order of the rest', () => {
    const vocabulary = ['kafka', 'postgres', 'thread', 'vacuum', 'journal', 'signal', 'memoire', 'proxy'];
    const random = createSeededRandom(70);
    const corpus = new SearchIndex({ isVisible: () => true });
    const words = new Map<string, Set<string>>();
    for (let n = 0; n < 300; n += 1) {
      // By a prime first: the generator's low bits repeat every few draws.
      const pick = () => vocabulary[random(997) % vocabulary.length]!;
      const title = `${pick()} ${pick()}`;
      const body = Array.from({ length: 1 + (random(997) % 6) }, pick).join(' ');
      words.set(`a${n}`, new Set(`${title} ${body}`.split(' ')));
      corpus.set(buildIndexDocument(`a${n}`, n, 'fr', { title, tags: ['T'], headings: '', summary: '', body, code: '' }));
    }
    // Every match by rank, page after page.
    const found = (text: string) => [1, 2, 3].flatMap((page) => corpus.search({ text, pageSize: 100, page }).hits.map((hit) => hit.id));
    const all = (text: string) => corpus.listIds(text);
    for (const [kept, dropped, other] of [
      ['kafka', 'thread', 'proxy'],
      ['signal', 'vacuum', 'journal'],
      ['postgres', 'memoire', 'kafka'],
    ] as const) {
      const without = (ids: string[], ...gone: string[]) => ids.filter((id) => gone.every((word) => !words.get(id)!.has(word)));
      expect(found(`${kept} -${dropped}`)).toEqual(without(found(kept), dropped));
      expect(all(`${kept} -${dropped} -${other}`)).toEqual(without(all(kept), dropped, other));
      expect(all(`${kept} -${dropped}`).length).toBeGreaterThan(0);
      expect(all(`${kept} -${dropped}`).length).toBeLessThan(all(kept).length);
      // As typed: neither a completion nor a typo of the excluded word drops anything.
      expect(all(`${kept} -${dropped.slice(0, 4)}`)).toEqual(all(kept));
      expect(all(`${kept} -${dropped[1]}${dropped[0]}${dropped.slice(2)}`)).toEqual(all(kept));
    }
  });

  // Decision 070: the query code is run before the first reader asks; nothing it asked is kept.
  it('answers the same after a warm-up as an index never asked, before and after edits', () => {
    const docWith = (id: string, title: string, body: string, time: number) =>
      buildIndexDocument(id, time, 'fr', { title, tags: [time % 2 === 0 ? 'Pair' : 'Impair'], headings: '', summary: '', body, code: '' });
    const texts = new Map<string, { text: string; language: string }>();
    let reads = 0;
    const textOf = (id: string) => {
      reads += 1;
      return texts.get(id);
    };
    const vocabulary = ['garbage', 'collector', 'latence', 'partition', 'journal', 'transaction', 'memoire', 'signal'];
    const random = createSeededRandom(29);
    const fill = (...indexes: SearchIndex[]) => {
      for (let n = 0; n < 120; n += 1) {
        const title = `${vocabulary[random(997) % 8]!} ${vocabulary[random(997) % 8]!}`;
        const body = Array.from({ length: 1 + (random(997) % 12) }, () => vocabulary[random(997) % 8]!).join(' ');
        texts.set(`a${n}`, { text: body, language: 'fr' });
        for (const index of indexes) index.set(docWith(`a${n}`, title, body, n));
      }
    };
    const warmed = new SearchIndex({ isVisible: () => true, textOf });
    const fresh = new SearchIndex({ isVisible: () => true, textOf });
    fill(warmed, fresh);
    reads = 0;
    warmed.warmUp(1);
    // It asked for snippets, so their code ran too.
    expect(reads).toBeGreaterThan(0);
    const queries = ['garbage', 'garb', 'garbag', 'gabrage', '"garbage collector"', 'garbage -collector', 'latence OR journal -"garbage collector"', ''];
    const same = () => {
      for (const text of queries) {
        for (const extra of [{}, { tag: 'Pair', page: 2, pageSize: 5 }, { sort: 'date' as const }]) {
          expect(warmed.search({ text, pageSize: 100, ...extra })).toEqual(fresh.search({ text, pageSize: 100, ...extra }));
        }
      }
    };
    same();
    fill(warmed, fresh);
    warmed.remove('a3');
    fresh.remove('a3');
    warmed.warmUp(1);
    same();
  });

  // Article numbers are kept in 16 bits below 65,536 articles, then every postings array widens.
  it('finds articles numbered past 65,535, before and after a save and load', () => {
    const field = (stems: string) => ({ stems, counts: stems === '' ? [] : stems.split('\n').map(() => 1) });
    const many = new SearchIndex({ isVisible: () => true });
    for (let n = 0; n < 65_600; n += 1) {
      const title = n % 1_000 === 0 || n === 65_599 ? 'rare\ncommun' : 'commun';
      many.set({
        id: `a${n}`,
        time: n,
        tags: [],
        terms: { title: field(title), tags: field(''), headings: field(''), summary: field(''), body: field('') },
        surfaces: '',
        pairs: '',
      });
    }
    const rare = (index: SearchIndex) => index.listIds('rare').sort();
    const expected = [...Array.from({ length: 66 }, (_, k) => `a${k * 1_000}`), 'a65599'].sort();
    expect(rare(many)).toEqual(expected);
    expect(many.search({ text: 'commun' }).total).toBe(65_600);
    const restored = new SearchIndex({ isVisible: () => true });
    restored.load(JSON.parse(JSON.stringify(many.toJSON())) as ReturnType<SearchIndex['toJSON']>);
    expect(rare(restored)).toEqual(expected);
  });

  it('saves and loads to the same answers, and refuses a saved form it does not know', () => {
    const restored = new SearchIndex({ isVisible: () => true, textOf: () => undefined });
    restored.load(JSON.parse(JSON.stringify(index.toJSON())) as ReturnType<SearchIndex['toJSON']>);
    // A two-word phrase needs no text: its pairs were saved with the index.
    expect(ids('"serveur héberge"')).toEqual(['linux-body']);
    for (const text of ['postgresql', 'base', 'spring jwt', 'postgrsql', 'serveru', '', '"serveur héberge"', '"héberge serveur"']) {
      expect(restored.search({ text, pageSize: 100 }).hits.map((hit) => hit.id)).toEqual(ids(text));
    }
    expect(() => restored.load({ mini: {} } as unknown as ReturnType<SearchIndex['toJSON']>)).toThrow(/format/);
  });
});

describe('search index: what a result shows', () => {
  it('highlights where it matched, escaping the text', () => {
    const [hit] = index.search({ text: 'requête' }).hits;
    expect(hit?.snippet).toContain('<mark>requête</mark>');
    expect(hit?.snippet).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; co.');
    expect(hit?.snippet).not.toContain('<script>');
  });

  it('never passes HTML from the query into a snippet', () => {
    const answer = index.search({ text: '<b>requête</b>' });
    expect(answer.hits.map((hit) => hit.snippet).join('')).not.toContain('<b>');
  });

  it('cuts a snippet of about 200 characters around the match', () => {
    const long = new SearchIndex({
      isVisible: () => true,
      textOf: () => ({ text: `${'avant '.repeat(100)}PostgreSQL ${'après '.repeat(100)}`, language: 'fr' }),
    });
    long.set(
      buildIndexDocument('long', 0, 'fr', {
        title: 'T',
        tags: [],
        headings: '',
        summary: '',
        body: `${'avant '.repeat(100)}PostgreSQL ${'après '.repeat(100)}`,
        code: '',
      }),
    );
    const snippet = long.search({ text: 'postgresql' }).hits[0]?.snippet ?? '';
    const visible = snippet.replace(/<\/?mark>/g, '');
    expect(snippet).toContain('<mark>PostgreSQL</mark>');
    expect(visible.length).toBeGreaterThanOrEqual(160);
    expect(visible.length).toBeLessThanOrEqual(240);
  });

  it('marks the right words after ligatures and accents, in any part of a long text', () => {
    const body = `${'Le cœur de l’œuvre, ß et æ. '.repeat(90)}Enfin l’Œuvre chorégraphiée et la chorale ${'fin '.repeat(300)}`;
    const long = new SearchIndex({ isVisible: () => true, textOf: () => ({ text: body, language: 'fr' }) });
    long.set(buildIndexDocument('long', 0, 'fr', { title: 'T', tags: [], headings: '', summary: '', body, code: '' }));
    const snippet = long.search({ text: 'choregraphie' }).hits[0]?.snippet ?? '';
    expect(snippet).toContain('<mark>chorégraphiée</mark>');
    expect(snippet).not.toContain('<mark>chorale</mark>');
    const first = long.search({ text: 'oeuvre' }).hits[0]?.snippet ?? '';
    expect(first).toMatch(/^Le cœur de l’<mark>œuvre<\/mark>, ß et æ\./);
  });

  // The text is read as the content cache reads it: its first 2.5 KB, then the whole when the phrase is not there.
  it.each([
    ['in the first kilobytes', 100],
    ['across the cut of the first read', 637],
    ['across the cut of the first read before decision 075', 1_533],
    ['far past it', 3_000],
  ])('finds a phrase %s of a long text, and only the phrase', (_where, fillers) => {
    const body = `${'mot '.repeat(fillers)}le garbage collector ${'fin '.repeat(4_000)}`;
    const start = body.indexOf('garbage');
    const textOf = (_id: string, maxBytes = Infinity) =>
      maxBytes >= Buffer.byteLength(body) ? { text: body, language: 'fr' } : { text: body.slice(0, maxBytes), language: 'fr', complete: false };
    const long = new SearchIndex({ isVisible: () => true, textOf });
    long.set(buildIndexDocument('long', 0, 'fr', { title: 'T', tags: [], headings: '', summary: '', body, code: '' }));
    expect(start > 6_000).toBe(fillers > 1_500);
    expect(long.search({ text: '"garbage collector"' }).total).toBe(1);
    expect(long.search({ text: '"collector garbage"' }).total).toBe(0);
    expect(long.search({ text: '"mot garbage"' }).total).toBe(1);
    expect(long.search({ text: '"mot collector"' }).total).toBe(0);
  });

  // The text is read as the content cache reads it (UTF-8 bytes, a character never cut): its start, then
  // part after part from a given byte. Each snippet must be the one cut from the whole text at once.
  it('cuts the same snippet from parts read on as from the whole text, wherever the words are', () => {
    const random = createSeededRandom(29);
    const fillers = ['été', 'l’œuvre', 'naïve', 'façade', 'données', 'cœur', 'mot', 'texte', 'ß', 'déjà', '🚀', 'Ελλάδα', 'fin.'];
    const targets = ['serveur', 'kafka', 'requête'];
    const byteReader = (body: string) => {
      const bytes = Buffer.from(body);
      return (_id: string, maxBytes = Infinity, fromByte = 0) => {
        const size = Math.min(bytes.length - fromByte, maxBytes);
        const complete = fromByte + size === bytes.length;
        let end = fromByte + size;
        if (!complete) while (end > fromByte && (bytes[end - 1]! & 0xc0) === 0x80) end -= 1;
        if (!complete && end > fromByte && bytes[end - 1]! >= 0xc0) end -= 1;
        return { text: bytes.toString('utf8', fromByte, end), language: 'fr', complete };
      };
    };
    let past = 0;
    for (let round = 0; round < 60; round += 1) {
      const words: string[] = [];
      const length = 300 + random(4_000);
      for (let at = 0; at < length; at += 1) words.push(fillers[random(fillers.length)]!);
      // One to four matched words, anywhere (some at the very start, some in the last chunk, some close together).
      const marks = 1 + random(4);
      const place = random(length);
      for (let at = 0; at < marks; at += 1) words[Math.min(length - 1, place + random(30))] = targets[random(targets.length)]!;
      const body = words.join(' ');
      const build = (textOf: ReturnType<typeof byteReader>) => {
        const index = new SearchIndex({ isVisible: () => true, textOf });
        index.set(buildIndexDocument('long', 0, 'fr', { title: 'T', tags: [], headings: '', summary: '', body, code: '' }));
        return index;
      };
      // One round in five, the text read holds none of the words the index found (matched elsewhere):
      // the snippet is then the start of the text, not the start of the last part read.
      const read = byteReader(round % 5 === 4 ? body.replace(/serveur|kafka|requête/g, 'mot') : body);
      const whole = build((id) => read(id));
      const parts = build(read);
      for (const text of ['serveur', 'kafka requête', 'serveur OR kafka']) {
        const expected = whole.search({ text }).hits[0]?.snippet;
        expect(parts.search({ text }).hits[0]?.snippet, `round ${round}, "${text}"`).toBe(expected);
      }
      const first = Math.min(...targets.map((target) => body.indexOf(target)).filter((at) => at >= 0));
      if (Buffer.byteLength(body.slice(0, first)) > 2_560) past += 1;
    }
    // Most rounds put their words past the start the content cache keeps, where parts are read.
    expect(past).toBeGreaterThan(30);
  });

  it('suggests the closest query when nothing is found, only when it finds something', () => {
    expect(index.search({ text: 'sxrvxur' }).total).toBe(0);
    expect(index.search({ text: 'sxrvxur' }).suggestion).toBe('serveur');
    expect(index.search({ text: 'postgrsqlxx serveur' }).suggestion).toBe('postgresql serveur');
    expect(index.search({ text: 'zzzzzzzzzz' }).suggestion).toBeUndefined();
    expect(index.search({ text: 'postgresql' }).suggestion).toBeUndefined();
  });

  it('counts tags over the whole matching set', () => {
    expect(index.search({ text: 'spring', pageSize: 1 }).facets).toEqual([
      { tag: 'Spring', count: 2 },
      { tag: 'Sécurité', count: 1 },
    ]);
  });

  it('filters exactly by tag, ignoring case and accents, not by text', () => {
    expect(ids('', { tag: 'securite' })).toEqual(['spring']);
    expect(ids('', { tag: 'SPRING' })).toEqual(['spring', 'oeuvre']);
    expect(ids('', { tag: 'Postgre' })).toEqual([]);
    expect(ids('jwt', { tag: 'Spring' })).toEqual(['spring']);
  });

  it('pages results and counts them all', () => {
    // "base" and "bas" share the French stem "bas"; three titles score alike, so the newest comes first.
    const all = ids('base');
    expect(all).toEqual(['pg-summary', 'pg-heading', 'pg-tag', 'pg-title']);
    const first = index.search({ text: 'base', page: 1, pageSize: 2 });
    const second = index.search({ text: 'base', page: 2, pageSize: 2 });
    expect(first.total).toBe(4);
    expect(second.total).toBe(4);
    expect([...first.hits, ...second.hits].map((hit) => hit.id)).toEqual(all);
    expect(index.search({ text: 'base', page: 3, pageSize: 2 }).hits).toEqual([]);
  });

  it('lists everything newest first for an empty text', () => {
    expect(ids('')[0]).toBe('linux-body');
    expect(ids('')).toHaveLength(Object.keys(articles).length);
  });
});

describe('text normalisation', () => {
  it('folds text the same way for index and query', () => {
    expect(foldText('Œuvre Ærodrome ÉTÉ straße')).toBe('oeuvre aerodrome ete strasse');
  });

  it('gives one search key for the forms of one query', () => {
    expect(normalizeSearchKey('  SpRiNg   Boot ')).toBe('spring boot');
    expect(normalizeSearchKey('Sécurité')).toBe(normalizeSearchKey('securite'));
    expect(normalizeSearchKey('l’équipe')).toBe("l'equipe");
  });
});

// Decision 052: a phrase is looked for only where a word may have its first stem, not by stemming every
// word of the text; it must find exactly what a scan of every word finds.
describe('findPhrase', () => {
  /** Every word stemmed, and the phrase tried at each word: the reference. */
  const scanEveryWord = (text: string, stems: string[], language: 'fr' | 'en') => {
    const words = foldedWords(text)
      .filter((word) => !isStopWord(word, language))
      .map((word) => stemWord(word, language));
    return words.some((_, at) => stems.every((stem, k) => words[at + k] === stem));
  };
  const pool = [
    'le',
    "l'index",
    "d'un",
    'des',
    'index',
    'indexes',
    'Thread',
    'threads',
    'virtuel',
    'virtuels',
    'virtual',
    'the',
    'of',
    'garbage',
    'collector',
    'collectors',
    'Œuvre',
    'œuvres',
    'mémoire',
    'MÉMOIRE',
    'node.js',
    'js',
    'c++',
    'c#',
    'yeux',
    'dying',
    'lying',
    'skies',
    'qu’il',
    'être',
    'naïve',
    'Straße',
    'strasse',
    'base',
    'de',
    'données',
    'v8',
    '2024',
    'a.b',
    '—',
    '(requête)',
    'requêtes.',
  ];
  const random = createSeededRandom(7);

  it('finds what a scan of every word finds, in French and English', () => {
    let found = 0;
    for (let round = 0; round < 3_000; round += 1) {
      const text = Array.from({ length: 3 + random(30) }, () => pool[random(pool.length)]!).join(random(4) === 0 ? ', ' : ' ');
      const language = round % 2 === 0 ? 'fr' : 'en';
      const phrase = Array.from({ length: 1 + random(3) }, () => pool[random(pool.length)]!).flatMap((word) => foldedWords(word));
      const stems = phrase.filter((word) => !isStopWord(word, language)).map((word) => stemWord(word, language));
      if (stems.length === 0) continue;
      const expected = scanEveryWord(text, stems, language);
      if (expected) found += 1;
      expect(findPhrase(text, stems, language), `${language}: "${phrase.join(' ')}" in "${text}"`).toBe(expected);
    }
    expect(found).toBeGreaterThan(100);
  });

  // Decision 058: a phrase is checked in each article's set of adjacent stems, not in its text.
  it('finds, through the pairs of adjacent stems, the articles a scan of every word finds', () => {
    const texts = new Map<string, { text: string; language: string }>();
    const phrases = new SearchIndex({ isVisible: () => true, textOf: (id) => texts.get(id) });
    for (let article = 0; article < 300; article += 1) {
      const language = article % 3 === 0 ? 'en' : 'fr';
      const words = () => Array.from({ length: random(25) }, () => pool[random(pool.length)]!).join(random(4) === 0 ? ', ' : ' ');
      const summary = words();
      const body = words();
      const code = words();
      phrases.set(buildIndexDocument(`a${article}`, article, language, { title: 'T', tags: [], headings: '', summary, body, code }));
      texts.set(`a${article}`, { text: `${summary}\n\n${body}`, language });
    }
    let found = 0;
    for (let round = 0; round < 400; round += 1) {
      // As the query is read: folded, stop words of either language left out.
      const words = Array.from({ length: 2 + random(2) }, () => pool[random(pool.length)]!)
        .flatMap((word) => foldedWords(word))
        .filter((word) => !isStopWord(word, 'fr') && !isStopWord(word, 'en'));
      if (words.length < 2) continue;
      const expected = [...texts]
        .filter(([, { text, language }]) => {
          const stems = words.map((word) => stemWord(word, language as 'fr' | 'en'));
          return scanEveryWord(text, stems, language as 'fr' | 'en');
        })
        .map(([id]) => id)
        .sort();
      found += expected.length;
      const answer = phrases.search({ text: `"${words.join(' ')}"`, pageSize: 100 });
      expect(answer.hits.map((hit) => hit.id).sort(), `"${words.join(' ')}"`).toEqual(expected.slice(0, 100));
      expect(answer.total).toBe(expected.length);
    }
    expect(found).toBeGreaterThan(200);
  });

  it('keeps the first two letters of a word in its stem, which the look-up relies on', () => {
    for (const language of ['fr', 'en'] as const) {
      for (const word of [
        ...pool.flatMap((text) => foldedWords(text)),
        'yeux',
        'dying',
        'tying',
        'skiing',
        'news',
        'ying',
        'aient',
        'ayons',
        'oui',
        'yes',
        'early',
        'only',
      ]) {
        const stem = stemWord(word, language);
        // Snowball's English exceptions: dying → die, lying → lie, tying → tie (looked for by both heads).
        if (language === 'en' && ['dying', 'lying', 'tying'].includes(word)) continue;
        expect(stem.slice(0, 2), `${language}: ${word} → ${stem}`).toBe(word.slice(0, Math.min(2, stem.length)));
      }
    }
  });
});

// Decision 071: a document that brings no new term leaves the surfaces alone (each term indexed has
// one already); the first word seen for a stem stays, whatever the later articles say.
describe('surfaces of the terms ("did you mean")', () => {
  const doc = (id: string, body: string) => buildIndexDocument(id, 0, 'fr', { title: '', tags: [], headings: '', summary: '', body, code: '' });
  const surfacesOf = (index: SearchIndex) => new Map(index.toJSON().surfaces);

  it('keep the first word seen for each stem, and take those of the new terms a later article brings', () => {
    const index = new SearchIndex({ isVisible: () => true });
    index.set(doc('a', 'caches architectures'));
    index.set(doc('b', 'cache architecture'));
    index.set(doc('c', 'cache partitionnement'));
    const surfaces = surfacesOf(index);
    expect(surfaces.get(stemWord('cache', 'fr'))).toBe('caches');
    expect(surfaces.get(stemWord('architecture', 'fr'))).toBe('architectures');
    expect(surfaces.get(stemWord('partitionnement', 'fr'))).toBe('partitionnement');
  });

  it('are the same whether the articles come one by one or from a saved index', () => {
    const index = new SearchIndex({ isVisible: () => true });
    index.set(doc('a', 'caches architectures'));
    const saved = new SearchIndex({ isVisible: () => true });
    saved.load(index.toJSON());
    for (const each of [index, saved]) {
      each.set(doc('b', 'cache architecture'));
      each.set(doc('c', 'partitions caches'));
    }
    expect(surfacesOf(saved)).toEqual(surfacesOf(index));
    expect(surfacesOf(index).get(stemWord('partitions', 'fr'))).toBe('partitions');
  });
});
