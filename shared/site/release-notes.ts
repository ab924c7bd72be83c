// Release notes shown on the About page, newest first. Descriptions are content, in French.

export interface ReleaseNote {
  version: string;
  /** dd/MM/yyyy, as shown. */
  date: string;
  description: string;
}

export const releaseNotes: readonly ReleaseNote[] = [
  {
    version: '6.1.0',
    date: '21/11/2026',
    description:
      'Flux RSS et Atom, plan du site, aperçus de partage et données structurées ; sommaire, temps de lecture et copie du code dans les articles ; CV imprimable et export JSON Resume ; interface en anglais.',
  },
  {
    version: '6.0.0',
    date: '21/11/2026',
    description: 'Réécriture en React : rendu serveur Express avec hydratation, service d’articles intégré avec cache, thèmes sans flash au chargement.',
  },
  { version: '5.9.4', date: '12/07/2025', description: 'Mise à jour des dépendances et corrections d’affichage.' },
  { version: '5.9.3', date: '28/03/2025', description: 'Recherche dans les articles.' },
  { version: '5.9.1', date: '14/11/2024', description: 'Thèmes de couleurs.' },
  { version: '5.2.0', date: '09/09/2020', description: 'Recherche sur le site.' },
  { version: '5.0.0', date: '06/03/2019', description: 'Nouvelle version du site.' },
];
