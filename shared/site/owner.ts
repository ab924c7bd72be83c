// The site owner's data: with the photo files and content/pages/about*.md, the one file to edit to
// make the site yours (decision 044). Compiled into both bundles; checked by the server at start.
import type { OwnerData } from './owner-types';

export const owner: OwnerData = {
  name: 'Julien Marchand',
  initials: 'JM',
  siteName: 'Julien Marchand — Architecte logiciel',
  jobTitle: 'Architecte logiciel freelance',
  jobDescription: 'Architecte full-stack Java/JEE, Spring et Angular : conception, audit et modernisation d’applications d’entreprise.',
  role: { fr: 'architecte logiciel', en: 'software architect' },
  specialities: { fr: 'Java/JEE, Spring et Angular', en: 'Java/JEE, Spring and Angular' },
  topics: { fr: 'Java, Spring, PostgreSQL, Angular, HTTP et Linux', en: 'Java, Spring, PostgreSQL, Angular, HTTP and Linux' },
  email: 'contact@julien-marchand.example',
  address: {
    streetAddress: '12 rue de Strasbourg',
    postalCode: '44000',
    addressLocality: 'Nantes',
    addressRegion: 'Pays de la Loire',
    addressCountry: 'FR',
  },
  photo: {
    small: { src: '/images/photo-96.png', src2x: '/images/photo-192.png', width: 96, height: 96 },
    large: { src: '/images/photo-192.png', src2x: '/images/photo-384.png', width: 192, height: 192 },
    breakpointPx: 576,
  },
  social: [
    { label: 'LinkedIn', url: 'https://linkedin.example/in/julien-marchand' },
    { label: 'GitHub', url: 'https://github.example/julien-marchand' },
    { label: 'Mastodon', url: 'https://mastodon.example/@julien' },
  ],
  siteSince: 2003,
  careerSince: 2003,
  homeUrl: 'https://www.julien-marchand.example/',
};
