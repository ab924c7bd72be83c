// A reproducible corpus of generated articles for the benchmarks (fixed seed, 8 topics, filler words).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const WORDS_PER_BODY = 400;

const topics = [
  'java thread virtuel record classe scellée jvm mémoire garbage',
  'spring boot sécurité jeton transaction batch chunk reprise',
  'postgresql index requête explain plan partition jsonb vacuum',
  'angular signal composant route formulaire rxjs standalone',
  'http cache etag latence débit http2 compression proxy',
  'linux systemd journal bash diagnostic réseau mémoire disque',
  'équipe revue qualité test intégration mise en œuvre méthode',
  'architecture hexagonal domaine événement adaptateur port microservice',
].map((topic) => topic.split(' '));

// A fixed seed: the same corpus on every run, so runs compare.
let seed = 42;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}
const syllables = ['ka', 'lo', 'mi', 'ne', 'ra', 'tu', 'vé', 'zo', 'pri', 'sta', 'gré', 'don', 'fil', 'mar', 'cho', 'bel'];
// 5,000 filler words, so that a word matches a realistic share of the corpus.
export const filler = Array.from({ length: 5_000 }, () =>
  Array.from({ length: 2 + Math.floor(random() * 3) }, () => syllables[Math.floor(random() * syllables.length)]).join(''),
);
const choose = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
/** Mostly filler, one word in ten from the article's topic. */
const words = (count: number, topic: string[]) => Array.from({ length: count }, () => (random() < 0.1 ? choose(topic) : choose(filler))).join(' ');

/** Writes `count` Markdown articles under dir/articles. */
export async function writeCorpus(dir: string, count: number): Promise<void> {
  await mkdir(path.join(dir, 'articles'), { recursive: true });
  const writes: Promise<void>[] = [];
  for (let index = 0; index < count; index += 1) {
    const topic = topics[index % topics.length]!;
    const day = new Date(Date.UTC(2010, 0, 1) + index * 3_600_000 * 11).toISOString().slice(0, 10);
    const text = [
      '---',
      `id: article-${index}`,
      `title: "${words(6, topic)}"`,
      `date: ${day}`,
      `language: ${index % 4 === 0 ? 'en' : 'fr'}`,
      `tags: [${words(3, topic).split(' ').join(', ')}]`,
      `summary: "${words(35, topic)}"`,
      '---',
      `## ${words(4, topic)}`,
      '',
      words(WORDS_PER_BODY / 2, topic),
      '',
      `## ${words(4, topic)}`,
      '',
      words(WORDS_PER_BODY / 2, topic),
      '',
    ].join('\n');
    writes.push(writeFile(path.join(dir, 'articles', `article-${index}.md`), text));
  }
  await Promise.all(writes);
}
