// Typed shape of the CV shown on the CV page (SPEC §3 "CV data"); the data lives in cv-data.ts.

/** A skill group: either a details text, or sub-entries each with a name and details. */
export type KnowledgeGroup =
  | { name: string; details: string; list?: undefined }
  | { name: string; details?: undefined; list: { name: string; details: string }[] };

export interface Formation {
  /** Free text, e.g. "2001" or "1999 – 2001". */
  date: string;
  title: string;
  location: string;
}

export interface Job {
  job: string;
  /** Optional bullet list. */
  list?: string[];
  /** Optional description paragraphs. */
  description?: string[];
  /** Optional technical environment, shown after the label "Environnement". */
  env?: string;
}

export interface Company {
  /** Employer and period, e.g. "Banque Atlantique — 2019 à 2023". */
  title: string;
  exp: Job[];
}

export interface CvData {
  knowledge_list: KnowledgeGroup[];
  formation_list: Formation[];
  companies: Company[];
}
