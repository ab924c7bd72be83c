import { useT } from '../app-context';
import { useHydrated } from '../hooks/use-hydrated';

/**
 * Opens the browser's print dialog (print, or save as PDF). It needs JavaScript, so it is rendered
 * only once the browser has hydrated: without JavaScript there is no dead button.
 */
export function PrintButton({ className = '' }: { className?: string }) {
  const t = useT();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" className={`btn btn-sm btn-outline-accent print-button ${className}`.trim()} onClick={() => window.print()}>
      {t('CV.PRINT')}
    </button>
  );
}
