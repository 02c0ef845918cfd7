/**
 * A transaction's conversation (the portal and the admin's transaction page): the wire-fraud banner, the
 * messages oldest first (the latest 50, with a link to older ones), each with its author, role, time, "by
 * e-mail" when it came that way, its plain text (line breaks kept, https links clickable) and the wire
 * warning when a client's message, or any that arrived by e-mail, talks of wiring money (the agency's own
 * portal messages are not suspect: the banner above says the rule for everyone); then the form. Admins may hide a message and show it again.
 * While the page is open and visible, new messages appear by themselves (useNewMessages).
 */
import { PageSection } from "~/components/page-section";
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { anchorOffset } from "~/components/card";
import { buttonOutline, SubmitButton } from "~/components/submit-button";
import type { ParticipantRole } from "~/domain/enums";
import { useNewMessages } from "~/hooks/use-new-messages";
import { usePendingSubmission } from "~/hooks/use-pending";
import { formatDateTime } from "~/lib/format";
import {
  MESSAGE_MAX_LENGTH,
  mentionsWiring,
  messageFormSchema,
  textParts,
  WIRE_FRAUD_NOTICE,
  WIRE_WARNING,
} from "~/lib/message-schema";

export type ListedMessage = {
  id: number;
  author: { name: string; role: ParticipantRole };
  body: string;
  via: "portal" | "email";
  createdAt: string;
  attachments: Array<{ id: number; name: string; url: string }>;
  hidden?: boolean;
};

// Built once: Conform asks for the constraint on every render.
const constraint = getZodConstraint(messageFormSchema);

const ROLE_LABELS: Record<ParticipantRole, string> = { client: "Client", admin: "Staff" };

export function MessagesSection({
  transactionId,
  thread,
  olderShown,
  sendIntent,
  hideIntent,
  lastResult,
  closedNote,
}: {
  transactionId: number;
  thread: { messages: ListedMessage[]; hasOlder: boolean; unread: number };
  /** Older messages are shown (`?before=`): a link back to the latest, and no polling. */
  olderShown: boolean;
  /** The send form's intent; none: read only (a closed transaction), with `closedNote` in its place. */
  sendIntent?: string;
  closedNote?: ReactNode;
  /** Admins: the intent of Hide and Show again. */
  hideIntent?: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { messages } = thread;
  const newestId = olderShown || !sendIntent ? null : (messages.at(-1)?.id ?? 0);
  useNewMessages(transactionId, newestId);
  // One look at the navigation for the whole list (a SubmitButton per message would make 50).
  const navigation = useNavigation();
  const pending = navigation.formData;
  const hiding = hideIntent && pending?.get("intent") === hideIntent ? String(pending.get("message")) : null;
  return (
    <PageSection
      id="messages"
      title={
        <>
          Messages
          {thread.unread > 0 ? (
            <span
              className="ml-2 rounded-full bg-brand-600 px-2 py-0.5 align-middle text-xs text-white"
              data-testid="unread"
            >
              {thread.unread} new
            </span>
          ) : null}
        </>
      }
    >
      <p
        role="note"
        className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
        data-testid="wire-fraud-banner"
      >
        {WIRE_FRAUD_NOTICE}
      </p>
      {thread.hasOlder && messages.length > 0 ? (
        <p className="mt-3 text-sm">
          <Link
            to={`?before=${messages[0]!.id}#messages`}
            preventScrollReset
            className="font-medium text-brand-700 underline"
          >
            Show older messages
          </Link>
        </p>
      ) : null}
      {messages.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">
          {hideIntent
            ? "No messages yet. What you write here is e-mailed to the client."
            : sendIntent
              ? "No messages yet. Questions about your transaction? Write them here: your agent gets them by e-mail."
              : "No messages."}
        </p>
      ) : (
        <ListFrame hideIntent={hideIntent}>
          <ol className="mt-4 space-y-3" aria-label="Conversation">
            {messages.map((m) => (
              <MessageItem
                key={m.id}
                message={m}
                canHide={Boolean(hideIntent)}
                hiding={hiding?.startsWith(`${m.id}:`)}
              />
            ))}
          </ol>
        </ListFrame>
      )}
      {olderShown ? (
        <p className="mt-3 text-sm">
          <Link to="?#messages" preventScrollReset className="font-medium text-brand-700 underline">
            Show the latest messages
          </Link>
        </p>
      ) : null}
      {sendIntent ? <MessageForm sendIntent={sendIntent} lastResult={lastResult} /> : closedNote}
    </PageSection>
  );
}

/**
 * For admins, the list is one form whose buttons each say which message to hide or show again
 * (`message=12:hide`): one form, not one per message.
 */
function ListFrame({ hideIntent, children }: { hideIntent?: string; children: ReactNode }) {
  if (!hideIntent) return children;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={hideIntent} />
      {children}
    </Form>
  );
}

function MessageItem({ message: m, canHide, hiding }: { message: ListedMessage; canHide: boolean; hiding?: boolean }) {
  const fromClient = m.author.role === "client";
  return (
    <li
      id={`message-${m.id}`}
      data-testid="message"
      className={`${anchorOffset} rounded-lg border px-4 py-3 ${m.hidden ? "border-dashed border-slate-300 opacity-70" : fromClient ? "border-slate-200 bg-white" : "border-brand-100 bg-brand-50"}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold">{m.author.name}</span>
        <span className="text-slate-600">{ROLE_LABELS[m.author.role]}</span>
        <time dateTime={m.createdAt} className="text-slate-600">
          {formatDateTime(m.createdAt)}
        </time>
        {m.via === "email" ? <span className="text-slate-600">by e-mail</span> : null}
        {m.hidden ? <span className="font-semibold text-slate-700">Hidden</span> : null}
      </p>
      {m.body ? (
        <p className="mt-1 whitespace-pre-wrap break-words" data-testid="message-body">
          {textParts(m.body).map((part, i) =>
            part.href ? (
              <a key={i} href={part.href} rel="noopener noreferrer nofollow" className="text-brand-700 underline">
                {part.text}
              </a>
            ) : (
              part.text
            ),
          )}
        </p>
      ) : null}
      {(fromClient || m.via === "email") && mentionsWiring(m.body) ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700" data-testid="wire-warning">
          {WIRE_WARNING}
        </p>
      ) : null}
      {m.attachments.length ? (
        <ul className="mt-2 text-sm">
          {m.attachments.map((a) => (
            <li key={a.id}>
              <a href={a.url} className="text-brand-700 underline">
                {a.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {canHide ? (
        <button
          type="submit"
          name="message"
          value={`${m.id}:${m.hidden ? "show" : "hide"}`}
          disabled={hiding}
          className="mt-2 text-xs font-semibold text-slate-600 underline"
        >
          {hiding ? (m.hidden ? "Showing..." : "Hiding...") : m.hidden ? "Show again" : "Hide"}
        </button>
      ) : null}
    </li>
  );
}

function MessageForm({ sendIntent, lastResult }: { sendIntent: string; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "message-form",
    lastResult,
    constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: messageFormSchema }),
  });
  // After a send that was stored (a redirect: no field errors came back) the field is emptied; a message
  // of the other side arriving meanwhile leaves a draft alone.
  const sending = usePendingSubmission({ intent: sendIntent });
  const wasSending = useRef(false);
  useEffect(() => {
    if (sending) {
      wasSending.current = true;
      return;
    }
    if (!wasSending.current) return;
    wasSending.current = false;
    if (lastResult?.status !== "error") form.reset();
  }, [sending, lastResult, form]);
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset className="mt-4">
      <label className="block text-sm font-semibold" htmlFor={fields.body.id}>
        Your message
      </label>
      <textarea
        {...getTextareaProps(fields.body)}
        rows={4}
        maxLength={MESSAGE_MAX_LENGTH}
        className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-600"
      />
      <p id={fields.body.errorId} className="mt-1 min-h-[1rem] text-xs text-red-700">
        {fields.body.errors?.[0] ?? ""}
      </p>
      <SubmitButton intent={sendIntent} pendingLabel="Sending..." className={`mt-1 ${buttonOutline}`}>
        Send Message
      </SubmitButton>
    </Form>
  );
}
