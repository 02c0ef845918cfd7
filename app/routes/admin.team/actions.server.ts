/**
 * The team page's forms (/admin/team, admins): add a person by e-mail, and change one (role, license, phone,
 * taking leads, active), and send a person their broker–agent agreement.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { User } from "~/db/schema";
import { getDb } from "~/infra/database.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { badForm, refuse, type Refusal } from "~/infra/page-action.server";
import { teamIntents } from "~/lib/intents";
import { newStaffSchema, staffPatchSchema } from "~/lib/team-schema";
import { agreementPaper } from "~/infra/agreement-pdf.server";
import { sendBrokerAgentAgreement } from "~/models/broker-agent-agreement.server";
import { addStaff, updateStaff } from "~/models/team.server";
import { setDuties } from "~/models/broker-duties.server";
import { BROKER_DUTIES } from "~/domain/enums";

export type ActionData = { intent: string; userId?: string; result: SubmissionResult<string[]>; refusal?: Refusal };

export async function addAction(admin: User, formData: FormData) {
  const submission = parseWithZod(formData, { schema: newStaffSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ intent: teamIntents.add, result: submission.reply() }, { status: 400 });
  }
  let added: User;
  try {
    added = addStaff(getDb(), admin, submission.value);
  } catch (error) {
    return refuse(error, { data: { intent: teamIntents.add, result: submission.reply() } });
  }
  return redirectWithToast("/admin/team", {
    description: `${added.email} added as ${submission.value.role === "admin" ? "an admin" : "an agent"}: they have the role when they sign in with that address.`,
  });
}

export async function updateAction(admin: User, formData: FormData) {
  const userId = formData.get("userId");
  if (typeof userId !== "string" || !userId) return badForm("Choose a person of the team");
  formData.delete("userId");
  formData.delete("intent");
  const submission = parseWithZod(formData, { schema: staffPatchSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ intent: teamIntents.update, userId, result: submission.reply() }, { status: 400 });
  }
  try {
    updateStaff(getDb(), admin, userId, submission.value);
  } catch (error) {
    return refuse(error, { data: { intent: teamIntents.update, userId, result: submission.reply() } });
  }
  return redirectWithToast("/admin/team", { description: "Team updated." });
}

/** The broker's boxes on a row: the duties this person performs for them (each box checked is kept, the rest revoked). */
export async function dutiesAction(admin: User, formData: FormData) {
  const userId = String(formData.get("userId") ?? "");
  const duties = BROKER_DUTIES.filter((d) => formData.getAll("duty").includes(d));
  try {
    setDuties(getDb(), admin, userId, duties);
  } catch (error) {
    return refuse(error, { back: "/admin/team" });
  }
  return redirectWithToast("/admin/team", {
    description: duties.length ? "The broker's duties are delegated as checked." : "The broker's duties are revoked.",
  });
}

/** "Send the broker–agent agreement": prepared and sent at once; the row says it waits for signatures. */
export async function sendAgreementAction(admin: User, formData: FormData) {
  const userId = String(formData.get("userId") ?? "");
  try {
    const sent = await sendBrokerAgentAgreement(getDb(), admin, agreementPaper(), userId);
    const agent = sent.signers[0];
    return redirectWithToast("/admin/team", {
      description: `The broker–agent agreement is sent to ${agent?.name || agent?.email || "the agent"}: they sign first, then the broker.`,
    });
  } catch (error) {
    return refuse(error, { back: "/admin/team" });
  }
}
