/**
 * The contract's key dates (docs/decisions/018-deadlines.md): the portal's panel above the tracker and the
 * staff's list in the workspace share the rows. Each date with its weekday, how far it is from today
 * ("in 3 days", "today", "2 days overdue"), where it moved from, and whose task it is; done and waived
 * ones marked, the next open one stressed. "Today" is the server's San Diego date (the loader's), so the
 * page reads the same before and after hydration.
 */
import { PageSection } from "~/components/page-section";
import type { ReactNode } from "react";
import type { DeadlineStatus } from "~/domain/enums";
import { daysBetween, formatPlainDate, formatShortDate } from "~/lib/plain-date";

export type ListedDeadline = {
  id: number;
  key: string;
  title: string;
  dueOn: string;
  movedFrom: string | null;
  movedReason: string | null;
  status: DeadlineStatus;
  task: string;
  milestoneStep: number | null;
};

/** "today", "tomorrow", "in 3 days", "yesterday", "2 days overdue". */
export function relativeDay(today: string, date: string): string {
  const days = daysBetween(today, date);
  if (days === 0) return "today";
  if (days === 1) return "tomorrow";
  if (days > 1) return `in ${days} days`;
  return days === -1 ? "1 day overdue" : `${-days} days overdue`;
}

export const movedText = (d: Pick<ListedDeadline, "movedFrom" | "movedReason">) =>
  d.movedFrom ? `moved from ${formatShortDate(d.movedFrom)} (${d.movedReason})` : null;

const STATUS_LABEL: Record<DeadlineStatus, string> = { open: "Open", done: "Done", waived: "Waived" };

export function DeadlineList({
  deadlines,
  today,
  actions,
}: {
  deadlines: ListedDeadline[];
  today: string;
  /** Staff's buttons for a row (the workspace); the portal offers the calendar event instead. */
  actions?: (d: ListedDeadline) => ReactNode;
}) {
  const next = deadlines.find((d) => d.status === "open" && d.dueOn >= today);
  return (
    <ol className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="deadlines">
      {deadlines.map((d) => {
        const closed = d.status !== "open";
        const isNext = d === next;
        const overdue = !closed && d.dueOn < today;
        return (
          <li
            key={d.id}
            className={`flex flex-wrap items-start justify-between gap-3 px-4 py-3 text-sm ${isNext ? "bg-brand-50" : ""}`}
            data-testid="deadline"
            data-status={d.status}
          >
            <div className="min-w-0">
              <p
                className={
                  closed ? "text-slate-500 line-through" : isNext ? "font-bold text-brand-900" : "font-semibold"
                }
              >
                {d.title}
                {isNext ? (
                  <span className="ml-2 rounded bg-brand-600 px-1.5 py-0.5 text-xs text-white">Next</span>
                ) : null}
              </p>
              <p className={overdue ? "font-semibold text-red-700" : "text-slate-700"}>
                <time dateTime={d.dueOn}>{formatPlainDate(d.dueOn)}</time>
                {closed ? ` · ${STATUS_LABEL[d.status]}` : ` · ${relativeDay(today, d.dueOn)}`}
                {movedText(d) ? <span className="text-slate-600"> · {movedText(d)}</span> : null}
              </p>
              {!closed ? <p className="text-xs text-slate-600">{d.task}</p> : null}
            </div>
            {actions ? (
              <div className="flex flex-wrap gap-2">{actions(d)}</div>
            ) : !closed ? (
              <a
                href={`/deadlines/${d.id}.ics`}
                className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline"
                aria-label={`Add ${d.title} to your calendar`}
              >
                Add to calendar
              </a>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** The portal's Key dates panel, above the tracker. */
export function DeadlinesPanel({
  deadlines,
  today,
  side = "buying",
}: {
  deadlines: ListedDeadline[];
  today: string;
  /** A seller accepts an offer; a buyer's offer is accepted. */
  side?: "buying" | "selling";
}) {
  return (
    <PageSection id="key-dates" title="Key dates" className="mb-4">
      {deadlines.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          {side === "selling"
            ? "Key dates appear here once you accept an offer."
            : "Key dates appear here once your offer is accepted."}
        </p>
      ) : (
        <DeadlineList deadlines={deadlines} today={today} />
      )}
    </PageSection>
  );
}
