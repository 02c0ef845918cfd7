/**
 * The lead page's forms (/admin/leads/{id}): pause and resume its nurturing, a note, a logged call, an
 * e-mail to the lead, and (admins) its assignment; each answers the way every page action does
 * (app/infra/page-action.server.ts).
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import type { User } from "~/db/schema";
import { getDb } from "~/infra/database.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse, type Refusal } from "~/infra/page-action.server";
import { leadEmailSchema, leadNoteSchema } from "~/lib/admin-schemas";
import { InvalidInputError } from "~/lib/errors";
import { leadIntents } from "~/lib/intents";
import { assignmentOfForm } from "~/lib/team-schema";
import { addLeadNote, emailLead, logLeadCall, pauseLead, resumeLead } from "~/models/lead.server";
import { assignLead } from "~/models/team.server";

export type ActionData = { intent?: string; result: SubmissionResult<string[]>; refusal?: Refusal };

const leadHref = (id: number) => `/admin/leads/${id}`;

/** Runs a change of the lead's nurturing; one that does not apply (e.g. pausing a paused lead) is told in a toast. */
async function nurturingChange(id: number, change: () => void, done: { title: string; description: string }) {
  try {
    change();
  } catch (error) {
    return refuse(error, { back: leadHref(id) });
  }
  return redirectWithToast(leadHref(id), done);
}

export async function pauseAction(staff: User, id: number) {
  return nurturingChange(id, () => pauseLead(getDb(), staff, id), {
    title: "Paused",
    description: "No more e-mails go to this lead until you resume.",
  });
}

export async function resumeAction(staff: User, id: number) {
  return nurturingChange(id, () => resumeLead(getDb(), staff, id), {
    title: "Resumed",
    description: "The next e-mail is due after its delay, counted from now.",
  });
}

/** A note, or a logged call ("Log a call": what was said), on the lead's timeline. */
export async function noteAction(staff: User, id: number, formData: FormData, kind: "note" | "call" = "note") {
  const intent = kind === "call" ? leadIntents.call : leadIntents.note;
  const submission = parseWithZod(formData, { schema: leadNoteSchema });
  if (submission.status !== "success") return data<ActionData>({ intent, result: submission.reply() }, { status: 400 });
  try {
    (kind === "call" ? logLeadCall : addLeadNote)(getDb(), staff, id, submission.value.note);
  } catch (error) {
    return refuse(error, { data: { intent, result: submission.reply() } });
  }
  return redirectWithToast(leadHref(id), { description: kind === "call" ? "Call logged." : "Note added." });
}

/** "E-mail the lead": queued in the outbox, on the timeline (the agent's first action when theirs). */
export async function emailAction(staff: User, id: number, formData: FormData) {
  const submission = parseWithZod(formData, { schema: leadEmailSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ intent: leadIntents.email, result: submission.reply() }, { status: 400 });
  }
  let to: string;
  try {
    to = emailLead(getDb(), staff, id, submission.value).toAddress;
  } catch (error) {
    return refuse(error, { data: { intent: leadIntents.email, result: submission.reply() } });
  }
  return redirectWithToast(leadHref(id), { description: `E-mail to ${to} queued.` });
}

/** The lead to an agent or back to the admins (admins). */
export async function assignAction(staff: User, id: number, formData: FormData) {
  const assignment = assignmentOfForm(formData);
  try {
    if (!assignment.success) throw new InvalidInputError(assignment.error.issues[0]?.message ?? "Choose an agent");
    assignLead(getDb(), staff, id, assignment.data.assignedAgentId);
  } catch (error) {
    return refuse(error, { back: `${leadHref(id)}#assign` });
  }
  return redirectWithToast(leadHref(id), { description: "Assignment saved." });
}
