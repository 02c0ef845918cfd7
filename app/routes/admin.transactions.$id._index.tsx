/**
 * /admin/transactions/{id}, the workspace's overview (docs/workspace.md): what the spec asks of the detail view (the
 * progress panel, with its "Update" dialog at ?update={milestone}), the client's name, the team, the file's review,
 * a summary line per part of the deal linking to its tab, and the details and status form. An address that carries a
 * part's query (`?offer=12`, from before the tabs) is sent on to that part's tab.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { ClientNameForm } from "~/components/client-name-form";
import { FileReviewSummary } from "~/components/file-review-summary";
import { PageSection } from "~/components/page-section";
import { ProgressPanel } from "~/components/progress-panel";
import { TeamSection } from "~/components/team-section";
import { TransactionDetails } from "~/components/transaction-details";
import { UpdateMilestoneDialog } from "~/components/update-milestone-dialog";
import { milestoneIntents, transactionIntents } from "~/lib/intents";
import { TABS, tabOfQuery, tabPath, workspaceMeta } from "~/lib/workspace-tabs";
import { compensationOf, compensationWords } from "~/models/compensation.server";
import { documentsOfSteps } from "~/models/document.server";
import { fileSummary } from "~/models/file-review.server";
import { listMilestones, toMilestoneJson } from "~/models/milestone.server";
import { assignableAgents } from "~/models/team.server";
import { completionHoldWords } from "~/models/transaction-edit.server";
import { collaboratorIds, toTransactionJson } from "~/models/transaction.server";
import { agentCardOf } from "~/models/user.server";
import type { WorkspaceData } from "~/routes/admin.transactions.$id/route";
import { workspaceSummary } from "~/models/workspace-summary.server";
import { assignmentSection } from "~/sections/assignment.server";
import { milestoneSection, type MilestoneActionData } from "~/sections/milestones.server";
import { transactionSection, type TransactionActionData } from "~/sections/transaction.server";
import { openWorkspace, workspaceAction, type Workspace } from "~/sections/workspace.server";

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, "Manage");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, staff, id, transaction } = await openWorkspace(request, params);
  const url = new URL(request.url);
  const moved = tabOfQuery(url.searchParams);
  if (moved) throw redirect(`${tabPath(id, moved)}${url.search}`);
  const file = fileSummary(db, staff, id);
  return {
    transaction: toTransactionJson(transaction),
    milestones: listMilestones(db, staff, id).map(toMilestoneJson),
    ofSteps: documentsOfSteps(db, staff, id),
    team: teamOf({ db, staff, id, transaction }),
    file,
    summary: workspaceSummary(db, staff, transaction, file),
    compensation: compensationWords(compensationOf(db, transaction)),
    // What the broker's reason would pass at completion: the file's open items, the agent's lapsed license.
    closeOverride: staff.isAdmin ? completionHoldWords(db, transaction) : null,
    isAdmin: staff.isAdmin,
  };
}

function teamOf({ db, staff, id, transaction }: Workspace) {
  const collaborators = collaboratorIds(db, id);
  const agentId = transaction.assignedAgentId;
  return {
    agent: agentCardOf(db, agentId)?.name ?? null,
    agentId,
    collaboratorIds: collaborators,
    collaborators: collaborators.map((c) => agentCardOf(db, c)?.name ?? "").filter(Boolean),
    agents: staff.isAdmin ? assignableAgents(db) : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return workspaceAction(request, params, "overview", [milestoneSection, transactionSection, assignmentSection]);
}

export default function WorkspaceOverview() {
  const data = useLoaderData<typeof loader>();
  const { transaction, milestones } = data;
  // The client's name as the workspace's own loader read it (the header shows it too).
  const client = useRouteLoaderData<WorkspaceData>("routes/admin.transactions.$id")?.client;
  const location = useLocation();
  const actionData = useActionData<MilestoneActionData | TransactionActionData>();
  const here = tabPath(transaction.id, "overview");
  const updateId = Number(new URLSearchParams(location.search).get("update"));
  const editing = milestones.find((m) => m.id === updateId);
  const milestoneAnswer =
    actionData?.intent === milestoneIntents.update && actionData.milestoneId === editing?.id ? actionData : undefined;
  const transactionAnswer =
    actionData?.intent === transactionIntents.edit || actionData?.intent === transactionIntents.clientName
      ? (actionData as TransactionActionData)
      : undefined;

  return (
    <>
      {client && data.isAdmin ? (
        <ClientNameForm
          firstName={client.firstName}
          lastName={client.lastName}
          lastResult={
            transactionAnswer?.intent === transactionIntents.clientName ? transactionAnswer.result : undefined
          }
        />
      ) : null}

      <PageSection id="parts" title="The deal, part by part">
        <ul className="mt-2 grid gap-2 sm:grid-cols-2" data-testid="workspace-summary">
          {data.summary.map((line) => {
            const tab = TABS.find((t) => t.key === line.tab)!;
            return (
              // Each line carries the old anchors of its part: an old link lands on it, and it links to the tab.
              <li key={line.tab} id={tab.anchors[0]} className="scroll-mt-20 target:rounded-md target:bg-brand-50">
                {tab.anchors.slice(1).map((anchor) => (
                  <span key={anchor} id={anchor} />
                ))}
                <Link
                  to={tabPath(transaction.id, line.tab)}
                  className="font-semibold"
                  data-testid={`summary-${line.tab}`}
                >
                  {line.words}
                </Link>
              </li>
            );
          })}
        </ul>
      </PageSection>

      <TeamSection transactionId={transaction.id} team={data.team} />

      <FileReviewSummary transactionId={transaction.id} file={data.file} />

      <div className="mt-6">
        <ProgressPanel
          transaction={transaction}
          milestones={milestones}
          documents={data.ofSteps}
          isAdmin
          updateHref={(m) => `?update=${m.id}`}
        />
      </div>

      <TransactionDetails
        transaction={transaction}
        compensation={data.compensation}
        closeOverride={data.closeOverride}
        lastResult={transactionAnswer?.intent === transactionIntents.edit ? transactionAnswer.result : undefined}
        refusal={
          transactionAnswer?.intent === transactionIntents.edit
            ? transactionAnswer.refusal?.toast?.description
            : undefined
        }
      />

      {editing ? (
        <UpdateMilestoneDialog
          key={editing.id}
          milestone={editing}
          closeHref={here}
          lastResult={milestoneAnswer?.result}
          failed={Boolean(milestoneAnswer?.refusal)}
        />
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
