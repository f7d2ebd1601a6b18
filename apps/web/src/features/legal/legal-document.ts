export interface LegalSection {
  heading: string;
  paragraphs: string[];
  bullets?: string[];
}

export interface LegalDocument {
  title: string;
  /** Human-readable date, e.g. 'November 21, 2026'. */
  lastUpdated: string;
  intro: string[];
  sections: LegalSection[];
}
