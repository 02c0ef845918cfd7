/**
 * /admin/transactions/{id}/file: the File tab (issue 46, docs/file-review.md): the transaction's checklist, each
 * item with its state, documents and last review. Staff on the transaction attach or detach its documents and mark
 * an item ready; an admin approves it or returns it with a comment. Its client and anyone else 404.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { card } from "~/components/card";
import { inputClass } from "~/components/field-shell";
import { buttonOutline, buttonSmall, SubmitButton } from "~/components/submit-button";
import { TransactionTabs } from "~/components/transaction-tabs";
import { getDb } from "~/infra/database.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { requireStaff } from "~/infra/guards.server";
import { idParam, modelCall, parseId, readForm } from "~/infra/http.server";
import { refuse } from "~/infra/page-action.server";
import { checklistEventSchema, ITEM_STATE_WORDS, REVIEW_COMMENT_MAX } from "~/lib/checklist-schema";
import { InvalidInputError } from "~/lib/errors";
import { formatDateTime } from "~/lib/format";
import { idField } from "~/lib/form-values";
import { homeTitle } from "~/lib/home-name";
import { privatePageMeta } from "~/lib/seo";
import { attachableDocuments, checklistEvent, fileStateWords, getChecklist } from "~/models/file-review.server";
import { uploadForItem } from "~/models/file-item-upload.server";
import { isMultipart, uploadOf } from "~/infra/upload.server";
import { DOCUMENT_ACCEPT } from "~/lib/upload-rules";
import { dutyRefusalOf } from "~/models/broker-duties.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => privatePageMeta(data ? `File: ${data.title}` : "File");

const TOASTS = {
  attach: "The document is attached.",
  detach: "The document is taken off the item.",
  ready: "Marked ready for review.",
  approve: "Approved.",
  return: "Returned; the agent is e-mailed.",
} as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const db = getDb();
  const id = idParam(params.id);
  const { transaction, items, ...state } = modelCall(() => getChecklist(db, staff, id));
  return {
    id,
    title: homeTitle(transaction),
    isAdmin: staff.isAdmin,
    // The broker's duty (or a licensee's they named): anyone else sees why they cannot review.
    reviewRefusal: staff.isAdmin ? dutyRefusalOf(db, staff, "approveFiles", new Date()) : null,
    state: fileStateWords(state),
    complete: state.complete,
    items: items.map((i) => ({
      ...i,
      waitingSince: i.waitingSince ? formatDateTime(new Date(i.waitingSince)) : null,
      review: i.review ? { ...i.review, at: formatDateTime(new Date(i.review.at)) } : null,
    })),
    documents: attachableDocuments(db, staff, id),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const id = idParam(params.id);
  const back = `/admin/transactions/${id}/file`;
  // "Upload a document for this item": a multipart form to ?upload={item id}; the files become documents, attached.
  if (isMultipart(request)) {
    const itemId = parseId(new URL(request.url).searchParams.get("upload"));
    try {
      if (itemId === null) throw new InvalidInputError("Invalid item");
      const done = await uploadForItem(getDb(), staff, id, itemId, uploadOf(request));
      return redirectWithToast(`${back}#item-${itemId}`, {
        description: `${done.documents.length === 1 ? "Uploaded" : `${done.documents.length} files uploaded`} and attached to ${done.item}.`,
      });
    } catch (error) {
      return refuse(error, { back: itemId ? `${back}#item-${itemId}` : back });
    }
  }
  const formData = await readForm(request);
  try {
    const itemId = idField.safeParse(formData.get("itemId"));
    if (!itemId.success) throw new InvalidInputError("Invalid item");
    const event = checklistEventSchema.safeParse({
      type: formData.get("intent"),
      ...(formData.get("documentId") ? { documentId: formData.get("documentId") } : {}),
      ...(formData.has("comment") ? { comment: formData.get("comment") } : {}),
    });
    if (!event.success) throw new InvalidInputError(event.error.issues[0]!.message);
    // The item must be this page's transaction's (another's is not found, whoever asks).
    checklistEvent(getDb(), staff, itemId.data, event.data, new Date(), id);
    return redirectWithToast(`${back}#item-${itemId.data}`, { description: TOASTS[event.data.type] });
  } catch (error) {
    return refuse(error, { back });
  }
}

const STATE_STYLE = {
  missing: "bg-slate-100 text-slate-700",
  waiting: "bg-amber-100 text-amber-900",
  changed: "bg-amber-100 text-amber-900",
  approved: "bg-green-100 text-green-900",
  returned: "bg-red-100 text-red-900",
} as const;

export default function TransactionFile() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl">
      <Link to={`/admin/transactions/${d.id}`} className="text-sm">
        Back to the transaction
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-brand-900">File: {d.title}</h1>
      <TransactionTabs id={d.id} current="File" />
      <p className="mt-3 text-slate-700">
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
                <h2 className="font-semibold text-brand-900">
                  {item.name}
                  <span className="ml-2 text-sm font-normal text-slate-600">
                    {item.required ? "Required" : item.condition ? "Not required for this home" : "If any"}
                    {item.condition ? ` (${item.condition})` : ""}
                    {item.dueByTitle ? ` · due by step ${item.dueBy}, ${item.dueByTitle}` : ""}
                  </span>
                </h2>
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
                <div className="mt-3 flex flex-wrap items-end gap-3 border-t border-slate-100 pt-3">
                  <Form method="post">
                    <input type="hidden" name="itemId" value={item.id} />
                    <SubmitButton intent="approve" pendingLabel="Approving..." className={buttonSmall}>
                      Approve
                    </SubmitButton>
                  </Form>
                  <Form
                    key={`${item.state}-${item.review?.at ?? ""}`}
                    method="post"
                    className="flex grow flex-wrap items-end gap-2"
                  >
                    <input type="hidden" name="itemId" value={item.id} />
                    <div className="grow">
                      <label htmlFor={`comment-${item.id}`} className="block text-sm font-semibold">
                        What needs fixing
                      </label>
                      <input
                        id={`comment-${item.id}`}
                        name="comment"
                        required
                        maxLength={REVIEW_COMMENT_MAX}
                        className={inputClass}
                      />
                    </div>
                    <SubmitButton intent="return" pendingLabel="Returning..." className={buttonOutline}>
                      Return
                    </SubmitButton>
                  </Form>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
