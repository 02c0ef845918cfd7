/** Previous / Next links of a paginated list, with "Page X of Y". Plain links: they work without JavaScript. */
import { Link } from "@remix-run/react";

export function Pager({
  page,
  pageCount,
  href,
  summary,
}: {
  page: number;
  pageCount: number;
  /** The URL of a page (query included). */
  href: (page: number) => string;
  /** Said after "Page X of Y", e.g. "· 120 transactions". */
  summary?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
      {page > 1 ? <Link to={href(page - 1)}>← Previous</Link> : <span />}
      <span>
        Page {page} of {pageCount}
        {summary ? ` ${summary}` : ""}
      </span>
      {page < pageCount ? <Link to={href(page + 1)}>Next →</Link> : <span />}
    </nav>
  );
}
