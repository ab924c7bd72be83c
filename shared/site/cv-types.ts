// Typed shape of the CV shown on the CV page (SPEC §3 "CV data"); the data lives in cv-data.ts.
// The same data is exported as JSON Resume at /cv.json (json-resume.ts), hence the structured years.

/** A span of calendar years; `end` is absent while it goes on, equal to `start` for a single year. */
export interface YearSpan {
  start: number;
  end?: number;
}

/** A skill group: either a details text, or sub-entries each with a name and details. */
export type KnowledgeGroup = (
  { name: string; details: string; list?: undefined } | { name: string; details?: undefined; list: { name: string; details: string }[] }
) & {
  /** The group lists spoken languages (name: language, details: fluency), not technical skills. */
  spokenLanguages?: boolean;
};

export interface Formation {
  years: YearSpan;
  title: string;
  /** School, or issuer of a certification, and where. */
  location: string;
  /** A degree or course of study, or a certification (exported apart in JSON Resume). */
  kind: 'degree' | 'certification';
}

export interface Job {
  /** Job title, without its years. */
  job: string;
  /** Years of this job, when they differ from the company's. */
  years?: YearSpan;
  /** Optional bullet list. */
  list?: string[];
  /** Optional description paragraphs. */
  description?: string[];
  /** Optional technical environment, shown after the label "Environnement". */
  env?: string;
}

export interface Company {
  /** Employer or client name, e.g. "Banque Ligérienne". */
  employer: string;
  /** How the work was done, shown in brackets after the name, e.g. "client freelance". */
  relation?: string;
  years: YearSpan;
  exp: Job[];
}

export interface CvData {
  knowledge_list: KnowledgeGroup[];
  /**
   * Skills whose article tag is written differently, CV name → tag ("Spring" → "Spring Boot"). Case and
   * accents never matter; a skill not listed links to the tag of its own name, when articles carry it.
   */
  skillTags?: Record<string, string>;
  formation_list: Formation[];
  companies: Company[];
}
