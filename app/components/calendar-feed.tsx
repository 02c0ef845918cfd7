/**
 * A user's private calendar feed (the portal's for a client, /admin/holidays's staff feed): the address
 * in a field to copy (a Copy button with JavaScript), how to subscribe in Google Calendar, Apple Calendar
 * and Outlook, and Reset link (a plain form: the old address answers 404 at once).
 */
import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { anchorOffset, card } from "~/components/card";
import { buttonSmall as small, SubmitButton } from "~/components/submit-button";

export function CalendarFeed({
  url,
  resetIntent,
  title = "Your calendar",
  lead = "Subscribe to your key dates: they appear in your calendar and follow any change.",
}: {
  url: string;
  resetIntent: string;
  title?: string;
  lead?: string;
}) {
  const [copied, setCopied] = useState(false);
  // The Copy button needs JavaScript and the clipboard: shown once hydrated (the field is selectable anyway).
  const [canCopy, setCanCopy] = useState(false);
  useEffect(() => setCanCopy(typeof navigator.clipboard?.writeText === "function"), []);
  return (
    <section
      aria-labelledby="calendar-title"
      className={`mt-4 ${anchorOffset} ${card} p-6 text-sm shadow-sm`}
      id="calendar"
    >
      <h2 id="calendar-title" className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-slate-700">{lead}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label className="grid min-w-0 flex-1 gap-1 font-semibold">
          Calendar address (keep it private)
          <input
            readOnly
            value={url}
            className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs font-normal"
            onFocus={(e) => e.currentTarget.select()}
          />
        </label>
        {canCopy ? (
          <button
            type="button"
            className={`${small} self-end`}
            onClick={() => void navigator.clipboard.writeText(url).then(() => setCopied(true))}
          >
            {copied ? "Copied" : "Copy"}
          </button>
        ) : null}
      </div>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
        <li>
          Google Calendar: Other calendars, <strong>+</strong>, From URL, paste the address. Google refreshes subscribed
          calendars only every several hours: the e-mail reminders are the ones to count on.
        </li>
        <li>Apple Calendar: File, New Calendar Subscription, paste the address.</li>
        <li>Outlook: Add calendar, Subscribe from web, paste the address.</li>
      </ul>
      <Form method="post" className="mt-3" preventScrollReset>
        <SubmitButton intent={resetIntent} pendingLabel="Resetting..." className={small}>
          Reset link
        </SubmitButton>
        <span className="ml-2 text-xs text-slate-600">The old address stops working at once.</span>
      </Form>
    </section>
  );
}
