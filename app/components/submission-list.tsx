/** Contact-form submissions as the portal, the dashboard and the full list show them. */
import { Link } from "@remix-run/react";
import { telHref } from "~/lib/format";
import { card } from "~/components/card";

/** A submission as these lists show it (app/models/lead.server.ts `toContactSummary` makes it). */
export type SubmissionSummary = {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string | null;
  date: string;
};

export function SubmissionList({
  submissions,
  testId,
  showMessage = true,
  mailButton = false,
  leadLinks = false,
  className = `divide-y divide-slate-200 ${card}`,
}: {
  submissions: SubmissionSummary[];
  testId?: string;
  showMessage?: boolean;
  /** An "Email" button at the end of each row (the dashboard's mail button). */
  mailButton?: boolean;
  /** Each name links to its lead's page (admin lists). */
  leadLinks?: boolean;
  className?: string;
}) {
  return (
    <ul className={className}>
      {submissions.map((s) => (
        <li
          key={s.id}
          id={`submission-${s.id}`}
          className="flex scroll-mt-20 flex-wrap items-center justify-between gap-2 p-4 text-sm"
          data-testid={testId}
        >
          <div className="min-w-0">
            <p className="font-semibold">
              {leadLinks ? (
                <Link to={`/admin/leads/${s.id}`} className="text-brand-700 underline">
                  {s.name}
                </Link>
              ) : (
                s.name
              )}{" "}
              <span className="font-normal text-slate-500">· {s.date}</span>
            </p>
            <p>
              <a className="text-brand-700 underline" href={`mailto:${s.email}`}>
                {s.email}
              </a>{" "}
              · <a href={telHref(s.phone)}>{s.phone}</a>
            </p>
            {showMessage && s.message ? <p className="mt-1 whitespace-pre-line text-slate-700">{s.message}</p> : null}
          </div>
          {mailButton ? (
            <a
              href={`mailto:${s.email}`}
              className="rounded-md border border-slate-300 px-3 py-1 font-semibold"
              aria-label={`Email ${s.name}`}
            >
              Email
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The portal's "Contact Submissions" for an admin (docs/spec.md §2): the latest, or its empty state. */
export function PortalSubmissions({ submissions }: { submissions: SubmissionSummary[] }) {
  return (
    <section aria-labelledby="submissions-title" className="mt-10">
      <h2 id="submissions-title" className="text-2xl font-bold text-brand-900">
        Contact Submissions
      </h2>
      {submissions.length === 0 ? (
        <p className="mt-3 text-slate-600">No contact submissions yet.</p>
      ) : (
        <SubmissionList submissions={submissions} className={`mt-4 divide-y divide-slate-200 ${card}`} />
      )}
    </section>
  );
}
