import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { owner } from '../../../../shared/site/owner';
import type { OwnerData } from '../../../../shared/site/owner-types';
import { assertOwnerData, checkOwnerData, OwnerDataError } from '../../../../server/owner/owner-check';
import { buildFaviconSvg } from '../../../../server/owner/favicon';
import { renderAboutMarkdown } from '../../../../server/owner/about-text';
import { rootDir } from '../../../support/test-app';

const publicDir = path.join(rootDir, 'public');

describe('the owner’s data check', () => {
  it('accepts the owner’s data as shipped', () => {
    expect(checkOwnerData(owner, publicDir)).toEqual([]);
  });

  it('names every wrong field at once', () => {
    const broken: OwnerData = {
      ...owner,
      initials: 'jm',
      email: 'not-an-address',
      role: { ...owner.role, en: ' ' },
      social: [{ label: 'Mastodon', url: 'javascript:alert(1)' }],
      careerSince: 2990,
      address: { ...owner.address, addressCountry: 'France' },
    };
    const problems = checkOwnerData(broken, publicDir, new Date('2026-06-01T00:00:00Z'));
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual(
      ['address.addressCountry', 'careerSince', 'email', 'initials', 'role.en', 'social.0.url'].sort(),
    );
    expect(problems.find((problem) => problem.startsWith('careerSince'))).toContain('must not be after 2026');
    expect(() => assertOwnerData(broken, publicDir)).toThrow(OwnerDataError);
  });

  it('finds a photo that is not in public/', () => {
    const moved = { ...owner, photo: { ...owner.photo, large: { ...owner.photo.large, src2x: '/images/me-at-work.png' } } };
    expect(checkOwnerData(moved, publicDir)).toEqual(['photo.large.src2x: /images/me-at-work.png is not in public/']);
  });
});

describe('the favicon', () => {
  it('draws the initials, escaped', () => {
    expect(buildFaviconSvg('AB')).toMatch(/<title>AB<\/title>.*>AB<\/text><\/svg>$/);
    expect(buildFaviconSvg('<&>')).not.toMatch(/<&>/);
  });
});

describe('the About Markdown', () => {
  it('renders Markdown under the section heading, with raw HTML as text and no script link', () => {
    const html = renderAboutMarkdown('# Moi\n\n<b onclick="x()">gras</b> [lien](javascript:alert(1)) [site](https://a.example/)');
    expect(html).toContain('<h3>Moi</h3>');
    expect(html).toContain('&lt;b onclick="x()"&gt;');
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain('<a href="https://a.example/">site</a>');
  });
});
