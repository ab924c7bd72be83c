import { describe, expect, it } from 'vitest';
import type { CvData } from '../../../../shared/site/cv-types';
import { countTags, createSkillMatcher, listCvSkills, listSkillArticles } from '../../../../shared/site/skill-links';

const articles = [
  { id: 'a', title: 'A', date: '2024-03-01', tags: ['Spring Boot', 'Sécurité', 'Java'] },
  { id: 'b', title: 'B', date: '2024-02-01', tags: ['spring boot', 'PostgreSQL'] },
  { id: 'c', title: 'C', date: '2024-01-01', tags: ['Java', 'JAVA', 'Spring'] },
];

describe('countTags', () => {
  it('counts each article once per tag, case and accents aside, keeping the newest spelling', () => {
    const counts = countTags(articles);
    expect(counts.get('spring boot')).toEqual({ tag: 'Spring Boot', count: 2 });
    expect(counts.get('java')).toEqual({ tag: 'Java', count: 2 });
    expect(counts.get('securite')).toEqual({ tag: 'Sécurité', count: 1 });
  });
});

describe('createSkillMatcher', () => {
  it('matches a skill to a tag whatever its case and accents', () => {
    const match = createSkillMatcher(articles);
    expect(match('securite')).toEqual({ tag: 'Sécurité', count: 1 });
    expect(match(' POSTGRESQL ')).toEqual({ tag: 'PostgreSQL', count: 1 });
    expect(match('Kubernetes')).toBeUndefined();
  });

  it("follows the alias table first, and the skill's own name when the alias has no article", () => {
    expect(createSkillMatcher(articles, { Spring: 'Spring Boot' })('spring')).toEqual({ tag: 'Spring Boot', count: 2 });
    expect(createSkillMatcher(articles, { Spring: 'Spring Framework' })('Spring')).toEqual({ tag: 'Spring', count: 1 });
    expect(createSkillMatcher(articles, { 'Angular 2 à 17': 'Angular' })('Angular 2 à 17')).toBeUndefined();
  });
});

describe('listSkillArticles', () => {
  const cv: CvData = {
    knowledge_list: [
      { name: 'Back-end', list: [{ name: 'Spring', details: 'Spring Boot 3, Spring Security' }] },
      { name: 'Bases', details: 'PostgreSQL, Oracle (9i, 19c)' },
      { name: 'Langues', spokenLanguages: true, details: 'Java' },
    ],
    formation_list: [],
    companies: [],
    skillTags: { Spring: 'Spring Boot' },
  };

  it('lists the skills: entry names and the keywords of the texts, spoken languages aside', () => {
    expect(listCvSkills(cv)).toEqual(['Spring', 'Spring Boot 3', 'Spring Security', 'PostgreSQL', 'Oracle (9i, 19c)']);
  });

  it('keeps the articles that carry a tag some skill links to, in their order', () => {
    expect(listSkillArticles(cv, articles).map((article) => article.id)).toEqual(['a', 'b']);
  });
});
