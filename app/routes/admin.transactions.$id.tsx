import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { Field, inputClass } from "~/components/form-field";
import { ContractSection } from "~/components/contract-form";
import { DocumentsSection } from "~/components/documents-section";
import { MessagesSection } from "~/components/messages-section";
import { ProgressPanel } from "~/components/progress-panel";
import { SubmitButton } from "~/components/submit-button";
import { UpdateMilestoneDialog } from "~/components/update-milestone-dialog";
import { getDb } from "~/infra/database.server";
import type { User } from "~/db/schema";
import { editTransactionSchema, milestoneFormSchema } from "~/lib/admin-schemas";
import { requireAdmin } from "~/infra/guards.server";
import { idField } from "~/lib/form-values";
import { idParam, modelCall, parseId, readForm } from "~/infra/http.server";
import { intentOf, refuse, unknownIntent, type Refusal } from "~/infra/page-action.server";
import { manageIntents } from "~/lib/intents";
import { privatePageMeta } from "~/lib/seo";
import { env } from "~/config/env.server";
import { uploadDocuments } from "~/infra/documents.server";
import { isMultipart } from "~/infra/upload.server";
import { documentFormSchema, uploadedToast } from "~/lib/document-schema";
import { InvalidInputError } from "~/lib/errors";
import { documentsPage, removeDocument, restoreDocument } from "~/models/document.server";
import { contractSchema, deadlineFormSchema } from "~/lib/contract-schema";
import { todayIn } from "~/lib/plain-date";
import { getContract, offerAcceptedOn, saveContract, setDeadlineStatus, toKeyDate } from "~/models/contract.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { listMilestones, toMilestoneJson, updateMilestone } from "~/models/milestone.server";
import { getTransaction, toTransactionJson, updateTransaction } from "~/models/transaction.server";
import { getUserById } from "~/models/user.server";
import { threadPage, toThreadJson } from "~/models/message.server";
import { initializeMilestonesAndRedirect } from "./milestone-actions.server";
import { hideMessageAction, sendMessageAction } from "./message-actions.server";
import { card } from "~/components/card";
import { fullName } from "~/lib/format";

// Built once: Conform asks for the constraint on every render (docs/decisions/messages.md, "Speed").
const editConstraint = getZodConstraint(editTransactionSchema);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  privatePageMeta(data ? `Manage: ${data.transaction.propertyAddress ?? "Transaction"}` : "Manage Transaction");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  const id = idParam(params.id);
  const transaction = modelCall(() => getTransaction(db, admin, id));
  const client = getUserById(db, transaction.userId);
  const query = new URL(request.url).searchParams;
  const before = parseId(query.get("before"));
  return {
    transaction: toTransactionJson(transaction),
    client: client ? { name: fullName(client) || null, email: client.email } : null,
    milestones: listMilestones(db, admin, id).map(toMilestoneJson),
    documents: documentsPage(db, admin, id, {
      includeRemoved: true,
      showAll: query.get("documents") === "all",
    }),
    uploadMaxBytes: env().uploadMaxBytes,
    thread: toThreadJson(threadPage(db, admin, id, { before })),
    olderShown: before !== null,
    contract: (() => {
      const contract = getContract(db, admin, id);
      return { ...contract, deadlines: contract.deadlines.map(toKeyDate) };
    })(),
    suggestedAcceptedOn: offerAcceptedOn(db, admin, id),
    today: todayIn(new Date()),
  };
}

type ActionData =
  | { intent: "update-milestone"; milestoneId: number; result: SubmissionResult<string[]>; refusal?: Refusal }
  | { intent: "edit-transaction"; result: SubmissionResult<string[]>; refusal?: Refusal }
  | { intent: "upload"; refusal: Refusal }
  | { intent: "save-contract"; result: SubmissionResult<string[]>; refusal?: Refusal }
  | { intent: "send-message"; result: SubmissionResult<string[]>; refusal?: Refusal };

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = idParam(params.id);
  // The upload form is the page's only multipart form; its body is read as a stream, file by file.
  if (isMultipart(request)) return uploadAction(admin, id, request);
  const formData = await readForm(request);
  switch (intentOf(formData, manageIntents)) {
    case manageIntents.initialize:
      return initializeMilestonesAndRedirect(getDb(), admin, id, manageHref(id));
    case manageIntents.updateMilestone:
      return updateMilestoneAction(admin, id, formData);
    case manageIntents.editTransaction:
      return editTransactionAction(admin, id, formData);
    case manageIntents.removeDocument:
    case manageIntents.restoreDocument:
      return documentAction(admin, id, formData);
    case manageIntents.saveContract:
      return saveContractAction(admin, id, formData);
    case manageIntents.deadlineStatus:
      return deadlineStatusAction(admin, id, formData);
    case manageIntents.sendMessage:
      return sendMessageAction(getDb(), admin, id, formData, manageHref(id));
    case manageIntents.hideMessage:
      return hideMessageAction(getDb(), admin, formData, manageHref(id));
    default:
      return unknownIntent();
  }
}

const manageHref = (id: number) => `/admin/transactions/${id}`;

async function updateMilestoneAction(admin: User, transactionId: number, formData: FormData) {
  const submission = parseWithZod(formData, { schema: milestoneFormSchema });
  if (submission.status !== "success") {
    const milestoneId = idField.safeParse(formData.get("milestoneId")).data ?? 0;
    return data<ActionData>({ intent: "update-milestone", milestoneId, result: submission.reply() }, { status: 400 });
  }
  const { milestoneId, ...update } = submission.value;
  try {
    updateMilestone(getDb(), admin, { transactionId, milestoneId }, update);
  } catch (error) {
    return refuse(error, {
      toast: { title: "Error", description: "Failed to update milestone", variant: "destructive" },
      data: { intent: "update-milestone" as const, milestoneId, result: submission.reply() },
    });
  }
  return redirectWithToast(manageHref(transactionId), {
    title: "Success",
    description: "Milestone updated successfully!",
  });
}

async function editTransactionAction(admin: User, id: number, formData: FormData) {
  const submission = parseWithZod(formData, { schema: editTransactionSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ intent: "edit-transaction", result: submission.reply() }, { status: 400 });
  }
  try {
    updateTransaction(getDb(), admin, id, submission.value);
  } catch (error) {
    return refuse(error, { data: { intent: "edit-transaction" as const, result: submission.reply() } });
  }
  return redirectWithToast(manageHref(id), { title: "Success", description: "Transaction updated." });
}

async function uploadAction(admin: User, id: number, request: Request) {
  try {
    const created = await uploadDocuments(getDb(), admin, id, request);
    return redirectWithToast(manageHref(id), { description: uploadedToast(created.length) });
  } catch (error) {
    return refuse(error, { data: { intent: "upload" as const } });
  }
}

/** Remove or Restore a document of this transaction. */
async function documentAction(admin: User, id: number, formData: FormData) {
  const parsed = documentFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refuse(new InvalidInputError("Choose a document"), { back: manageHref(id) });
  const restore = formData.get("intent") === manageIntents.restoreDocument;
  try {
    if (restore) restoreDocument(getDb(), admin, parsed.data.documentId);
    else removeDocument(getDb(), admin, parsed.data.documentId);
  } catch (error) {
    return refuse(error, { back: manageHref(id) });
  }
  return redirectWithToast(manageHref(id), { description: restore ? "Document restored." : "Document removed." });
}

async function saveContractAction(admin: User, id: number, formData: FormData) {
  const submission = parseWithZod(formData, { schema: contractSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ intent: "save-contract", result: submission.reply() }, { status: 400 });
  }
  try {
    saveContract(getDb(), admin, id, submission.value);
  } catch (error) {
    return refuse(error, { data: { intent: "save-contract" as const, result: submission.reply() } });
  }
  return redirectWithToast(`${manageHref(id)}#contract`, { description: "Contract saved. The key dates are set." });
}

const STATUS_TOASTS = { done: "Marked done.", waived: "Waived.", open: "Reopened." } as const;

/** Mark done, Waive or Reopen a deadline. */
async function deadlineStatusAction(admin: User, id: number, formData: FormData) {
  const parsed = deadlineFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refuse(new InvalidInputError("Choose a deadline"), { back: manageHref(id) });
  try {
    setDeadlineStatus(getDb(), admin, parsed.data.deadlineId, parsed.data.status);
  } catch (error) {
    return refuse(error, { back: manageHref(id) });
  }
  return redirectWithToast(`${manageHref(id)}#contract`, { description: STATUS_TOASTS[parsed.data.status] });
}

export default function ManageTransaction() {
  return <Manage data={useLoaderData<typeof loader>()} />;
}

type ManageData = ReturnType<typeof useLoaderData<typeof loader>>;

function Manage({
  data: {
    transaction,
    client,
    milestones,
    documents,
    uploadMaxBytes,
    thread,
    olderShown,
    contract,
    suggestedAcceptedOn,
    today,
  },
}: {
  data: ManageData;
}) {
  const location = useLocation();
  const actionData = useActionData<ActionData>();
  const here = `/admin/transactions/${transaction.id}`;
  const updateId = Number(new URLSearchParams(location.search).get("update"));
  const editing = milestones.find((m) => m.id === updateId);
  const milestoneAnswer =
    actionData?.intent === "update-milestone" && actionData.milestoneId === editing?.id ? actionData : undefined;

  return (
    <div className="mx-auto max-w-5xl">
      <Link to="/admin" className="inline-block rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold">
        Back to Dashboard
      </Link>
      <div className="mt-4 flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold text-brand-900">{transaction.propertyAddress ?? "Transaction"}</h1>
        <span
          className="rounded-full bg-brand-100 px-3 py-0.5 text-sm font-semibold text-brand-700"
          data-testid="role-label"
        >
          {transaction.type === "buying" ? "Buyer" : "Seller"}
        </span>
        <span className="text-sm capitalize text-slate-600">{transaction.status}</span>
      </div>
      {client ? (
        <p className="mt-1 text-sm text-slate-600">
          Client: {client.name ? `${client.name} · ` : ""}
          <a className="text-brand-700 underline" href={`mailto:${client.email}`}>
            {client.email}
          </a>
        </p>
      ) : null}

      <ContractSection
        acceptedOn={contract.acceptedOn}
        closingOn={contract.closingOn}
        suggestedAcceptedOn={suggestedAcceptedOn}
        deadlines={contract.deadlines}
        today={today}
        lastResult={actionData?.intent === "save-contract" ? actionData.result : undefined}
      />

      <div className="mt-6">
        <ProgressPanel
          transaction={transaction}
          milestones={milestones}
          documents={documents.ofSteps}
          isAdmin
          updateHref={(m) => `?update=${m.id}`}
        />
      </div>

      <DocumentsSection
        transactionId={transaction.id}
        documents={documents}
        milestones={milestones}
        maxFileBytes={uploadMaxBytes}
        uploadError={actionData?.intent === "upload" ? actionData.refusal.toast?.description : null}
        canRestore
      />

      <MessagesSection
        transactionId={transaction.id}
        thread={thread}
        olderShown={olderShown}
        sendIntent={manageIntents.sendMessage}
        hideIntent={manageIntents.hideMessage}
        lastResult={actionData?.intent === "send-message" ? actionData.result : undefined}
      />

      <EditTransaction
        transaction={transaction}
        lastResult={actionData?.intent === "edit-transaction" ? actionData.result : undefined}
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
    </div>
  );
}

function EditTransaction({
  transaction,
  lastResult,
}: {
  transaction: ManageData["transaction"];
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: `edit-transaction-${transaction.id}`,
    lastResult,
    defaultValue: {
      propertyAddress: transaction.propertyAddress ?? "",
      homeValue: transaction.homeValue ?? "",
      status: transaction.status,
    },
    constraint: editConstraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editTransactionSchema }),
  });
  return (
    <section aria-labelledby="edit-title" className={`mt-8 ${card} p-6`}>
      <h2 id="edit-title" className="text-lg font-semibold">
        Transaction details
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-2 sm:grid-cols-3">
        <div className="sm:col-span-3">
          <Field
            label="Property address"
            errorId={fields.propertyAddress.errorId}
            errors={fields.propertyAddress.errors}
          >
            <input {...getInputProps(fields.propertyAddress, { type: "text" })} className={inputClass} />
          </Field>
        </div>
        <Field label="Home value" errorId={fields.homeValue.errorId} errors={fields.homeValue.errors}>
          <input {...getInputProps(fields.homeValue, { type: "text" })} inputMode="numeric" className={inputClass} />
        </Field>
        <Field label="Status" errorId={fields.status.errorId} errors={fields.status.errors}>
          <select {...getSelectProps(fields.status)} className={inputClass}>
            <option value="active">Active</option>
            <option value="completed">Completed</option>
            <option value="cancelled">Cancelled</option>
          </select>
        </Field>
        <div className="flex items-center sm:pt-1">
          <SubmitButton intent={manageIntents.editTransaction} pendingLabel="Saving...">
            Save Changes
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
