/**
 * The Update Milestone dialog (docs/spec.md §2, §5): status, notes, document URL.
 * Opened by URL (?update=<milestone id>) and rendered open by the server, so it
 * works without JavaScript; a Radix modal with it. The fields show the milestone's
 * current notes and document URL, to be corrected or emptied (an emptied field clears
 * it). On success the page goes back to the milestone without ?update: the dialog closes.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { SelectField, TextareaField, TextField } from "~/components/form-field";
import { UrlDialog } from "~/components/url-dialog";
import type { PanelMilestone } from "~/components/progress-panel";
import { milestoneFormSchema } from "~/lib/admin-schemas";
import { MILESTONE_STATUSES } from "~/domain/enums";
import { MILESTONE_NOTES_LABEL, MILESTONE_STATUS_LABELS } from "~/lib/progress";
import { SubmitButton } from "~/components/submit-button";
import { milestoneIntents } from "~/lib/intents";

// Built once: Conform asks for the constraint on every render.
const milestoneConstraint = getZodConstraint(milestoneFormSchema);

export function UpdateMilestoneDialog({
  milestone,
  closeHref,
  lastResult,
  failed,
}: {
  milestone: PanelMilestone;
  closeHref: string;
  lastResult?: SubmissionResult<string[]>;
  failed?: boolean;
}) {
  const [form, fields] = useForm({
    id: `update-milestone-${milestone.id}`,
    lastResult,
    defaultValue: {
      status: milestone.status,
      adminNotes: milestone.adminNotes ?? "",
      documentUrl: milestone.documentUrl ?? "",
    },
    constraint: milestoneConstraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: milestoneFormSchema }),
  });

  return (
    <UrlDialog
      id="update-milestone"
      title="Update Milestone"
      closeHref={closeHref}
      describedBy="update-milestone-step"
      size="md"
    >
      <p id="update-milestone-step" className="mt-1 text-sm text-slate-600">
        Step {milestone.stepNumber}: {milestone.title}
      </p>
      {failed ? (
        <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          Failed to update milestone
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} preventScrollReset className="mt-4 grid gap-2">
        <input type="hidden" name="milestoneId" value={milestone.id} />
        <SelectField field={fields.status} label="Status">
          {MILESTONE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {MILESTONE_STATUS_LABELS[s].label}
            </option>
          ))}
        </SelectField>
        <TextareaField field={fields.adminNotes} label={MILESTONE_NOTES_LABEL} rows={3} />
        <TextField field={fields.documentUrl} label="Document URL" type="url" placeholder="https://" />
        <p className="text-xs text-slate-600">
          The client sees the notes and the document link in their portal and in their e-mail notice. Empty a field to
          remove it.
        </p>
        <div className="mt-2 flex justify-end gap-3">
          <Link
            to={closeHref}
            replace
            preventScrollReset
            className="rounded-md border border-slate-300 px-4 py-2 font-semibold"
          >
            Cancel
          </Link>
          <SubmitButton intent={milestoneIntents.update} pendingLabel="Updating...">
            Update
          </SubmitButton>
        </div>
      </Form>
    </UrlDialog>
  );
}
