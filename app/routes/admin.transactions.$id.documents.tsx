/**
 * /admin/transactions/{id}/documents, the workspace's Documents tab (docs/workspace.md,
 * docs/file-review.md): the transaction's documents (removed ones with Restore; all of them at ?documents=all) and the
 * file review, its checklist worked item by item (the File tab before the workspace's tabs).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { DocumentsSection } from "~/components/documents-section";
import { FileReviewList } from "~/components/file-review-list";
import { env } from "~/config/env.server";
import { workspaceMeta } from "~/lib/workspace-tabs";
import { documentsPage } from "~/models/document.server";
import { listMilestones, toMilestoneJson } from "~/models/milestone.server";
import { documentSection, type DocumentActionData } from "~/sections/documents.server";
import { fileReviewData, fileReviewSection } from "~/sections/file-review.server";
import { openWorkspace, workspaceAction } from "~/sections/workspace.server";

export const handle = { tab: "documents" };

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, "Documents");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, staff, id } = await openWorkspace(request, params);
  const showAll = new URL(request.url).searchParams.get("documents") === "all";
  return {
    id,
    documents: documentsPage(db, staff, id, { includeRemoved: true, showAll }),
    milestones: listMilestones(db, staff, id).map(toMilestoneJson),
    uploadMaxBytes: env().uploadMaxBytes,
    file: fileReviewData(db, staff, id),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  // The file review's upload (to ?upload={item}) before the documents' own.
  return workspaceAction(request, params, "documents", [fileReviewSection, documentSection]);
}

export default function DocumentsTab() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<DocumentActionData>();
  return (
    <>
      <DocumentsSection
        transactionId={d.id}
        documents={d.documents}
        milestones={d.milestones}
        maxFileBytes={d.uploadMaxBytes}
        uploadError={answer?.intent === "upload" ? answer.refusal.toast?.description : null}
        canRestore
      />
      <FileReviewList file={d.file} />
    </>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
