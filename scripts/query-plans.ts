/**
 * Every query an admin page runs, with SQLite's plan for each: what `tests/unit/query-plans.test.ts` checks
 * on a small database and `npm run bench -- --scale=10y` prints on ten years of data. A page is rendered by
 * calling its route's loader as an admin (the app's own code, on the process's database); the statements
 * it runs are recorded and explained.
 *
 * The rule (docs/decisions/016-admin-at-scale.md): a query of a large table finds its rows through an index
 * that fits its filter and its order. So no plan may `SCAN` a large table without an index, walk a whole
 * index without a LIMIT (a count of every row), or sort in a `TEMP B-TREE`, except the queries of a search,
 * whose rows are at most MAX_SEARCH_MATCHES (app/models/search.server.ts).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { Statement } from "better-sqlite3";
import type { Db } from "~/db/client.server";
import { loader as dashboard } from "~/routes/admin._index/route";
import { loader as editPost } from "~/routes/admin.blog.$id";
import { loader as blog } from "~/routes/admin.blog._index";
import { loader as campaign } from "~/routes/admin.campaigns.$id";
import { loader as campaigns } from "~/routes/admin.campaigns._index";
import { loader as email } from "~/routes/admin.emails.$id";
import { loader as emails } from "~/routes/admin.emails._index";
import { loader as lead } from "~/routes/admin.leads.$id/route";
import { loader as leads } from "~/routes/admin.leads._index";
import { loader as submissions } from "~/routes/admin.submissions";
import { loader as workspace } from "~/routes/admin.transactions.$id/route";
import { loader as overview } from "~/routes/admin.transactions.$id._index";
import { loader as offersTab } from "~/routes/admin.transactions.$id.offers";
import { loader as agreementsTab } from "~/routes/admin.transactions.$id.agreements";
import { loader as showingsTab } from "~/routes/admin.transactions.$id.showings";
import { loader as documentsTab } from "~/routes/admin.transactions.$id.documents";
import { loader as messagesTab } from "~/routes/admin.transactions.$id.messages";
import { loader as moneyTab } from "~/routes/admin.transactions.$id.money";
import { loader as listingTab } from "~/routes/admin.transactions.$id.listing";
import { loader as contractTab } from "~/routes/admin.transactions.$id.contract";
import { loader as newTransaction } from "~/routes/admin.transactions.new";
import { loader as holidays } from "~/routes/admin.holidays";
import { loader as settings } from "~/routes/admin.settings";
import { loader as team } from "~/routes/admin.team/route";
import { loader as audit } from "~/routes/admin.audit";
import { loader as history } from "~/routes/admin.transactions.$id.history";
import { loader as reviews } from "~/routes/admin.reviews";
import { loader as checklistsPage } from "~/routes/admin.checklists";
import { loader as payoutsPage } from "~/routes/admin.payouts";

/** Tables that grow with the years (a scan of one is what the rule forbids). */
const LARGE_TABLES = new Set([
  "contact_submissions",
  "email_outbox",
  "email_contents",
  "lead_engagement",
  "lead_events",
  "transactions",
  "transaction_milestones",
  "users",
  "sessions",
  "saved_homes",
  "documents",
  "deadlines",
  "deadline_reminders",
  "estimates",
  "offers",
  "offer_rounds",
  "offer_events",
  "offer_documents",
  "audit_events",
  "transaction_collaborators",
  "sold_homes",
  "reviews",
  "review_requests",
  "checklist_items",
  "checklist_item_documents",
  "checklist_reviews",
  "payouts",
  "cdas",
  "home_listings",
  "listing_photos",
  "listing_prices",
  "open_houses",
  "open_house_visitors",
  "listing_view_days",
]);

/**
 * Partial indexes whose rows stay few whatever the years (read whole without a LIMIT): the team (staff
 * among the clients: app/db/schema/people.ts users_team_idx) and the broker's review queue (the items waiting for review,
 * counted for the dashboard: checklist_items_waiting_idx, emptied as the broker works it).
 */
const SMALL_INDEXES = ["users_team_idx", "checklist_items_waiting_idx"];

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;

export type AdminPage = {
  path: string;
  loader: Loader;
  params?: Record<string, string>;
  search?: boolean;
  /** Viewed by an agent (their own records) rather than an admin. */
  asAgent?: boolean;
};

/** Every admin page, with the records its detail pages show. */
export function adminPages(ids: {
  lead: number;
  email: number;
  campaign: number;
  post: number;
  /** A sale's, whose workspace's tabs are planned. */
  transaction: number;
  /** An offer of that transaction, opened on its Offers tab; none at ten years of data. */
  offer?: number;
  /** An agent: their dashboard and lists are planned too. */
  agent?: boolean;
}) {
  const pages: AdminPage[] = [
    { path: "/admin", loader: dashboard },
    { path: "/admin?q=bench+st&page=2", loader: dashboard, search: true },
    { path: "/admin?q=be", loader: dashboard, search: true },
    { path: "/admin?page=1000", loader: dashboard },
    { path: "/admin?type=selling&page=3", loader: dashboard },
    { path: "/admin/leads", loader: leads },
    { path: "/admin/leads?status=paused", loader: leads },
    { path: "/admin/leads?status=new", loader: leads },
    { path: "/admin/leads?status=nurturing&sort=score", loader: leads },
    { path: "/admin/leads?sort=score&page=3", loader: leads },
    { path: "/admin/leads?q=last42", loader: leads, search: true },
    { path: "/admin/leads?q=last42&status=paused&sort=score", loader: leads, search: true },
    { path: `/admin/leads/${ids.lead}`, loader: lead, params: { id: String(ids.lead) } },
    { path: "/admin/submissions?page=2", loader: submissions },
    { path: "/admin/emails", loader: emails },
    { path: "/admin/emails?status=failed", loader: emails },
    { path: "/admin/emails?kind=drip&page=2", loader: emails },
    { path: "/admin/emails?status=sent&kind=lead_alert", loader: emails },
    { path: `/admin/emails?lead=${ids.lead}`, loader: emails },
    { path: `/admin/emails/${ids.email}`, loader: email, params: { id: String(ids.email) } },
    { path: "/admin/campaigns", loader: campaigns },
    { path: `/admin/campaigns/${ids.campaign}`, loader: campaign, params: { id: String(ids.campaign) } },
    { path: "/admin/blog", loader: blog },
    { path: `/admin/blog/${ids.post}`, loader: editPost, params: { id: String(ids.post) } },
    { path: "/admin/holidays", loader: holidays },
    { path: "/admin/settings", loader: settings },
    // The transaction is a sale: its workspace has every tab, the Listing one too.
    ...[workspace, overview, agreementsTab, showingsTab, messagesTab, moneyTab, listingTab, contractTab].map(
      (loader) => ({
        path: `/admin/transactions/${ids.transaction}`,
        loader,
        params: { id: String(ids.transaction) },
      }),
    ),
    {
      path: `/admin/transactions/${ids.transaction}/documents?documents=all`,
      loader: documentsTab,
      params: { id: String(ids.transaction) },
    },
    ...(ids.offer
      ? [
          {
            path: `/admin/transactions/${ids.transaction}/offers?offer=${ids.offer}&offerSort=price`,
            loader: offersTab,
            params: { id: String(ids.transaction) },
          },
        ]
      : []),
    { path: `/admin/transactions/new?lead=${ids.lead}`, loader: newTransaction },
    { path: "/admin/team", loader: team },
    { path: "/admin/reviews", loader: reviews },
    { path: "/admin/reviews?after=1764300000000-5", loader: reviews },
    { path: "/admin/checklists", loader: checklistsPage },
    { path: "/admin/payouts?year=2026", loader: payoutsPage },
    { path: "/admin/audit", loader: audit },
    { path: "/admin/audit?action=document.view", loader: audit },
    { path: `/admin/audit?transactionId=${ids.transaction}&before=1000000`, loader: audit },
    { path: "/admin/audit?from=2020-01-01&to=2030-12-31", loader: audit },
    {
      path: `/admin/transactions/${ids.transaction}/history`,
      loader: history,
      params: { id: String(ids.transaction) },
    },
    ...(ids.agent
      ? [
          { path: "/admin", loader: dashboard, asAgent: true },
          { path: "/admin?type=selling&page=2", loader: dashboard, asAgent: true },
          { path: "/admin/leads", loader: leads, asAgent: true },
          { path: "/admin/leads?status=nurturing&sort=score", loader: leads, asAgent: true },
          { path: "/admin/submissions", loader: submissions, asAgent: true },
        ]
      : []),
  ];
  return pages;
}

export type PlannedQuery = { sql: string; plan: string[]; problems: string[] };

/**
 * The SELECT statements `run` executes on `db` (its connection), each once, whether it prepares them or
 * runs statements prepared before (app/db/client.server.ts `preparedQuery` keeps a page's queries for the
 * next views and pages).
 */
export async function recordQueries(db: Db, run: () => Promise<unknown>): Promise<string[]> {
  const client = db.$client;
  const seen = new Set<string>();
  // Every statement of better-sqlite3 shares one prototype: its reading methods note the SELECTs of this
  // connection that run.
  const statement = Object.getPrototypeOf(client.prepare("SELECT 1")) as Record<
    "all" | "get" | "iterate",
    (this: Statement, ...args: unknown[]) => unknown
  >;
  const reads = (["all", "get", "iterate"] as const).map((name) => [name, statement[name]] as const);
  for (const [name, read] of reads) {
    statement[name] = function (this: Statement, ...args: unknown[]) {
      if (this.database === client && /^\s*select\b/i.test(this.source)) seen.add(this.source);
      return read.apply(this, args);
    };
  }
  try {
    await run();
  } finally {
    for (const [name, read] of reads) statement[name] = read;
  }
  return [...seen];
}

/** SQLite's plan of a statement (its parameters bound to null: plans do not depend on values here). */
export function planOf(db: Db, sql: string): string[] {
  const parameters = (sql.match(/\?/g) ?? []).length;
  const rows = db.$client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array<null>(parameters).fill(null));
  return (rows as Array<{ detail: string }>).map((row) => row.detail);
}

/** What breaks the rule in a plan (nothing: []). */
export function problemsOf(plan: string[], sql: string, options: { search: boolean }): string[] {
  const problems: string[] = [];
  const paged = /\blimit\b/i.test(sql);
  // A sort is a problem when what is sorted grows with the years: rows of a large table.
  const large = plan.some((step) =>
    [...LARGE_TABLES].some((table) => new RegExp(`^(SCAN|SEARCH) ${table}\\b`).test(step)),
  );
  for (const step of plan) {
    const scan = step.match(/^SCAN (\w+)(?: USING (COVERING )?INDEX \w+)?/);
    if (scan && LARGE_TABLES.has(scan[1]!)) {
      const table = scan[1]!;
      // The table walked in its own order (rowid), newest first, a page at a time: the audit's unfiltered page.
      const byRowid = new RegExp(`order by "${table}"\\."id" desc limit`, "i").test(sql);
      const small = SMALL_INDEXES.some((name) => step.includes(`INDEX ${name}`));
      if (!/USING/.test(step) && !(paged && byRowid)) problems.push(`full scan of ${table}: ${step}`);
      else if (/USING/.test(step) && !paged && !small)
        problems.push(`a whole index of ${table} read without a LIMIT: ${step}`);
    }
    if (/USE TEMP B-TREE/.test(step) && large && !options.search)
      problems.push(`sorted in a temporary B-tree: ${step}`);
  }
  return problems;
}

/** Renders each page as `admin` and returns its queries with their plans and what breaks the rule. */
export async function planAdminPages(
  db: Db,
  pages: AdminPage[],
  request: (path: string, page: AdminPage) => Promise<Request>,
): Promise<Array<{ path: string; queries: PlannedQuery[] }>> {
  const out: Array<{ path: string; queries: PlannedQuery[] }> = [];
  for (const page of pages) {
    const req = await request(page.path, page);
    const statements = await recordQueries(db, () =>
      page.loader({ request: req, params: page.params ?? {}, context: {} }),
    );
    out.push({
      path: page.asAgent ? `${page.path} (agent)` : page.path,
      queries: statements.map((sql) => {
        const plan = planOf(db, sql);
        return { sql, plan, problems: problemsOf(plan, sql, { search: page.search === true }) };
      }),
    });
  }
  return out;
}
