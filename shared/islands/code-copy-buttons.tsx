// Copy buttons on the article's code blocks. The server renders only the status region; once hydrated,
// the island finds each code block the server marked and portals a button into it, so without
// JavaScript there is no button that cannot work.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { ARTICLE_BODY_CLASS, CODE_BLOCK_CLASS } from '../items/article-markup';
import { useHydrated } from './use-hydrated';

export interface CodeCopyLabels {
  copy: string;
  copied: string;
  copiedStatus: string;
  failed: string;
}

interface Status {
  text: string;
  /** Changes on each message, so the same message said twice is announced twice. */
  serial: number;
}

const COPIED_FOR_MS = 2000;

function CopyCodeButton({ block, labels, lang, onStatus }: { block: HTMLElement; labels: CodeCopyLabels; lang: string; onStatus: (text: string) => void }) {
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
      onStatus(labels.copiedStatus);
    } catch {
      // No clipboard (permission refused, insecure context): say so rather than fail silently.
      onStatus(labels.failed);
    }
  };
  return (
    // In the interface language, inside an article that may be in another.
    <button type="button" className="btn btn-sm code-copy" lang={lang} onClick={() => void copy()} data-testid="copy-code">
      {copied ? labels.copied : labels.copy}
    </button>
  );
}

export function CodeCopyButtons({ labels, lang }: { labels: CodeCopyLabels; lang: string }) {
  const hydrated = useHydrated();
  // The server's markup never changes under the island: read once, after hydration.
  const blocks = useMemo(() => (hydrated ? Array.from(document.querySelectorAll<HTMLElement>(`.${ARTICLE_BODY_CLASS} .${CODE_BLOCK_CLASS}`)) : []), [hydrated]);
  const [status, setStatus] = useState<Status>({ text: '', serial: 0 });
  const announce = useCallback((text: string) => setStatus((previous) => ({ text, serial: previous.serial + 1 })), []);
  return (
    <>
      {blocks.map((block, index) => createPortal(<CopyCodeButton block={block} labels={labels} lang={lang} onStatus={announce} />, block, String(index)))}
      <div className="visually-hidden" role="status" lang={lang} data-testid="copy-status">
        {status.text && <span key={status.serial}>{status.text}</span>}
      </div>
    </>
  );
}
