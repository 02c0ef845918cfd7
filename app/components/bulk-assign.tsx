/**
 * The lists' bulk assignment (admins): a checkbox on each row (`ids`, tied to the form by its `form`
 * attribute, so the table needs no surrounding form) and, under the table, the agent to give the chosen
 * ones to. A plain form post: it works without JavaScript.
 */
import { Form } from "@remix-run/react";
import { AgentPicker } from "~/components/agent-picker";
import { buttonOutline, SubmitButton } from "~/components/submit-button";
import { bulkIntents } from "~/lib/intents";

const FORM_ID = "bulk-assign";

export function BulkCheckbox({ id, label }: { id: number; label: string }) {
  return (
    <label className="inline-flex min-h-[44px] min-w-[44px] items-center justify-center">
      <input type="checkbox" name="ids" value={id} form={FORM_ID} aria-label={`Choose ${label}`} />
    </label>
  );
}

export function BulkAssign({ agents, what }: { agents: Array<{ id: string; name: string }>; what: string }) {
  return (
    <Form method="post" id={FORM_ID} className="mt-3 flex flex-wrap items-end gap-3" preventScrollReset>
      <AgentPicker agents={agents} value={null} label={`Give the chosen ${what} to`} />
      <SubmitButton intent={bulkIntents.assign} pendingLabel="Assigning..." className={buttonOutline}>
        Assign the chosen
      </SubmitButton>
    </Form>
  );
}
