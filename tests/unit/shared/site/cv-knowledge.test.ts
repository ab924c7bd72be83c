import { describe, expect, it } from 'vitest';
import { cvData } from '../../../../shared/site/cv-data';
import { partitionKnowledge, splitKeywords } from '../../../../shared/site/cv-knowledge';

describe('splitKeywords', () => {
  it('splits a details text on commas, but not on those inside brackets', () => {
    expect(splitKeywords('Docker, AWS (EKS, RDS, S3), Terraform ,  GitLab CI')).toEqual(['Docker', 'AWS (EKS, RDS, S3)', 'Terraform', 'GitLab CI']);
    expect(splitKeywords('ADR (Architecture Decision Records)')).toEqual(['ADR (Architecture Decision Records)']);
    expect(splitKeywords(' , ')).toEqual([]);
  });
});

describe('partitionKnowledge', () => {
  it('puts the spoken languages apart from the skills, every group on one side only', () => {
    const { skillGroups, languageGroups } = partitionKnowledge(cvData);
    expect(languageGroups.map((group) => group.name)).toEqual(['Langues']);
    expect(skillGroups).toHaveLength(cvData.knowledge_list.length - 1);
    expect(skillGroups.some((group) => group.spokenLanguages)).toBe(false);
  });
});
