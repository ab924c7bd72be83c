import { useT } from '../page-context';
import { Island } from '../islands/island';

/** The CV's print button: an island, hidden by CSS where scripts do not run (a button that could do nothing). */
export function PrintButtonIsland({ className }: { className?: string }) {
  const t = useT();
  return <Island name="print-button" props={{ label: t('CV.PRINT'), className }} />;
}
