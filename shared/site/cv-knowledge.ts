// The CV's knowledge groups as the exports read them (JSON Resume, JSON-LD): skills apart from spoken
// languages, and a details text cut into its items.
import type { CvData, KnowledgeGroup } from './cv-types';

/** Skill groups, and the groups that list spoken languages (flagged `spokenLanguages` in the data). */
export function partitionKnowledge(cv: CvData): { skillGroups: KnowledgeGroup[]; languageGroups: KnowledgeGroup[] } {
  return {
    skillGroups: cv.knowledge_list.filter((group) => !group.spokenLanguages),
    languageGroups: cv.knowledge_list.filter((group) => group.spokenLanguages),
  };
}

/** "Docker, AWS (EKS, RDS), Terraform" → ["Docker", "AWS (EKS, RDS)", "Terraform"]: commas inside brackets do not split. */
export function splitKeywords(text: string): string[] {
  const keywords: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth += 1;
    if (char === ')') depth = Math.max(0, depth - 1);
    if (char === ',' && depth === 0) {
      keywords.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  keywords.push(current);
  return keywords.map((keyword) => keyword.trim()).filter(Boolean);
}
