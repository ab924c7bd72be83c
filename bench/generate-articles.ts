// Realistic articles for the search benchmark: ~1,500 words in French or English, headings, code
// blocks in java/sql/bash, tags from a fixed pool, some series. Fixed seed: every run writes the same files.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface GeneratedCorpus {
  count: number;
  /** Words in one article's body, on average. */
  wordsPerArticle: number;
  /** Bytes of one article's file, on average (about 14 KB with the default length). */
  bytesPerArticle: number;
}

export interface CorpusOptions {
  /** Words of prose an article's body has at least (1,500 by default: files of about 14 KB). */
  minWords?: number;
}

const DEFAULT_MIN_WORDS = 1_500;

const TAG_POOL = [
  'Java',
  'Spring',
  'Spring Boot',
  'PostgreSQL',
  'SQL',
  'Angular',
  'TypeScript',
  'Linux',
  'Bash',
  'Docker',
  'Kubernetes',
  'Performance',
  'Sécurité',
  'Architecture',
  'Tests',
  'Maven',
  'Gradle',
  'JVM',
  'Hibernate',
  'Kafka',
  'HTTP',
  'Cache',
  'Méthode',
  'Équipe',
  'DevOps',
  'Observabilité',
  'Git',
  'React',
  'Node.js',
  'Redis',
];

const TOPICS: { tags: string[]; fr: string[]; en: string[] }[] = [
  {
    tags: ['Java', 'JVM', 'Performance'],
    fr: ['thread', 'virtuel', 'mémoire', 'ramasse-miettes', 'classe', 'record', 'compilation', 'optimisation', 'bytecode', 'pile', 'tas', 'verrou'],
    en: ['thread', 'virtual', 'memory', 'garbage', 'collector', 'class', 'record', 'compilation', 'optimisation', 'bytecode', 'stack', 'heap', 'lock'],
  },
  {
    tags: ['Spring', 'Spring Boot', 'Sécurité'],
    fr: ['jeton', 'transaction', 'contrôleur', 'injection', 'dépendance', 'configuration', 'profil', 'filtre', 'authentification', 'lot', 'reprise'],
    en: ['token', 'transaction', 'controller', 'injection', 'dependency', 'configuration', 'profile', 'filter', 'authentication', 'batch', 'retry'],
  },
  {
    tags: ['PostgreSQL', 'SQL', 'Performance'],
    fr: ['index', 'requête', 'plan', 'partition', 'jointure', 'verrouillage', 'vacuum', 'statistiques', 'colonne', 'table', 'optimiseur'],
    en: ['index', 'query', 'plan', 'partition', 'join', 'locking', 'vacuum', 'statistics', 'column', 'table', 'optimizer'],
  },
  {
    tags: ['Angular', 'TypeScript', 'React'],
    fr: ['composant', 'signal', 'route', 'formulaire', 'observable', 'rendu', 'hydratation', 'module', 'gabarit', 'état'],
    en: ['component', 'signal', 'route', 'form', 'observable', 'rendering', 'hydration', 'module', 'template', 'state'],
  },
  {
    tags: ['HTTP', 'Cache', 'Performance'],
    fr: ['cache', 'latence', 'débit', 'compression', 'mandataire', 'en-tête', 'fraîcheur', 'validation', 'connexion'],
    en: ['cache', 'caching', 'cached', 'latency', 'throughput', 'compression', 'proxy', 'header', 'freshness', 'validation', 'connection'],
  },
  {
    tags: ['Linux', 'Bash', 'DevOps'],
    fr: ['systemd', 'journal', 'script', 'diagnostic', 'réseau', 'disque', 'processus', 'service', 'noyau', 'droits'],
    en: ['systemd', 'journal', 'script', 'diagnostic', 'network', 'disk', 'process', 'service', 'kernel', 'permissions'],
  },
  {
    tags: ['Méthode', 'Équipe', 'Tests'],
    fr: ['équipe', 'revue', 'qualité', 'intégration', 'œuvre', 'méthode', 'livraison', 'rétrospective', 'estimation', 'exigence'],
    en: ['team', 'review', 'quality', 'integration', 'method', 'delivery', 'retrospective', 'estimate', 'requirement'],
  },
  {
    tags: ['Architecture', 'Kafka', 'Observabilité'],
    fr: ['architecture', 'hexagonale', 'domaine', 'événement', 'adaptateur', 'port', 'microservice', 'message', 'trace', 'métrique'],
    en: ['architecture', 'hexagonal', 'domain', 'event', 'adapter', 'port', 'microservice', 'message', 'trace', 'metric'],
  },
  {
    tags: ['Docker', 'Kubernetes', 'DevOps'],
    fr: ['conteneur', 'image', 'déploiement', 'grappe', 'nœud', 'volume', 'sonde', 'ressource', 'registre'],
    en: ['container', 'image', 'deployment', 'cluster', 'node', 'volume', 'probe', 'resource', 'registry'],
  },
  {
    tags: ['Maven', 'Gradle', 'Git'],
    fr: ['build', 'dépendance', 'version', 'branche', 'fusion', 'artefact', 'dépôt', 'plugin', 'cycle'],
    en: ['build', 'dependency', 'version', 'branch', 'merge', 'artifact', 'repository', 'plugin', 'lifecycle'],
  },
];

const COMMON = {
  fr: "le la les un une des du de l' d' et ou mais donc car pour avec sans dans sur sous entre par que qui quand comment pourquoi est sont était sera peut doit faut fait font avons avez ont nous vous ils elles on ce cette ces son sa ses leur leurs plus moins très bien mal aussi encore déjà toujours jamais souvent parfois ici alors ainsi comme chaque tout tous toute toutes autre autres même premier dernier nouveau nouvelle simple rapide lent grand petit long court utiliser utilise mesurer mesure réduire garder éviter choisir lire écrire tester déployer corriger comprendre montrer trouver optimiser configurer vérifier appel problème solution exemple résultat valeur fichier serveur client projet code donnée données temps coût erreur cas règle outil production développement application utilisateur".split(
    ' ',
  ),
  en: 'the a an of to and or but so for with without in on under between by that which who when how why is are was will be can must should does do have has we you they it this these those its their more less very well badly also still already always never often sometimes here then thus like each all every other same first last new simple fast slow large small long short use uses measure reduce keep avoid choose read write test deploy fix understand show find optimise configure check call problem solution example result value file server client project code data time cost error case rule tool production development application user'.split(
    ' ',
  ),
};

// A fixed seed: the same corpus on every run, so runs compare.
let seed = 20_261_123;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}
const choose = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const syllables = ['ka', 'lo', 'mi', 'ne', 'ra', 'tu', 'vé', 'zo', 'pri', 'sta', 'gré', 'don', 'fil', 'mar', 'cho', 'bel', 'ion', 'ment', 'eur', 'ique'];
// A long tail of rarer words (names, jargon), as real prose has: 6,000 of them.
const rare = Array.from({ length: 6_000 }, () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => choose(syllables)).join(''));

function sentence(language: 'fr' | 'en', topic: (typeof TOPICS)[number]): string {
  const length = 8 + Math.floor(random() * 14);
  const words: string[] = [];
  for (let i = 0; i < length; i += 1) {
    const roll = random();
    words.push(
      roll < 0.55
        ? choose(COMMON[language])
        : roll < 0.8
          ? choose(topic[language])
          : roll < 0.85
            ? choose(TOPICS[Math.floor(random() * TOPICS.length)]![language])
            : choose(rare),
    );
  }
  const text = words.join(' ').replace(/([ld]') /g, '$1');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

const CODE = {
  java: (word: string) =>
    `\`\`\`java\n@Service\npublic class ${word.charAt(0).toUpperCase()}${word.slice(1).replace(/\W/g, '')}Service {\n  private final Repository repository;\n\n  public List<Item> find(String filter) {\n    return repository.findAll().stream()\n      .filter(item -> item.name().contains(filter))\n      .toList();\n  }\n}\n\`\`\``,
  sql: (word: string) =>
    `\`\`\`sql\nEXPLAIN (ANALYZE, BUFFERS)\nSELECT id, name FROM ${word.replace(/\W/g, '_')}\nWHERE created_at > now() - interval '7 days'\nORDER BY created_at DESC\nLIMIT 20;\n\`\`\``,
  bash: (word: string) =>
    `\`\`\`bash\nset -euo pipefail\njournalctl -u ${word.replace(/\W/g, '-')} --since today | grep -c ERROR\nfor f in /var/log/*.log; do wc -l "$f"; done\n\`\`\``,
};

const SERIES = {
  fr: ['Migrer vers Java 21', 'PostgreSQL en production', 'Architecture hexagonale pas à pas'],
  en: ['Spring Boot in depth', 'Web caching explained'],
};

function article(index: number, minWords = DEFAULT_MIN_WORDS): string {
  const language: 'fr' | 'en' = index % 4 === 0 ? 'en' : 'fr';
  const topic = TOPICS[index % TOPICS.length]!;
  const tags = [...new Set([...topic.tags.filter(() => random() < 0.7), choose(TAG_POOL)])];
  const title = `${choose(topic[language])} ${choose(topic[language])} : ${sentence(language, topic).slice(0, 50).replace(/\.$/, '')}`.replace(/"/g, '');
  const date = new Date(Date.UTC(2008, 0, 1) + index * 3_600_000 * 11).toISOString().slice(0, 10);
  const inSeries = index % 50 < 4;
  const seriesList = SERIES[language];
  const series = inSeries ? seriesList[Math.floor(index / 50) % seriesList.length] : undefined;
  const body: string[] = [];
  let words = 0;
  let section = 0;
  while (words < minWords) {
    section += 1;
    body.push(`## ${sentence(language, topic).replace(/\.$/, '')}`, '');
    for (let p = 0; p < 3; p += 1) {
      const paragraph = Array.from({ length: 4 + Math.floor(random() * 3) }, () => sentence(language, topic)).join(' ');
      words += paragraph.split(' ').length;
      body.push(paragraph, '');
    }
    if (section % 2 === 1) body.push(CODE[choose(['java', 'sql', 'bash'] as const)](choose(topic.en)), '');
    if (section % 3 === 0)
      body.push(`### ${sentence(language, topic).replace(/\.$/, '')}`, '', `- ${sentence(language, topic)}`, `- ${sentence(language, topic)}`, '');
  }
  return [
    '---',
    `id: article-${index}`,
    `title: "${title}"`,
    `date: ${date}`,
    `language: ${language}`,
    `tags: [${tags.map((tag) => JSON.stringify(tag)).join(', ')}]`,
    ...(series ? [`series: "${series}"`] : []),
    `summary: "${sentence(language, topic).replace(/"/g, '')} ${sentence(language, topic).replace(/"/g, '')}"`,
    '---',
    ...body,
  ].join('\n');
}

/** Writes `count` articles under dir/articles (created), 200 files at a time. */
export async function generateArticles(dir: string, count: number, { minWords = DEFAULT_MIN_WORDS }: CorpusOptions = {}): Promise<GeneratedCorpus> {
  seed = 20_261_123;
  await mkdir(path.join(dir, 'articles'), { recursive: true });
  let totalWords = 0;
  let totalBytes = 0;
  for (let start = 0; start < count; start += 200) {
    const batch: Promise<void>[] = [];
    for (let index = start; index < Math.min(count, start + 200); index += 1) {
      const text = article(index, minWords);
      totalWords += text.split(/\s+/).length;
      totalBytes += Buffer.byteLength(text);
      batch.push(writeFile(path.join(dir, 'articles', `article-${index}.md`), text));
    }
    await Promise.all(batch);
  }
  return { count, wordsPerArticle: Math.round(totalWords / Math.max(1, count)), bytesPerArticle: Math.round(totalBytes / Math.max(1, count)) };
}

/** The article with this index, as generateArticles writes it (for a bench edit). */
export function generateArticleText(index: number): string {
  return article(index);
}
