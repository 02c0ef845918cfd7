/**
 * The Add Property dialog (docs/spec.md §2, §5). It is opened by the URL
 * (?dialog=add-property), so the server renders it open, with its errors,
 * without JavaScript; Cancel is a link back. With JavaScript it is a Radix
 * modal dialog (focus trap, Escape) with browser-side validation by the same
 * zod schema. Parse is a second submit button that skips validation; its answer ("URL Parsed" and
 * the message) shows in the dialog, where the person is looking, not in a toast that would repeat it.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { z } from "zod";
import { TextareaField, TextField } from "~/components/form-field";
import { UrlDialog } from "~/components/url-dialog";
import { savedHomeSchema, type SavedHomeInput } from "~/lib/saved-home-schema";
import { buttonOutline, SubmitButton } from "~/components/submit-button";
import { savedHomeIntents } from "~/lib/intents";

export type AddPropertyResult = {
  /** Changes with every answer, so the form remounts with the server's values. */
  key: string;
  result: SubmissionResult<string[]>;
  /** The values to show (what was sent, plus a parsed address). */
  values: Record<string, string>;
  message?: { title: string; description: string; variant: "default" | "destructive" };
};

export function AddPropertyDialog({ closeHref, answer }: { closeHref: string; answer?: AddPropertyResult }) {
  const [form, fields] = useForm<SavedHomeInput>({
    id: `add-property-${answer?.key ?? "new"}`,
    lastResult: answer?.result,
    defaultValue: answer?.values as Partial<Record<keyof SavedHomeInput, string>> | undefined,
    constraint: getZodConstraint(savedHomeSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Parse goes to the server with whatever is filled in. (Conform's own
    // validation submits with formNoValidate too, so the button is told by its value.)
    onValidate: ({ formData, submitter }) =>
      parseWithZod(formData, {
        schema:
          submitter?.name === "intent" && submitter.value === savedHomeIntents.parse
            ? (z.object({}) as unknown as typeof savedHomeSchema)
            : savedHomeSchema,
      }),
  });

  return (
    <UrlDialog id="add-property" title="Add Property" closeHref={closeHref}>
      {answer?.message ? (
        <p
          role="status"
          className={`mt-3 rounded-md border px-3 py-2 text-sm ${
            answer.message.variant === "destructive"
              ? "border-red-300 bg-red-50 text-red-800"
              : "border-green-300 bg-green-50 text-green-900"
          }`}
        >
          <strong className="block">{answer.message.title}</strong>
          <span>{answer.message.description}</span>
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} preventScrollReset className="mt-4 grid gap-2">
        <input type="hidden" name="zillowId" defaultValue={answer?.values.zillowId ?? ""} />
        <div className="flex items-end gap-2">
          <div className="flex-1">
            <TextField
              field={fields.zillowUrl}
              label="Zillow listing URL (optional)"
              type="url"
              placeholder="https://www.zillow.com/homedetails/..."
            />
          </div>
          <SubmitButton
            intent={savedHomeIntents.parse}
            pendingLabel="Parsing..."
            formNoValidate
            className={`mb-5 ${buttonOutline}`}
          >
            Parse
          </SubmitButton>
        </div>
        <TextField field={fields.address} label="Property Address*" />
        <div className="grid gap-2 sm:grid-cols-2">
          <TextField field={fields.price} label="Price*" inputMode="numeric" placeholder="e.g. 850,000" />
          <TextField field={fields.squareFootage} label="Square Footage" inputMode="numeric" placeholder="e.g. 1,650" />
          <TextField field={fields.bedrooms} label="Bedrooms" inputMode="numeric" />
          <TextField field={fields.bathrooms} label="Bathrooms" type="number" min={0} step={0.5} />
        </div>
        <TextField field={fields.imageUrl} label="Image URL" type="url" placeholder="https://" />
        <TextareaField field={fields.notes} label="Notes" rows={3} />
        <div className="mt-2 flex justify-end gap-3">
          <Link
            to={closeHref}
            replace
            preventScrollReset
            className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-700"
          >
            Cancel
          </Link>
          <SubmitButton intent={savedHomeIntents.add} pendingLabel="Adding...">
            Add Property
          </SubmitButton>
        </div>
      </Form>
    </UrlDialog>
  );
}
