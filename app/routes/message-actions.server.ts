/**
 * The conversation's forms, shared by the two pages that show it: the client portal (the client's active
 * transaction) and the admin's Manage page. Send answers the form again with its field errors (400), or
 * goes back to the conversation; Hide and Show again (admins) go back with a toast.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import type { Db } from "~/db/client.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse } from "~/infra/page-action.server";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { hideMessageFormSchema, messageFormSchema } from "~/lib/message-schema";
import type { Actor } from "~/models/actor.server";
import { postMessage, setMessageHidden } from "~/models/message.server";

export async function sendMessageAction(
  db: Db,
  actor: Actor,
  transactionId: number | undefined,
  formData: FormData,
  back: string,
) {
  const submission = parseWithZod(formData, { schema: messageFormSchema });
  if (submission.status !== "success") {
    return data({ intent: "send-message" as const, result: submission.reply() }, { status: 400 });
  }
  try {
    if (transactionId === undefined) throw new NotFoundError("You have no active transaction to write about.");
    postMessage(db, actor, transactionId, submission.value.body);
  } catch (error) {
    return refuse(error, { data: { intent: "send-message" as const, result: submission.reply() } });
  }
  return redirect(`${back}#messages`);
}

export async function hideMessageAction(db: Db, actor: Actor, formData: FormData, back: string) {
  const parsed = hideMessageFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refuse(new InvalidInputError("Choose a message"), { back });
  const { messageId, hidden } = parsed.data.message;
  try {
    setMessageHidden(db, actor, messageId, hidden);
  } catch (error) {
    return refuse(error, { back });
  }
  return redirectWithToast(`${back}#message-${messageId}`, {
    description: hidden ? "Message hidden. It is kept, and only staff see it." : "Message shown again.",
  });
}
