import { useHydrated } from './use-hydrated';

/**
 * Opens the browser's print dialog (print, or save as PDF). It needs JavaScript, so it shows only once
 * the browser has hydrated it: without JavaScript there is no dead button.
 */
export function PrintButton({ label, className = '' }: { label: string; className?: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" className={`btn btn-sm btn-outline-accent print-button ${className}`.trim()} onClick={() => window.print()}>
      {label}
    </button>
  );
}
