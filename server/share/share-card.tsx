// The layout of a 1200×630 share card, in the element tree satori draws (flexbox only, inline styles).
// Colours are the day theme's (client/styles.css): what most visitors see first.
import type { ReactNode } from 'react';
import { CARD_MAX_TAGS, CARD_TAG_MAX_CHARS, CARD_TITLE_MAX_CHARS, cutForCard, SHARE_IMAGE, type ShareCard } from '../../shared/seo/share-image';
import { owner } from '../../shared/site/owner';

export const CARD_COLOURS = {
  background: '#ffffff',
  text: '#212529',
  secondary: '#6c757d',
  accent: '#0a58ca',
  badgeBackground: '#e7f0ff',
  badgeText: '#0a3d8f',
  band: '#f8f9fa',
} as const;

export const CARD_FONT_FAMILY = 'Inter';

/** The heading size that keeps a long title within three lines. */
function fitTitle(text: string): number {
  if (text.length <= 40) return 68;
  if (text.length <= 70) return 58;
  return 48;
}

function Badge({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        display: 'flex',
        padding: '6px 18px',
        marginRight: 12,
        marginBottom: 12,
        borderRadius: 999,
        background: CARD_COLOURS.badgeBackground,
        color: CARD_COLOURS.badgeText,
        fontSize: 26,
        fontWeight: 700,
      }}
    >
      {children}
    </div>
  );
}

/** What the card says above its owner: a kicker line, a title, then badges or a sentence. */
function describeText(card: ShareCard): { kicker: string; title: string; badges: string[]; sentence?: string } {
  switch (card.kind) {
    case 'article':
      return {
        kicker: `Article · ${card.date}`,
        title: cutForCard(card.title, CARD_TITLE_MAX_CHARS),
        badges: card.tags.slice(0, CARD_MAX_TAGS).map((tag) => cutForCard(tag, CARD_TAG_MAX_CHARS)),
      };
    case 'cv':
      return { kicker: 'CV', title: card.title, badges: [], sentence: card.description };
    case 'articles':
      return { kicker: owner.siteName, title: card.title, badges: [] };
    case 'tag':
      // The tag names the card's URL: whole in the card, cut where it is drawn.
      return { kicker: 'Articles sur le thème', title: cutForCard(card.tag, CARD_TITLE_MAX_CHARS), badges: [] };
  }
}

/** The card for satori; `photo` is the owner's photo as a data URL. */
export function ShareCardLayout({ card, photo }: { card: ShareCard; photo: string }) {
  const { kicker, title, badges, sentence } = describeText(card);
  return (
    <div
      style={{
        width: SHARE_IMAGE.width,
        height: SHARE_IMAGE.height,
        display: 'flex',
        flexDirection: 'column',
        background: CARD_COLOURS.background,
        color: CARD_COLOURS.text,
        fontFamily: CARD_FONT_FAMILY,
        borderLeft: `24px solid ${CARD_COLOURS.accent}`,
      }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, padding: '56px 64px 0 56px', overflow: 'hidden' }}>
        <div style={{ display: 'flex', color: CARD_COLOURS.accent, fontSize: 30, fontWeight: 700, marginBottom: 20 }}>{kicker}</div>
        <div
          style={{ display: 'block', fontSize: fitTitle(title), fontWeight: 700, lineHeight: 1.15, lineClamp: 3, wordBreak: 'break-word', marginBottom: 28 }}
        >
          {title}
        </div>
        {sentence && (
          <div style={{ display: 'block', fontSize: 30, color: CARD_COLOURS.secondary, lineHeight: 1.35, lineClamp: 3, wordBreak: 'break-word' }}>
            {sentence}
          </div>
        )}
        {badges.length > 0 && (
          <div style={{ display: 'flex', flexWrap: 'wrap', maxHeight: 116, overflow: 'hidden' }}>
            {badges.map((badge) => (
              <Badge key={badge}>{badge}</Badge>
            ))}
          </div>
        )}
      </div>
      <div style={{ display: 'flex', alignItems: 'center', padding: '28px 56px', background: CARD_COLOURS.band }}>
        <img src={photo} width={112} height={112} style={{ borderRadius: 999, marginRight: 28 }} />
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <div style={{ display: 'flex', fontSize: 36, fontWeight: 700 }}>{card.owner.name}</div>
          <div style={{ display: 'flex', fontSize: 26, color: CARD_COLOURS.secondary }}>{card.owner.jobTitle}</div>
        </div>
      </div>
    </div>
  );
}
