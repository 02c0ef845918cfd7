import { returnedToAgent, waitingCount } from "~/models/file-review-queue.server";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { DueSoonCard } from "~/components/due-soon";
import { todayIn } from "~/lib/plain-date";
import { dueSoon } from "~/models/contract.server";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { useRef } from "react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { AdminTable } from "~/components/admin-table";
import { BarChart } from "~/components/bar-chart";
import { Pager } from "~/components/pager";
import { SubmissionList } from "~/components/submission-list";
import { SubmitButton } from "~/components/submit-button";
import { getDb } from "~/infra/database.server";
import { useHydrated } from "~/hooks/use-hydrated";
import { adminSearchSchema, searchParamsObject, TYPE_FILTERS } from "~/lib/admin-schemas";
import { panel } from "./panel";
import { ReturnedItems } from "./returned-items";
import { SpeedToLead } from "./speed-to-lead";
import { UnreadMessages } from "./unread-messages";
import { ListingAgreements } from "./listing-agreements";
import { requireStaff } from "~/infra/guards.server";
import { OfferedLeadsLine } from "~/components/offered-leads";
import { offeredLeads } from "~/models/routing.server";
import { fullName } from "~/lib/format";
import { formatMoney } from "~/lib/money";
import { readForm } from "~/infra/http.server";
import { intentOf, refuse, unknownIntent } from "~/infra/page-action.server";
import { bulkIntents, dashboardIntents } from "~/lib/intents";
import { bulkAssignees } from "~/models/team.server";
import { BulkAssign, BulkCheckbox } from "~/components/bulk-assign";
import { bulkAssignAction } from "~/sections/bulk-assign.server";
import { countOf } from "~/lib/plural";
import { privatePageMeta } from "~/lib/seo";
import { offsiteOverview } from "~/models/offsite.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import type { User } from "~/db/schema";
import { listContactSubmissions, toContactSummary } from "~/models/lead.server";
import { matchSummary } from "~/models/search.server";
import {
  activeByStepBand,
  adminSummary,
  leadsPerWeek,
  searchTransactions,
  collaborations,
} from "~/models/dashboard.server";
import { unsentEmails } from "~/models/mail-queue.server";
import { speedToLead } from "~/models/speed-to-lead.server";
import { duration } from "~/lib/time";
import { unreadThreads } from "~/models/message.server";
import { listingAgreementWarnings, waitingForStaff } from "~/models/agreement-lists.server";
import { WaitingForSignature } from "~/components/waiting-for-signature";
import { createTestData } from "~/models/sample-data.server";
import { currentReplication } from "~/infra/litestream.server";

const RECENT_SUBMISSIONS = 5;

// One formatter for the chart's labels (toLocaleDateString would build a new one per call).
const shortDateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "America/Los_Angeles",
});
const shortDate = (d: Date) => shortDateFormat.format(d);

// An agent's is their "Dashboard": the admin area's is the spec's "Admin Dashboard".
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  privatePageMeta(data?.isAdmin === false ? "Dashboard" : "Admin Dashboard");

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const { q, type, page } = adminSearchSchema.parse(searchParamsObject(request.url));
  const db = getDb();
  const result = searchTransactions(db, staff, { q, type: type === "all" ? undefined : type, page });
  const summary = adminSummary(db, staff);
  const today = todayIn(new Date());
  return {
    q,
    type,
    summary,
    page: result.page,
    pageCount: result.pageCount,
    total: result.total,
    matches: matchSummary(result.total, result.capped, "transaction"),
    rows: result.rows.map((r) => ({
      id: r.id,
      client: fullName(r) || r.email,
      email: r.email,
      type: r.type,
      propertyAddress: r.propertyAddress,
      homeValueCents: r.homeValueCents,
      status: r.status,
      completed: r.milestonesCompleted,
      totalSteps: r.milestonesTotal,
    })),
    offeredLeads: offeredLeads(db, staff).total,
    submissionCount: summary.contactSubmissions,
    emails: staff.isAdmin ? unsentEmails(db, staff) : null,
    backupAlarm: staff.isAdmin ? offsiteOverview(db, new Date(), currentReplication()).alarm : null,
    isAdmin: staff.isAdmin,
    agents: bulkAssignees(db, staff),
    collaborations: collaborations(db, staff),
    speed: (({ agents, untouched }) => ({
      agents: agents.map((a) => ({ ...a, median: a.medianMs === null ? null : duration(a.medianMs) })),
      untouched: untouched.map((l) => ({
        id: l.id,
        name: `${l.firstName} ${l.lastName}`,
        agent: l.agent,
        waiting: duration(Date.now() - l.createdAt.getTime()),
      })),
    }))(speedToLead(db, staff)),
    listingAgreements: listingAgreementWarnings(db, staff).map(({ id, title, warning, state, endsOn, href }) => ({
      id,
      title,
      warning,
      state,
      endsOn,
      href,
    })),
    filesToReview: staff.isAdmin ? waitingCount(db) : null,
    returnedItems: staff.isAdmin ? [] : returnedToAgent(db, staff),
    waitingForSignature: waitingForStaff(db, staff).map((w) => ({ ...w, since: w.since?.toISOString() ?? null })),
    unread: (({ total, threads }) => ({
      total,
      threads: threads.map((t) => ({ ...t, lastAt: t.lastAt.toISOString() })),
    }))(unreadThreads(db, staff)),
    leadsPerWeek: leadsPerWeek(db, staff).map((w) => ({ label: shortDate(w.weekStart), value: w.count })),
    activeByBand: activeByStepBand(db, staff).map((b) => ({
      group: b.type === "buying" ? "Buying" : "Selling",
      label: b.band.charAt(0).toUpperCase() + b.band.slice(1),
      value: b.count,
    })),
    submissions: listContactSubmissions(db, staff, { limit: RECENT_SUBMISSIONS }).map(toContactSummary),
    today,
    dueSoon: dueSoon(db, staff, today).map((d) => ({
      id: d.id,
      transactionId: d.transactionId,
      title: d.title,
      dueOn: d.dueOn,
      propertyAddress: d.propertyAddress,
      clientName: d.clientName,
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const formData = await readForm(request);
  switch (intentOf(formData, { ...dashboardIntents, ...bulkIntents })) {
    case dashboardIntents.setupTestData:
      return setupTestDataAction(staff);
    case bulkIntents.assign: {
      const url = new URL(request.url);
      return bulkAssignAction(getDb(), staff, "transactions", formData, `${url.pathname}${url.search}`);
    }
    default:
      return unknownIntent();
  }
}

async function setupTestDataAction(staff: User) {
  try {
    createTestData(getDb(), staff);
  } catch (error) {
    return refuse(error, {
      back: "/admin",
      toast: { title: "Error", description: "Failed to create test data", variant: "destructive" },
    });
  }
  return redirectWithToast("/admin", {
    description: "Test transactions created! Check the client portal to see them.",
  });
}

export default function AdminDashboard() {
  const d = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const pageHref = (page: number) => `?${new URLSearchParams({ q: d.q, type: d.type, page: String(page) })}`;

  return (
    <div className="mx-auto max-w-6xl">
      {d.backupAlarm ? (
        <p
          role="alert"
          className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-red-800"
          data-testid="backup-banner"
        >
          {d.backupAlarm}{" "}
          <Link to="/admin/settings#backups" className="font-semibold underline">
            See the backups
          </Link>
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-brand-900">{d.isAdmin ? "Admin Dashboard" : "Dashboard"}</h1>
        <div className="flex flex-wrap gap-3">
          {d.emails ? (
            <Link
              to="/admin/emails"
              className="rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold"
              data-testid="email-counts"
            >
              E-mails: {d.emails.queued} queued
              {d.emails.failed > 0 ? (
                <span className="text-red-700">, {d.emails.failed} failed</span>
              ) : (
                `, ${d.emails.failed} failed`
              )}
            </Link>
          ) : null}
          <Link
            to="/admin/transactions/new"
            className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            New Transaction
          </Link>
        </div>
      </div>

      {/* What waits for this person first, above the figures and charts. */}
      {d.waitingForSignature.length ? (
        <WaitingForSignature rows={d.waitingForSignature} className={`${panel} mt-6`} />
      ) : null}

      {d.filesToReview ? (
        <p className={`${panel} mt-6`} data-testid="files-to-review">
          <Link to="/admin/reviews" className="font-semibold">
            {countOf(d.filesToReview, "file item waits", "file items wait")} for your review
          </Link>
        </p>
      ) : null}

      <ReturnedItems rows={d.returnedItems} />

      <OfferedLeadsLine total={d.offeredLeads} />
      <UnreadMessages unread={d.unread} />

      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[
          ["Total Transactions", d.summary.totalTransactions],
          ["Active Buyers", d.summary.activeBuyers],
          ["Active Sellers", d.summary.activeSellers],
          ["Contact Submissions", d.summary.contactSubmissions],
        ].map(([label, value]) => (
          <div key={label} className={panel}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd
              className="mt-1 text-3xl font-bold text-brand-900"
              data-testid={`summary-${String(label).toLowerCase().replace(/ /g, "-")}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <BarChart
          id="leads-per-week"
          caption="New leads per week, last 12 weeks"
          bars={d.leadsPerWeek}
          valueLabel="New leads"
        />
        <BarChart
          id="active-by-band"
          caption="Active transactions, buying and selling, by stage (early, middle, closing steps)"
          bars={d.activeByBand}
          valueLabel="Active transactions"
        />
      </div>

      <DueSoonCard rows={d.dueSoon} today={d.today} className={`${panel} mt-6`} />

      <ListingAgreements rows={d.listingAgreements} />

      <SpeedToLead speed={d.speed} />

      {d.collaborations.length ? (
        <section className={`${panel} mt-6`} aria-labelledby="shared-title">
          <h2 id="shared-title" className="text-lg font-semibold">
            Shared with you
          </h2>
          <ul className="mt-2 grid gap-1 text-sm">
            {d.collaborations.map((t) => (
              <li key={t.id}>
                <Link to={`/admin/transactions/${t.id}`}>{t.propertyAddress ?? `Transaction ${t.id}`}</Link> ·{" "}
                {t.status}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {d.summary.totalTransactions === 0 && d.isAdmin ? (
        <section className={`${panel} mt-6`} aria-labelledby="quick-setup">
          <h2 id="quick-setup" className="text-lg font-semibold">
            Quick Setup
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Create sample buying and selling transactions to try the dashboard and the client portal.
          </p>
          <Form method="post" className="mt-4">
            <SubmitButton intent={dashboardIntents.setupTestData} pendingLabel="Creating...">
              Create Test Transactions
            </SubmitButton>
          </Form>
        </section>
      ) : null}

      <section className={`${panel} mt-6`} aria-labelledby="transactions-title">
        <h2 id="transactions-title" className="text-lg font-semibold">
          Transactions
        </h2>
        <Form
          method="get"
          role="search"
          className="mt-3 flex flex-wrap gap-3"
          onChange={(event) => {
            const form = event.currentTarget;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), 250);
          }}
        >
          <label className="sr-only" htmlFor="admin-q">
            Search
          </label>
          <input
            id="admin-q"
            type="search"
            name="q"
            defaultValue={d.q}
            placeholder="Search properties or clients..."
            className="min-w-[16rem] flex-1 rounded-md border border-slate-300 px-3 py-2"
          />
          <label className="sr-only" htmlFor="admin-type">
            Type
          </label>
          <select
            id="admin-type"
            name="type"
            defaultValue={d.type}
            className="rounded-md border border-slate-300 px-3 py-2"
          >
            {Object.entries(TYPE_FILTERS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          {hydrated ? null : (
            <button type="submit" className="rounded-md border border-brand-600 px-4 py-2 font-semibold text-brand-700">
              Search
            </button>
          )}
        </Form>

        {d.rows.length === 0 ? (
          <p className="mt-6 text-center text-slate-600">
            {d.summary.totalTransactions === 0
              ? "No transactions yet. Create test data to get started."
              : "No transactions match your search criteria."}
          </p>
        ) : (
          <AdminTable
            columns={[
              ...(d.agents ? ["Choose"] : []),
              "Client",
              "Type",
              "Property Address",
              "Value",
              "Progress",
              "Status",
              "Actions",
            ]}
            framed={false}
            className="mt-4"
            cardsOnPhone
          >
            {d.rows.map((r) => (
              <tr key={r.id} className="border-b border-slate-100" data-testid="transaction-row">
                {d.agents ? (
                  <td data-label="Choose" className="px-2 py-2">
                    <BulkCheckbox id={r.id} label={r.propertyAddress ?? r.client} />
                  </td>
                ) : null}
                <td data-label="Client" className="px-2 py-2">
                  <span className="min-w-0 text-right sm:text-left">
                    <span className="block font-medium">{r.client}</span>
                    <span className="block break-all text-xs text-slate-500">{r.email}</span>
                  </span>
                </td>
                <td data-label="Type" className="px-2 py-2">
                  {r.type === "buying" ? "Buyer" : "Seller"}
                </td>
                <td data-label="Property Address" className="px-2 py-2">
                  {r.propertyAddress ?? "—"}
                </td>
                <td data-label="Value" className="px-2 py-2">
                  {r.homeValueCents ? formatMoney(r.homeValueCents) : "—"}
                </td>
                <td data-label="Progress" className="px-2 py-2">
                  {r.totalSteps === 0
                    ? "Not set up"
                    : `${r.completed}/${r.totalSteps} (${Math.round((r.completed / r.totalSteps) * 100)}%)`}
                </td>
                <td data-label="Status" className="px-2 py-2 capitalize">
                  {r.status}
                </td>
                <td data-label="Actions" className="px-2 py-2">
                  <Link
                    to={`/admin/transactions/${r.id}`}
                    className="inline-flex min-h-11 items-center rounded-md border border-brand-600 px-3 font-semibold text-brand-700 sm:min-h-0 sm:py-1"
                  >
                    Manage
                  </Link>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
        {d.agents && d.rows.length ? <BulkAssign agents={d.agents} what="transactions" /> : null}
        <Pager page={d.page} pageCount={d.pageCount} href={pageHref} summary={`· ${d.matches}`} />
      </section>

      <section className={`${panel} mt-6`} aria-labelledby="recent-submissions">
        <h2 id="recent-submissions" className="text-lg font-semibold">
          Recent Contact Submissions
        </h2>
        {d.submissions.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No contact submissions yet.</p>
        ) : (
          <SubmissionList
            submissions={d.submissions}
            testId="recent-submission"
            showMessage={false}
            mailButton
            leadLinks
            className="mt-3 divide-y divide-slate-100"
          />
        )}
        {d.submissionCount > RECENT_SUBMISSIONS ? (
          <Link to="/admin/submissions" className="mt-2 inline-block text-sm font-semibold text-brand-700 underline">
            And {countOf(d.submissionCount - RECENT_SUBMISSIONS, "more submission")}...
          </Link>
        ) : null}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
