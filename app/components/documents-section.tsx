/**
 * The Documents section of a transaction (the portal and the admin's transaction page): upload (none on a closed
 * transaction's read-only view), then the
 * newest documents, with "Show all N documents" (`?documents=all`) when there are more than a page lists
 * (app/models/document.server.ts `documentsPage`).
 */
import { PageSection } from "~/components/page-section";
import { Link } from "@remix-run/react";
import { DocumentUpload } from "~/components/document-upload";
import { DocumentsList, type ListedDocument } from "~/components/documents-list";

export function DocumentsSection({
  transactionId,
  documents,
  milestones,
  maxFileBytes,
  uploadError,
  canRestore = false,
}: {
  transactionId: number;
  documents: { list: ListedDocument[]; total: number };
  milestones: { id: number; stepNumber: number; title: string }[];
  /** The upload's limit; none: the list only (a closed transaction's read-only view). */
  maxFileBytes?: number;
  uploadError?: string | null;
  canRestore?: boolean;
}) {
  const steps = new Map(milestones.map((m) => [m.id, `Step ${m.stepNumber}: ${m.title}`]));
  return (
    <PageSection id="documents" title="Documents">
      {maxFileBytes !== undefined ? (
        <DocumentUpload
          transactionId={transactionId}
          steps={milestones}
          maxFileBytes={maxFileBytes}
          error={uploadError}
        />
      ) : null}
      <DocumentsList documents={documents.list} canRestore={canRestore} stepTitle={(id) => steps.get(id)} />
      {documents.list.length < documents.total ? (
        <p className="mt-3 text-sm">
          <Link to="?documents=all#documents" preventScrollReset className="font-medium text-brand-700 underline">
            Show all {documents.total} documents
          </Link>
        </p>
      ) : null}
    </PageSection>
  );
}
