import { useT } from '../page-context';
import { Island } from '../islands/island';

/** The CV's print button: an island, shown only once the browser has hydrated it. */
export function PrintButtonIsland({ className }: { className?: string }) {
  const t = useT();
  return <Island name="print-button" props={{ label: t('CV.PRINT'), className }} />;
}
