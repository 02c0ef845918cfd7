/**
 * The conversation's forms (the portal: the client's active transaction; the workspace). Send answers
 * the form again with its field errors (400), or goes back to the conversation; Hide and Show again
 * (admins) go back to the message with a toast.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse, type Refusal } from "~/infra/page-action.server";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { messageIntents } from "~/lib/intents";
import { hideMessageFormSchema, messageFormSchema } from "~/lib/message-schema";
import { postMessage, setMessageHidden } from "~/models/message.server";
import { backTo, type Section, type SectionContext } from "~/sections/page-sections.server";

export type MessageActionData = {
  intent: typeof messageIntents.send;
  result: SubmissionResult<string[]>;
  refusal?: Refusal;
};

export const messageSection: Section<typeof messageIntents> = {
  intents: messageIntents,
  act: (ctx, intent, formData) => (intent === messageIntents.send ? send(ctx, formData) : hide(ctx, formData)),
};

async function send(ctx: SectionContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: messageFormSchema });
  if (submission.status !== "success") {
    return data<MessageActionData>({ intent: messageIntents.send, result: submission.reply() }, { status: 400 });
  }
  try {
    if (ctx.transactionId === undefined) throw new NotFoundError("You have no active transaction to write about.");
    postMessage(ctx.db, ctx.actor, ctx.transactionId, submission.value.body);
  } catch (error) {
    return refuse(error, { data: { intent: messageIntents.send, result: submission.reply() } });
  }
  return redirect(backTo(ctx, "messages"));
}

async function hide(ctx: SectionContext, formData: FormData) {
  const parsed = hideMessageFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refuse(new InvalidInputError("Choose a message"), { back: backTo(ctx, "messages") });
  const { messageId, hidden } = parsed.data.message;
  try {
    setMessageHidden(ctx.db, ctx.actor, messageId, hidden);
  } catch (error) {
    return refuse(error, { back: backTo(ctx, "messages") });
  }
  return redirectWithToast(backTo(ctx, `message-${messageId}`), {
    description: hidden ? "Message hidden. It is kept, and only staff see it." : "Message shown again.",
  });
}
