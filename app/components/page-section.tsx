/**
 * A section of a transaction's page (the portal and the workspace: progress, key dates, documents,
 * estimates, offers, messages, the contract, the details…): a card with an anchor (`#id`, kept clear of the
 * sticky navigation), its heading (`{id}-title`, which names the region) and what sits beside the heading.
 */
import type { ReactNode } from "react";
import { anchorOffset, card } from "~/components/card";

export function PageSection({
  id,
  title,
  aside,
  className = "mt-4",
  testId,
  children,
}: {
  id: string;
  title: ReactNode;
  /** Beside the heading, on the right: a button, a link, a count. */
  aside?: ReactNode;
  /** The space above it (the first section of a page has none). */
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`${className} ${anchorOffset} ${card} p-6 shadow-sm`}
      data-testid={testId}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-xl font-bold text-brand-900">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
