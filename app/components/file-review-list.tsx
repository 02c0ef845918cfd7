/**
 * The file review on the workspace's Documents tab (docs/file-review.md): the transaction's checklist, each
 * item with its state, documents and last review. Staff on the transaction attach or detach its documents and mark
 * an item ready; the broker (or the licensee they named) approves an item or returns it with a comment. The forms
 * go to the tab's action (app/sections/file-review.server.ts).
 */
import { Form } from "@remix-run/react";
import { ApproveOrReturn } from "~/components/approve-or-return";
import { card } from "~/components/card";
import { inputClass } from "~/components/field-shell";
import { PageSection } from "~/components/page-section";
import { buttonSmall, SubmitButton } from "~/components/submit-button";
import { ITEM_STATE_WORDS, REVIEW_COMMENT_MAX, type FileItem } from "~/lib/checklist-schema";
import { DOCUMENT_ACCEPT } from "~/lib/upload-rules";

/** The checklist as the tab shows it (app/sections/file-review.server.ts `fileReviewData`). */
export type FileReviewData = {
  isAdmin: boolean;
  /** Why this person cannot approve or return items (not the broker, nor named by them); null when they can. */
  reviewRefusal: string | null;
  state: string;
  complete: boolean;
  items: FileItem[];
  /** The transaction's documents an item may be met by. */
  documents: Array<{ id: number; name: string }>;
};

const STATE_STYLE = {
  missing: "bg-slate-100 text-slate-700",
  waiting: "bg-amber-100 text-amber-900",
  changed: "bg-amber-100 text-amber-900",
  approved: "bg-green-100 text-green-900",
  returned: "bg-red-100 text-red-900",
} as const;

export function FileReviewList({ file: d }: { file: FileReviewData }) {
  return (
    <PageSection id="file-review" title="File review">
      <p className="mt-2 text-slate-700">
        <span className="font-semibold" data-testid="file-state">
          {d.state}
        </span>
        . Each item is met by documents of this transaction and reviewed by the broker; the transaction closes only when
        every required item is approved.
      </p>
      {d.reviewRefusal ? (
        <p className="mt-2 text-sm font-semibold text-slate-800" data-testid="review-duty">
          {d.reviewRefusal}.
        </p>
      ) : null}
      <ol className="mt-4 space-y-3">
        {d.items.map((item) => {
          const unattached = d.documents.filter((doc) => !item.documents.some((a) => a.id === doc.id));
          return (
            <li key={item.id} id={`item-${item.id}`} className={`${card} p-4`} data-testid="file-item">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold text-brand-900">
                  {item.name}
                  <span className="ml-2 text-sm font-normal text-slate-600">
                    {item.required ? "Required" : item.condition ? "Not required for this home" : "If any"}
                    {item.condition ? ` (${item.condition})` : ""}
                    {item.dueByTitle ? ` · due by step ${item.dueBy}, ${item.dueByTitle}` : ""}
                  </span>
                </h3>
                <span
                  className={`rounded-full px-3 py-0.5 text-sm font-semibold ${STATE_STYLE[item.state]}`}
                  data-testid="item-state"
                >
                  {ITEM_STATE_WORDS[item.state]}
                </span>
              </div>
              {item.documents.length > 0 ? (
                <ul className="mt-2 space-y-1 text-sm">
                  {item.documents.map((doc) => (
                    <li key={doc.id} className="flex flex-wrap items-center gap-2">
                      <a href={`/documents/${doc.id}`}>{doc.name}</a>
                      <Form method="post" className="inline">
                        <input type="hidden" name="itemId" value={item.id} />
                        <input type="hidden" name="documentId" value={doc.id} />
                        <SubmitButton
                          intent="detach"
                          pendingLabel="Taking off..."
                          className="min-h-[44px] px-2 text-sm text-slate-600 underline"
                          aria-label={`Take ${doc.name} off ${item.name}`}
                        >
                          Take off
                        </SubmitButton>
                      </Form>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-slate-600">No document yet.</p>
              )}
              {item.review ? (
                <p className="mt-2 text-sm text-slate-700" data-testid="item-review">
                  {item.review.decision === "approve" ? "Approved" : "Returned"} by {item.review.by} on {item.review.at}
                  {item.review.comment ? `: "${item.review.comment}"` : ""}
                </p>
              ) : null}
              {item.waitingSince ? (
                <p className="mt-1 text-sm text-slate-600">Waiting since {item.waitingSince}</p>
              ) : null}
              <div className="mt-3 flex flex-wrap items-end gap-3">
                {unattached.length > 0 ? (
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="itemId" value={item.id} />
                    <div>
                      <label htmlFor={`doc-${item.id}`} className="block text-sm font-semibold">
                        Document
                      </label>
                      <select id={`doc-${item.id}`} name="documentId" required defaultValue="" className={inputClass}>
                        <option value="" disabled>
                          Choose a document
                        </option>
                        {unattached.map((doc) => (
                          <option key={doc.id} value={doc.id}>
                            {doc.name}
                          </option>
                        ))}
                      </select>
                    </div>
                    <SubmitButton intent="attach" pendingLabel="Attaching..." className={buttonSmall}>
                      Attach
                    </SubmitButton>
                  </Form>
                ) : null}
                <Form
                  key={item.documents.length}
                  method="post"
                  encType="multipart/form-data"
                  action={`?upload=${item.id}`}
                  className="flex flex-wrap items-end gap-2"
                >
                  <div>
                    <label htmlFor={`upload-${item.id}`} className="block text-sm font-semibold">
                      Upload a document for this item
                    </label>
                    <input
                      id={`upload-${item.id}`}
                      name="file"
                      type="file"
                      required
                      accept={DOCUMENT_ACCEPT}
                      className="mt-1 block max-w-full text-sm"
                    />
                  </div>
                  <SubmitButton pendingLabel="Uploading..." className={buttonSmall}>
                    Upload and attach
                  </SubmitButton>
                </Form>
                {(item.state === "missing" || item.state === "returned") && item.documents.length > 0 ? (
                  <Form method="post">
                    <input type="hidden" name="itemId" value={item.id} />
                    <SubmitButton intent="ready" pendingLabel="Marking..." className={buttonSmall}>
                      Ready for review
                    </SubmitButton>
                  </Form>
                ) : null}
              </div>
              {d.isAdmin && !d.reviewRefusal && item.documents.length > 0 && item.state !== "approved" ? (
                <ApproveOrReturn
                  className="mt-3 flex flex-wrap items-end gap-3 border-t border-slate-100 pt-3"
                  idName="itemId"
                  id={item.id}
                  commentId={`comment-${item.id}`}
                  commentLabel="What needs fixing"
                  commentMax={REVIEW_COMMENT_MAX}
                  returnKey={`${item.state}-${item.review?.at ?? ""}`}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
    </PageSection>
  );
}
