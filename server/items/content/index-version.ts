// The version of what the content cache keeps (analysed articles, the saved index), derived from the
// code that builds it, never bumped by hand (decision 046): a probe article goes through the same
// parse, analysis and index as every file, and the version is a hash of what comes out, with the stop
// words, the folding of every Latin letter and the stems of a probe vocabulary. A change to any of them
// that changes an answer changes the version, and a restart then analyses the files again instead of
// loading stale stems. It is the same in every bundle and thread: nothing depends on how code is built.
import { createHash } from 'node:crypto';
import { eng, fra } from 'stopword';
import { packReferences, packTerms } from './packed-entry';
import { parseArticleSource } from './parse-article-file';
import { buildIndexDocument, relatedTermsOf, SearchIndex } from './search-index';
import { foldedWords, foldText, stemWord } from './text-analysis';

const PROBE_FILE = `---
id: probe
title: "L'Œuvre des requêtes : Straße, ﬁchiers & co."
date: "2024-01-02"
language: fr
tags: [PostgreSQL, Sécurité, Spring Boot]
summary: "Résumé : l'optimisation d'une base de données."
series: Sonde
seriesOrder: 2
translationKey: sonde
aliases: [ancienne-sonde]
---
## Première partie

Les développeurs optimisent leurs requêtes, l'équipe déploie des conteneurs ; qu'ils testent !

\`\`\`java
record Point(int x, int y) {}
\`\`\`

### Second part

Running threads, cached responses, the architects' dependencies: node.js, c++, c#, 42 fois.
Voir [la suite](/articles/autre#1-suite) et ![Un schéma](/images/schema.png).
`;

const PROBE_WORDS =
  'architecture architectures développement développeurs optimiser optimisation requête requêtes caching cached running responses dependencies hexagonale déploiement conteneurisation nationalement generously';

let version: string | undefined;

/** A short hash of what the analysis makes of the probe: the content cache's version. */
export function readIndexVersion(): string {
  if (version === undefined) {
    const parsed = parseArticleSource('probe.md', PROBE_FILE, { renderBody: false, readRefs: true });
    const { article } = parsed;
    const doc = buildIndexDocument(article.id, Date.parse(article.date), article.language, { title: article.title, tags: article.tags, ...parsed.text });
    const index = new SearchIndex({ isVisible: () => true });
    index.set(doc);
    let letters = '';
    for (let code = 0x41; code < 0x250; code += 1) letters += String.fromCharCode(code);
    const words = foldedWords(PROBE_WORDS);
    const probe = JSON.stringify([
      parsed,
      doc,
      index.toJSON(),
      // The packed forms the saved snapshot's entries hold (packed-entry.ts): a change to them is a new version.
      packTerms(relatedTermsOf(doc)),
      parsed.refs && packReferences(parsed.refs),
      foldText(letters),
      [fra, eng],
      words.map((word) => [stemWord(word, 'fr'), stemWord(word, 'en')]),
    ]);
    version = createHash('sha256').update(probe).digest('base64url').slice(0, 12);
  }
  return version;
}
