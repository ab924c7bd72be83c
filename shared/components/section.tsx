import type { ReactNode } from 'react';

/** A <section> named by its own <h2>, so the pairing of id and aria-labelledby cannot drift. */
export function Section({
  id,
  title,
  className,
  headingClassName,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
