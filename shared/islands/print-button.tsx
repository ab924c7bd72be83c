/**
 * Opens the browser's print dialog (print, or save as PDF). It needs JavaScript: hidden by the CSS
 * where scripts do not run, so there is no dead button, and in place from the first paint where they
 * do, so nothing shifts when it hydrates.
 */
export function PrintButton({ label, className = '' }: { label: string; className?: string }) {
  return (
    <button type="button" className={`btn btn-sm btn-outline-accent print-button needs-script ${className}`.trim()} onClick={() => window.print()}>
      {label}
    </button>
  );
}
