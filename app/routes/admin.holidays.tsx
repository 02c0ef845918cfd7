import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { CalendarFeed } from "~/components/calendar-feed";
import { card } from "~/components/card";
import { TextField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { env } from "~/config/env.server";
import type { User } from "~/db/schema";
import { getDb } from "~/infra/database.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { requireAdmin } from "~/infra/guards.server";
import { readForm } from "~/infra/http.server";
import { intentOf, refuse, unknownIntent } from "~/infra/page-action.server";
import { holidayDateSchema, holidayFormSchema } from "~/lib/contract-schema";
import { countOf } from "~/lib/plural";
import { InvalidInputError } from "~/lib/errors";
import { holidayIntents } from "~/lib/intents";
import { formatPlainDate, todayIn } from "~/lib/plain-date";
import { privatePageMeta } from "~/lib/seo";
import { calendarToken, resetCalendarToken } from "~/models/calendar.server";
import { addHoliday, listHolidays, removeHoliday } from "~/models/holiday.server";

/**
 * /admin/holidays: the California legal holidays the contract deadlines count with (this year and the
 * next; an admin adds or removes a date and every open deadline is computed again), and the staff
 * calendar feed (every active transaction's deadlines). docs/decisions/018-deadlines.md.
 */
export const meta: MetaFunction = () => privatePageMeta("Holidays");

const HERE = "/admin/holidays";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  const year = Number(todayIn(new Date()).slice(0, 4));
  return {
    years: [year, year + 1],
    holidays: listHolidays(db, admin, [year, year + 1]),
    calendarUrl: `${env().APP_URL}/calendar/${calendarToken(db, admin)}.ics`,
  };
}

type ActionData = { intent: "add-holiday"; result: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readForm(request);
  switch (intentOf(formData, holidayIntents)) {
    case holidayIntents.addHoliday:
      return addAction(admin, formData);
    case holidayIntents.removeHoliday:
      return removeAction(admin, formData);
    case holidayIntents.resetCalendar:
      resetCalendarToken(getDb(), admin);
      return redirectWithToast(`${HERE}#calendar`, { description: "The staff calendar has a new address." });
    default:
      return unknownIntent();
  }
}

const changedToast = (changed: number) =>
  changed === 0 ? "No deadline moved." : `${countOf(changed, "deadline")} moved.`;

async function addAction(admin: User, formData: FormData) {
  const submission = parseWithZod(formData, { schema: holidayFormSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ intent: "add-holiday", result: submission.reply() }, { status: 400 });
  }
  try {
    const changed = addHoliday(getDb(), admin, submission.value.date!, submission.value.name);
    return redirectWithToast(HERE, { description: `Holiday added. ${changedToast(changed)}` });
  } catch (error) {
    if (error instanceof InvalidInputError) {
      return data<ActionData>(
        { intent: "add-holiday", result: submission.reply({ fieldErrors: error.fieldErrors }) },
        { status: 400 },
      );
    }
    return refuse(error, { back: HERE });
  }
}

async function removeAction(admin: User, formData: FormData) {
  const parsed = holidayDateSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refuse(new InvalidInputError("Choose a date"), { back: HERE });
  try {
    const changed = removeHoliday(getDb(), admin, parsed.data.date);
    return redirectWithToast(HERE, { description: `Holiday removed. ${changedToast(changed)}` });
  } catch (error) {
    return refuse(error, { back: HERE });
  }
}

const small = "rounded-md border border-slate-300 px-2.5 py-1 text-xs font-semibold disabled:opacity-70";

export default function Holidays() {
  const { years, holidays, calendarUrl } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const [form, fields] = useForm({
    id: "add-holiday",
    lastResult: actionData?.result,
    constraint: getZodConstraint(holidayFormSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: holidayFormSchema }),
  });
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold text-brand-900">Holidays</h1>
      <section aria-labelledby="holidays-title" className={`mt-4 ${card} p-6`}>
        <h2 id="holidays-title" className="text-lg font-semibold">
          Legal holidays, {years[0]} and {years[1]}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          From Government Code §6700 and Civil Code §7: a deadline that lands on one of these days (or a weekend) moves
          to the next day that is neither. Adding or removing a date computes every open deadline again.
        </p>
        <ul className="mt-3 divide-y divide-slate-200 text-sm" data-testid="holidays">
          {holidays.map((h) => (
            <li
              key={`${h.date}-${h.name}`}
              className="flex items-center justify-between gap-2 py-1.5"
              data-testid="holiday"
            >
              <span className={h.source === "removed" ? "text-slate-500 line-through" : ""}>
                <time dateTime={h.date}>{formatPlainDate(h.date)}</time> · {h.name}
                {h.source === "added" ? " (added)" : h.source === "removed" ? " (removed)" : ""}
              </span>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="date" value={h.date} />
                <input type="hidden" name="name" value={h.name} />
                {h.source === "removed" ? (
                  <SubmitButton
                    intent={holidayIntents.addHoliday}
                    pendingLabel="Saving..."
                    className={small}
                    aria-label={`Restore ${h.name}`}
                  >
                    Restore
                  </SubmitButton>
                ) : (
                  <SubmitButton
                    intent={holidayIntents.removeHoliday}
                    pendingLabel="Saving..."
                    className={small}
                    aria-label={`Remove ${h.name}, ${h.date}`}
                  >
                    Remove
                  </SubmitButton>
                )}
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-2 sm:grid-cols-3">
          <TextField field={fields.date} label="Date" type="date" />
          <TextField field={fields.name} label="Name" />
          <div className="sm:pt-6">
            <SubmitButton intent={holidayIntents.addHoliday} pendingLabel="Adding...">
              Add Holiday
            </SubmitButton>
          </div>
        </Form>
      </section>
      <CalendarFeed
        url={calendarUrl}
        resetIntent={holidayIntents.resetCalendar}
        title="Staff calendar"
        lead="Every active transaction's open deadlines, from a week ago to four months ahead."
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
