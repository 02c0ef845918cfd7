/**
 * /client-portal/closed/{id}: a client's completed or cancelled transaction, read only: where it closed
 * and for how much, its agent, its documents first (the signed agreements and the settlement statement at their
 * top: what a seller needs for their taxes), its milestones and its messages. Nothing here changes anything; anyone else's, or
 * an active one, is 404 (app/models/closed-transactions.server.ts).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { closedLine } from "~/components/closed-transactions";
import { DocumentsSection } from "~/components/documents-section";
import { linkedStylesheet } from "~/components/inline-styles";
import { MessagesSection } from "~/components/messages-section";
import { ProgressPanel } from "~/components/progress-panel";
import { YourAgent } from "~/components/your-agent";
import { env } from "~/config/env.server";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, modelCall, parseId } from "~/infra/http.server";
import { telHref } from "~/lib/format";
import { privatePageMeta } from "~/lib/seo";
import { closedTransaction } from "~/models/closed-transactions.server";
import { documentsPage } from "~/models/document.server";
import { threadPage, toThreadJson } from "~/models/message.server";
import { listMilestones, toMilestoneJson } from "~/models/milestone.server";
import { toTransactionJson } from "~/models/transaction.server";
import { agentCardOf } from "~/models/user.server";
import { getTransaction } from "~/models/permissions.server";

export const handle = linkedStylesheet;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  privatePageMeta(data ? `Closed: ${data.closed.address}` : "Closed transaction");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const id = idParam(params.id);
  const closed = modelCall(() => closedTransaction(db, user, id));
  const transaction = getTransaction(db, user, id);
  const query = new URL(request.url).searchParams;
  const before = parseId(query.get("before"));
  const documents = documentsPage(db, user, id, { showAll: query.get("documents") === "all", keyFirst: true });
  const { site } = env();
  return {
    closed,
    transaction: toTransactionJson(transaction),
    milestones: listMilestones(db, user, id).map(toMilestoneJson),
    // Read only: nothing is removed from a closed file here.
    documents: { ...documents, list: documents.list.map((d) => ({ ...d, mayRemove: false })) },
    thread: toThreadJson(threadPage(db, user, id, { before })),
    olderShown: before !== null,
    agent: agentCardOf(db, transaction.assignedAgentId),
    agency: { phone: site.phone, email: site.email },
  };
}

export default function ClosedTransactionPage() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="content-links mx-auto max-w-6xl px-4 py-10">
      <Link to="/client-portal#closed-transactions" className="text-sm">
        Back to your portal
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">{d.closed.address}</h1>
      <p className="mt-1 text-slate-700" data-testid="closed-line">
        {closedLine(d.closed)}
      </p>
      <p className="mt-2 text-sm text-slate-600">
        This transaction is closed: what it holds is kept for you to read and download.
      </p>
      <div className="mt-6">
        {d.agent ? <YourAgent agent={d.agent} /> : null}
        {/* What a closed file is opened for first: its papers (the settlement statement for the taxes). */}
        <DocumentsSection transactionId={d.closed.id} documents={d.documents} milestones={d.milestones} />
        <div className="mt-4">
          <ProgressPanel
            transaction={d.transaction}
            milestones={d.milestones}
            documents={d.documents.ofSteps}
            isAdmin={false}
          />
        </div>
        <MessagesSection
          transactionId={d.closed.id}
          thread={d.thread}
          olderShown={d.olderShown}
          closedNote={
            <p className="mt-4 text-sm text-slate-600">
              This transaction is closed. A question about it? Call us at{" "}
              <a href={telHref(d.agency.phone)}>{d.agency.phone}</a> or write to{" "}
              <a href={`mailto:${d.agency.email}`}>{d.agency.email}</a>.
            </p>
          }
        />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
