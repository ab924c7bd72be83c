// The CV's skills tied to the articles that show them: a skill whose name is an article tag (case and
// accents aside, or through the CV's alias table) links to that tag's page with its article count.
import { splitKeywords } from './cv-knowledge';
import type { CvData } from './cv-types';

/** What the CV needs of each article: its id, title, date and tags. */
export interface TaggedArticle {
  id: string;
  title: string;
  date: string;
  tags: string[];
}

/** A skill's tag as the articles write it, and how many articles carry it. */
export interface SkillLink {
  tag: string;
  count: number;
}

/** "Sécurité" and "securite " are the same name: case, accents and outer spaces aside. */
export function foldName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLocaleLowerCase('fr');
}

/** Each tag (folded) with its spelling in the newest article that has it, and its article count. */
export function countTags(articles: readonly TaggedArticle[]): Map<string, SkillLink> {
  const counts = new Map<string, SkillLink>();
  for (const article of articles) {
    // An article that repeats a tag counts once.
    for (const key of new Set(article.tags.map(foldName))) {
      const known = counts.get(key);
      if (known) known.count += 1;
      else counts.set(key, { tag: article.tags.find((tag) => foldName(tag) === key)!, count: 1 });
    }
  }
  return counts;
}

/**
 * The function that finds a skill's link: through the alias table first (the owner's choice: "Spring"
 * → "Spring Boot"), then by its own name; undefined when no article carries the tag.
 */
export function createSkillMatcher(
  articles: readonly TaggedArticle[],
  aliases: Readonly<Record<string, string>> = {},
): (skill: string) => SkillLink | undefined {
  const counts = countTags(articles);
  const foldedAliases = new Map(Object.entries(aliases).map(([skill, tag]) => [foldName(skill), foldName(tag)]));
  return (skill) => {
    const key = foldName(skill);
    const alias = foldedAliases.get(key);
    return (alias !== undefined ? counts.get(alias) : undefined) ?? counts.get(key);
  };
}

/** Every skill the CV names: the groups' entry names and the keywords of every details text (spoken languages aside). */
export function listCvSkills(cv: CvData): string[] {
  const skills = cv.knowledge_list
    .filter((group) => !group.spokenLanguages)
    .flatMap((group) => (group.list ? group.list.flatMap((entry) => [entry.name, ...splitKeywords(entry.details)]) : splitKeywords(group.details)));
  return [...new Set(skills)];
}

/** The articles that show a skill of the CV (carry a tag some skill links to), in the order given (newest first). */
export function listSkillArticles(cv: CvData, articles: readonly TaggedArticle[]): TaggedArticle[] {
  const match = createSkillMatcher(articles, cv.skillTags);
  const linkedTags = new Set(
    listCvSkills(cv)
      .flatMap((skill) => match(skill)?.tag ?? [])
      .map(foldName),
  );
  return articles.filter((article) => article.tags.some((tag) => linkedTags.has(foldName(tag))));
}
