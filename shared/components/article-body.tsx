import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useAppData, useT } from '../app-context';
import { ARTICLE_BODY_CLASS, CODE_BLOCK_CLASS } from '../items/article-markup';

interface Status {
  text: string;
  /** Changes on each message, so the same message said twice is announced twice. */
  serial: number;
}

const COPIED_FOR_MS = 2000;

function CopyCodeButton({ block, onStatus }: { block: HTMLElement; onStatus: (text: string) => void }) {
  const t = useT();
  // Inside an article that may be in another language than the interface.
  const { lang } = useAppData();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      // Without the final line break, so a pasted command does not run before it is read.
      await navigator.clipboard.writeText((block.querySelector('pre')?.textContent ?? '').replace(/\n+$/, ''));
      setCopied(true);
      onStatus(t('ARTICLE.CODE_COPIED_STATUS'));
    } catch {
      // No clipboard (permission refused, insecure context): say so rather than fail silently.
      onStatus(t('ARTICLE.CODE_COPY_FAILED'));
    }
  };
  return (
    <button type="button" className="btn btn-sm code-copy" lang={lang} onClick={() => void copy()} data-testid="copy-code">
      {copied ? t('ARTICLE.CODE_COPIED') : t('ARTICLE.COPY_CODE')}
    </button>
  );
}

/**
 * The prepared article HTML. Once the browser has taken over, each code block the server marked gets a
 * copy button (portals into the server's markup): without JavaScript there is no button that cannot work.
 */
export function ArticleBody({ html }: { html: string }) {
  const { lang } = useAppData();
  const [blocks, setBlocks] = useState<HTMLElement[]>([]);
  const [status, setStatus] = useState<Status>({ text: '', serial: 0 });
  // A new callback for new HTML: React calls it once the new markup is in place.
  const findCodeBlocks = useCallback(
    (node: HTMLDivElement | null) => setBlocks(node && html ? Array.from(node.querySelectorAll<HTMLElement>(`.${CODE_BLOCK_CLASS}`)) : []),
    [html],
  );
  const announce = useCallback((text: string) => setStatus((previous) => ({ text, serial: previous.serial + 1 })), []);
  return (
    <>
      <div className={ARTICLE_BODY_CLASS} ref={findCodeBlocks} dangerouslySetInnerHTML={{ __html: html }} />
      {blocks.map((block, index) => createPortal(<CopyCodeButton block={block} onStatus={announce} />, block, String(index)))}
      <div className="visually-hidden" role="status" lang={lang} data-testid="copy-status">
        {status.text && <span key={status.serial}>{status.text}</span>}
      </div>
    </>
  );
}
