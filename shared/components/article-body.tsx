import { usePageContext, useT } from '../page-context';
import { Island } from '../islands/island';
import { ARTICLE_BODY_CLASS } from '../items/article-markup';

/** The prepared article HTML, never hydrated; the copy buttons are an island of their own. */
export function ArticleBody({ html }: { html: string }) {
  const { lang } = usePageContext();
  const t = useT();
  const labels = {
    copy: t('ARTICLE.COPY_CODE'),
    copied: t('ARTICLE.CODE_COPIED'),
    copiedStatus: t('ARTICLE.CODE_COPIED_STATUS'),
    failed: t('ARTICLE.CODE_COPY_FAILED'),
  };
  return (
    <>
      <div className={ARTICLE_BODY_CLASS} dangerouslySetInnerHTML={{ __html: html }} />
      <Island name="code-copy" props={{ labels, lang }} />
    </>
  );
}
