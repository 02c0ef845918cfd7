/**
 * The portal's section navigation: plain anchor links to each section of a long page (no JavaScript
 * needed), each with the count that matters to a client (new messages, documents, the next key date,
 * saved homes); sticky under the site's navigation on small screens, where the page is many screens long.
 */
import { formatShortDate } from "~/lib/plain-date";

export type PortalNavCounts = {
  /** The transaction's sections are shown (the client has an active transaction). */
  transaction: boolean;
  nextKeyDate: string | null;
  documents: number;
  estimates: number;
  /** Open offers. */
  offers: number;
  unreadMessages: number;
  homes: number;
  /** A sale's showings waiting for an answer (null: a purchase, no Showings section). */
  showingRequests?: number | null;
  /** A purchase's tours (null: a sale, no Tours section). */
  tours?: number | null;
};

export function PortalNav({ counts }: { counts: PortalNavCounts }) {
  const links = [
    ...(counts.transaction
      ? [
          { href: "#progress", label: "Progress", note: null },
          {
            href: "#key-dates",
            label: "Key dates",
            note: counts.nextKeyDate ? `next ${formatShortDate(counts.nextKeyDate)}` : null,
          },
          { href: "#documents", label: "Documents", note: counts.documents ? String(counts.documents) : null },
          { href: "#estimates", label: "Estimates", note: counts.estimates ? String(counts.estimates) : null },
          { href: "#offers", label: "Offers", note: counts.offers ? `${counts.offers} open` : null },
          ...(counts.showingRequests !== undefined && counts.showingRequests !== null
            ? [
                {
                  href: "#showings",
                  label: "Showings",
                  note: counts.showingRequests ? `${counts.showingRequests} to answer` : null,
                },
              ]
            : []),
          ...(counts.tours !== undefined && counts.tours !== null
            ? [{ href: "#tours", label: "Tours", note: counts.tours ? String(counts.tours) : null }]
            : []),
          {
            href: "#messages",
            label: "Messages",
            note: counts.unreadMessages ? `${counts.unreadMessages} new` : null,
          },
        ]
      : []),
    { href: "#listings", label: "Homes", note: counts.homes ? String(counts.homes) : null },
  ];
  return (
    <nav
      aria-label="Sections of your portal"
      className="sticky top-16 z-40 -mx-4 mt-4 border-b border-slate-200 bg-slate-50/95 px-2 backdrop-blur sm:static sm:mx-0 sm:rounded-lg sm:border sm:bg-white sm:px-2"
      data-testid="portal-nav"
    >
      <ul className="flex gap-1 overflow-x-auto">
        {links.map((link) => (
          <li key={link.href} className="shrink-0">
            <a
              href={link.href}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              {link.label}
              {link.note ? (
                <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">
                  {link.note}
                </span>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
