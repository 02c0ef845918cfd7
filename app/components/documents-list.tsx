/**
 * A transaction's documents, newest first: name (a link to the file), size, date and who uploaded it;
 * Remove for those the viewer may remove, and for admins the removed ones with Restore. The portal and
 * the admin's transaction page show it under the upload form; each milestone lists its own documents
 * (`MilestoneDocuments`).
 */
import { Form } from "@remix-run/react";
import { buttonSmall as smallButton, SubmitButton } from "~/components/submit-button";
import { formatDate } from "~/lib/format";
import { documentIntents } from "~/lib/intents";
import { formatBytes } from "~/lib/upload-rules";

export type ListedDocument = {
  id: number;
  name: string;
  size: number;
  contentType: string;
  milestoneId: number | null;
  uploadedBy: { name: string; role: "client" | "admin" };
  createdAt: string;
  url: string;
  removedAt: string | null;
  mayRemove: boolean;
};

/** A document as its milestone lists it: a link and its size (documentsPage's `ofSteps`). */
export type StepDocument = Pick<ListedDocument, "id" | "name" | "size" | "url"> & { milestoneId: number };

const uploaderLine = (d: ListedDocument) =>
  `${d.uploadedBy.name} (${d.uploadedBy.role === "client" ? "client" : "staff"})`;

export function DocumentsList({
  documents,
  canRestore = false,
  stepTitle,
}: {
  documents: ListedDocument[];
  canRestore?: boolean;
  /** The step a document belongs to, shown beside it. */
  stepTitle?: (milestoneId: number) => string | undefined;
}) {
  if (documents.length === 0) {
    return <p className="mt-4 text-sm text-slate-600">No documents yet.</p>;
  }
  return (
    <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="documents">
      {documents.map((d) => {
        const step = d.milestoneId !== null ? stepTitle?.(d.milestoneId) : undefined;
        return (
          <li
            key={d.id}
            className={`flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm ${d.removedAt ? "bg-slate-50 text-slate-500" : ""}`}
            data-testid="document"
          >
            <div className="min-w-0">
              <a href={d.url} className="break-all font-medium text-brand-700 underline" download>
                {d.name}
              </a>
              <p className="text-xs text-slate-600">
                {formatBytes(d.size)} · {formatDate(d.createdAt)} · {uploaderLine(d)}
                {step ? ` · ${step}` : ""}
                {d.removedAt ? ` · Removed on ${formatDate(d.removedAt)}` : ""}
              </p>
            </div>
            {d.removedAt ? (
              canRestore ? (
                <DocumentButton
                  id={d.id}
                  intent={documentIntents.restore}
                  label="Restore"
                  pending="Restoring..."
                  name={d.name}
                />
              ) : null
            ) : d.mayRemove ? (
              <DocumentButton
                id={d.id}
                intent={documentIntents.remove}
                label="Remove"
                pending="Removing..."
                name={d.name}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function DocumentButton(p: { id: number; intent: string; label: string; pending: string; name: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="documentId" value={p.id} />
      <SubmitButton
        intent={p.intent}
        pendingLabel={p.pending}
        className={smallButton}
        aria-label={`${p.label} ${p.name}`}
      >
        {p.label}
      </SubmitButton>
    </Form>
  );
}

/** The documents of one milestone, as links (in the progress panel). */
export function MilestoneDocuments({ documents }: { documents: StepDocument[] }) {
  if (documents.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Documents of this step">
      {documents.map((d) => (
        <li key={d.id}>
          <a href={d.url} className="font-medium text-brand-700 underline" download>
            {d.name}
          </a>{" "}
          <span className="text-xs text-slate-500">({formatBytes(d.size)})</span>
        </li>
      ))}
    </ul>
  );
}
