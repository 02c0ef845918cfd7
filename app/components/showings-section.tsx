/**
 * A listing's Showings (app/sections/showings.server.ts): the showing page's address for the MLS, the
 * showings to answer (approve one of the times, decline, propose another) and to come (cancel), the past ones
 * with the buyer's agents' feedback, the totals, and the rules with the access instructions. Staff also record
 * a showing booked by phone and give the page a new address. Plain forms; times are San Diego's.
 */
import { Form, Link } from "@remix-run/react";
import { FieldShell, inputClass } from "~/components/field-shell";
import { PageSection } from "~/components/page-section";
import { buttonDanger, buttonOutline, buttonPrimary, buttonSmall, SubmitButton } from "~/components/submit-button";
import { formatSlot } from "~/lib/format";
import { showingIntents } from "~/lib/intents";
import { hoursText, PRICE_OPINION_LABELS, WEEKDAYS } from "~/lib/showing-schema";
import type { ShowingRules, ShowingStatus } from "~/domain/enums";

type Listed = {
  id: number;
  start: string;
  status: ShowingStatus;
  slots: string[];
  people: number;
  agent: { name: string; brokerage: string; licenseNumber: string };
  contact: { phone: string; email: string };
  feedback: {
    interest: number | null;
    price: "too_high" | "about_right" | "low" | null;
    comments: string | null;
  } | null;
};

/** What the section shows (app/sections/showings.server.ts, `showingsData`). */
export type ShowingsData = {
  staff: boolean;
  pageUrl: string;
  rules: ShowingRules;
  accessInstructions: string;
  upcoming: Listed[];
  past: Listed[];
  olderBefore: string | null;
  olderShown: boolean;
  totals: { shown: number; rated: number; interest: number | null };
  times: Record<string, string>;
  inputs: Record<string, string>;
};

const STATUS = {
  requested: "Requested",
  approved: "Approved",
  declined: "Declined",
  proposed: "Proposed to the agent",
  cancelled: "Cancelled",
  done: "Done",
} as const;

function Answer({
  showing,
  type,
  label,
  children,
  look = buttonSmall,
}: {
  showing: Listed;
  type: string;
  label: string;
  children?: React.ReactNode;
  /** The button's look: the primary action (approve) stands out from the others. */
  look?: string;
}) {
  return (
    <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="showingId" value={showing.id} />
      <input type="hidden" name="type" value={type} />
      {children}
      <SubmitButton intent={showingIntents.answer} pendingLabel="Saving..." className={look}>
        {label}
      </SubmitButton>
    </Form>
  );
}

/** The buyer's agent, as staff and the seller see them: license, party, and how to reach them. */
function Agent({ showing }: { showing: Listed }) {
  return (
    <p className="text-slate-600">
      {showing.agent.name} · {showing.agent.brokerage} · DRE {showing.agent.licenseNumber} · {showing.people}{" "}
      {showing.people === 1 ? "person" : "people"} ·{" "}
      <a className="underline" href={`tel:${showing.contact.phone.replace(/[^\d+]/g, "")}`}>
        {showing.contact.phone}
      </a>{" "}
      ·{" "}
      <a className="underline" href={`mailto:${showing.contact.email}`}>
        {showing.contact.email}
      </a>
    </p>
  );
}

export function ShowingsSection({ data, path }: { data: ShowingsData; path: string }) {
  const open = data.upcoming.filter((s) => s.status === "requested" || s.status === "proposed");
  const booked = data.upcoming.filter((s) => s.status === "approved");
  return (
    <PageSection id="showings" title="Showings" className="mt-8">
      <p className="text-sm">
        Showing page for the MLS:{" "}
        <a href={data.pageUrl} className="break-all text-brand-700 underline" data-testid="showing-page-url">
          {data.pageUrl}
        </a>
      </p>
      <p className="mt-1 text-sm text-slate-600" data-testid="showing-totals">
        {data.totals.shown + booked.length} {data.totals.shown + booked.length === 1 ? "showing" : "showings"} booked so
        far ({data.totals.shown} done, {booked.length} to come)
        {data.totals.interest !== null
          ? ` · average interest ${data.totals.interest.toFixed(1)} of 5 (${data.totals.rated} ${data.totals.rated === 1 ? "answer" : "answers"})`
          : ""}
      </p>

      <h3 className="mt-5 font-semibold">To answer</h3>
      {open.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No requests waiting.</p>
      ) : (
        <ul className="mt-2 grid gap-3" aria-label="Showings to answer">
          {open.map((s) => (
            <li
              key={s.id}
              className="grid gap-2 rounded-lg border border-slate-200 p-4 text-sm"
              data-testid="showing-request"
            >
              <p className="font-semibold">
                {STATUS[s.status]}: {s.slots.map((t) => data.times[t] ?? formatSlot(t)).join(" · ")}
                {s.status === "proposed" ? ` → ${formatSlot(s.start)}` : ""}
              </p>
              <Agent showing={s} />
              <div className="flex flex-wrap items-end gap-3">
                {s.status === "requested" ? (
                  <Answer showing={s} type="approve" label="Approve" look={buttonPrimary}>
                    <label className="text-sm">
                      <span className="sr-only">Time to approve</span>
                      <select name="start" className={`${inputClass} mt-0`} defaultValue={s.slots[0]}>
                        {s.slots.map((t) => (
                          <option key={t} value={t}>
                            {data.times[t] ?? formatSlot(t)}
                          </option>
                        ))}
                      </select>
                    </label>
                  </Answer>
                ) : null}
                {s.status === "requested" ? (
                  <Answer showing={s} type="decline" label="Decline" look={buttonDanger} />
                ) : null}
                {s.status === "proposed" ? <Answer showing={s} type="cancel" label="Cancel" /> : null}
              </div>
              <details className="text-sm">
                <summary className="cursor-pointer font-semibold text-brand-700">
                  {s.status === "proposed" ? "Propose another time" : "Propose a different time"}
                </summary>
                <div className="mt-2">
                  <Answer showing={s} type="propose" label="Propose this time">
                    <label className="grid gap-1 text-sm">
                      <span>Another time (San Diego)</span>
                      <input type="datetime-local" name="start" required className={`${inputClass} mt-0`} />
                    </label>
                  </Answer>
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}

      <h3 className="mt-5 font-semibold">Coming up</h3>
      {booked.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No approved showings to come.</p>
      ) : (
        <ul className="mt-2 grid gap-3" aria-label="Showings to come">
          {booked.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-4 text-sm"
              data-testid="showing-upcoming"
            >
              <div>
                <p className="font-semibold">{formatSlot(s.start)}</p>
                <Agent showing={s} />
              </div>
              <Answer showing={s} type="cancel" label="Cancel" />
            </li>
          ))}
        </ul>
      )}

      <h3 className="mt-5 font-semibold">Past showings and feedback</h3>
      {data.past.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No showings yet.</p>
      ) : (
        <ul className="mt-2 grid gap-2" aria-label="Past showings">
          {data.past.map((s) => (
            <li key={s.id} className="rounded-lg border border-slate-200 p-3 text-sm" data-testid="showing-past">
              <p>
                <span className="font-semibold">{formatSlot(s.start)}</span> · {STATUS[s.status]} · {s.agent.name} (
                {s.agent.brokerage})
              </p>
              {s.feedback ? (
                <p className="mt-1" data-testid="showing-feedback">
                  Interest {s.feedback.interest}/5 · Price {PRICE_OPINION_LABELS[s.feedback.price!].toLowerCase()}
                  {s.feedback.comments ? ` · “${s.feedback.comments}”` : ""}
                </p>
              ) : s.status === "done" ? (
                <p className="mt-1 text-slate-600">No feedback yet.</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {data.olderBefore || data.olderShown ? (
        <p className="mt-2 flex gap-4 text-sm">
          {data.olderShown ? (
            <Link to={`${path}#showings`} className="text-brand-700 underline">
              Latest showings
            </Link>
          ) : null}
          {data.olderBefore ? (
            <Link
              to={`${path}?showingsBefore=${encodeURIComponent(data.olderBefore)}#showings`}
              className="text-brand-700 underline"
            >
              Older showings
            </Link>
          ) : null}
        </p>
      ) : null}

      <details className="mt-6">
        <summary className="cursor-pointer font-semibold">Showing rules and access</summary>
        <p className="mt-2 text-sm text-slate-600">
          {WEEKDAYS.map((d, i) => `${d.slice(0, 3)} ${hoursText(data.rules.hours[i] ?? [])}`).join(" · ")}
        </p>
        <Form method="post" preventScrollReset className="mt-3 grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="text-sm font-semibold">Showing hours (leave a day empty to close it)</legend>
            {WEEKDAYS.map((day, i) => (
              <div key={day} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="w-24">{day}</span>
                <label>
                  <span className="sr-only">{day} from</span>
                  <input
                    type="time"
                    name={`from-${i}`}
                    defaultValue={data.rules.hours[i]?.[0]?.from ?? ""}
                    className={`${inputClass} mt-0 w-32`}
                  />
                </label>
                <span aria-hidden="true">to</span>
                <label>
                  <span className="sr-only">{day} to</span>
                  <input
                    type="time"
                    name={`to-${i}`}
                    defaultValue={data.rules.hours[i]?.[0]?.to ?? ""}
                    className={`${inputClass} mt-0 w-32`}
                  />
                </label>
              </div>
            ))}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <FieldShell id="showing-notice" label="Minimum notice (hours, 0 to 48)">
              <input
                id="showing-notice"
                name="noticeHours"
                type="number"
                min={0}
                max={48}
                required
                defaultValue={data.rules.noticeHours}
                className={inputClass}
              />
            </FieldShell>
            <FieldShell id="showing-slot" label="Slot length">
              <select
                id="showing-slot"
                name="slotMinutes"
                defaultValue={String(data.rules.slotMinutes)}
                className={inputClass}
              >
                <option value="30">30 minutes</option>
                <option value="60">60 minutes</option>
              </select>
            </FieldShell>
          </div>
          <FieldShell id="showing-blocked" label="Blocked dates" hint="One date a line, such as 2027-03-13">
            <textarea
              id="showing-blocked"
              name="blockedDates"
              rows={2}
              defaultValue={data.rules.blockedDates.join("\n")}
              className={inputClass}
            />
          </FieldShell>
          <fieldset className="text-sm">
            <legend className="font-semibold">Requests</legend>
            <label className="mt-1 flex min-h-11 items-center gap-2">
              <input type="radio" name="approval" value="manual" defaultChecked={!data.rules.autoApprove} />
              Approve each request
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="approval" value="auto" defaultChecked={data.rules.autoApprove} />
              Approve automatically
            </label>
          </fieldset>
          <FieldShell
            id="showing-access"
            label="Access instructions"
            hint="Lockbox, alarm, pets: sent only to the agent of an approved showing, never shown on the showing page."
          >
            <textarea
              id="showing-access"
              name="accessInstructions"
              rows={3}
              maxLength={2000}
              defaultValue={data.accessInstructions}
              className={inputClass}
            />
          </FieldShell>
          <div>
            <SubmitButton intent={showingIntents.saveRules} pendingLabel="Saving...">
              Save rules
            </SubmitButton>
          </div>
        </Form>
      </details>

      {data.staff ? (
        <>
          <details className="mt-4">
            <summary className="cursor-pointer font-semibold">Record a showing booked by phone</summary>
            <Form method="post" preventScrollReset className="mt-3 grid gap-3 sm:grid-cols-2">
              {(
                [
                  ["agentName", "Agent's name", "text"],
                  ["brokerage", "Brokerage", "text"],
                  ["licenseNumber", "DRE license number", "text"],
                  ["phone", "Phone", "tel"],
                  ["email", "E-mail", "email"],
                  ["start", "Time (San Diego)", "datetime-local"],
                ] as const
              ).map(([name, label, type]) => (
                <FieldShell key={name} id={`phone-showing-${name}`} label={label}>
                  <input id={`phone-showing-${name}`} name={name} type={type} required className={inputClass} />
                </FieldShell>
              ))}
              <FieldShell id="phone-showing-people" label="People">
                <input
                  id="phone-showing-people"
                  name="people"
                  type="number"
                  min={1}
                  max={10}
                  defaultValue={1}
                  className={inputClass}
                />
              </FieldShell>
              <div className="self-end">
                <SubmitButton intent={showingIntents.record} pendingLabel="Recording...">
                  Record showing
                </SubmitButton>
              </div>
            </Form>
          </details>
          <Form method="post" preventScrollReset className="mt-4">
            <SubmitButton intent={showingIntents.resetPage} pendingLabel="Resetting..." className={buttonOutline}>
              Give the showing page a new address
            </SubmitButton>
          </Form>
        </>
      ) : null}
    </PageSection>
  );
}
