/**
 * The Add Property dialog (docs/spec.md §2, §5). It is opened by the URL
 * (?dialog=add-property), so the server renders it open, with its errors,
 * without JavaScript; Cancel is a link back. With JavaScript it is a Radix
 * modal dialog (focus trap, Escape) with browser-side validation by the same
 * zod schema. Parse is a second submit button that skips validation; its answer ("URL Parsed" and
 * the message) shows in the dialog, where the person is looking, not in a toast that would repeat it.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { z } from "zod";
import { Field, inputClass } from "~/components/form-field";
import { UrlDialog } from "~/components/url-dialog";
import { listingSchema, type ListingInput } from "~/lib/listing-schema";
import { buttonOutline, SubmitButton } from "~/components/submit-button";
import { listingIntents } from "~/lib/intents";

export type AddPropertyResult = {
  /** Changes with every answer, so the form remounts with the server's values. */
  key: string;
  result: SubmissionResult<string[]>;
  /** The values to show (what was sent, plus a parsed address). */
  values: Record<string, string>;
  message?: { title: string; description: string; variant: "default" | "destructive" };
};

export function AddPropertyDialog({ closeHref, answer }: { closeHref: string; answer?: AddPropertyResult }) {
  const [form, fields] = useForm<ListingInput>({
    id: `add-property-${answer?.key ?? "new"}`,
    lastResult: answer?.result,
    defaultValue: answer?.values as Partial<Record<keyof ListingInput, string>> | undefined,
    constraint: getZodConstraint(listingSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Parse goes to the server with whatever is filled in. (Conform's own
    // validation submits with formNoValidate too, so the button is told by its value.)
    onValidate: ({ formData, submitter }) =>
      parseWithZod(formData, {
        schema:
          submitter?.name === "intent" && submitter.value === listingIntents.parse
            ? (z.object({}) as unknown as typeof listingSchema)
            : listingSchema,
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
            <Field
              label="Zillow listing URL (optional)"
              errorId={fields.zillowUrl.errorId}
              errors={fields.zillowUrl.errors}
            >
              <input
                {...getInputProps(fields.zillowUrl, { type: "url" })}
                placeholder="https://www.zillow.com/homedetails/..."
                className={inputClass}
              />
            </Field>
          </div>
          <SubmitButton
            intent={listingIntents.parse}
            pendingLabel="Parsing..."
            formNoValidate
            className={`mb-5 ${buttonOutline}`}
          >
            Parse
          </SubmitButton>
        </div>
        <Field label="Property Address*" errorId={fields.address.errorId} errors={fields.address.errors}>
          <input {...getInputProps(fields.address, { type: "text" })} className={inputClass} />
        </Field>
        <div className="grid gap-2 sm:grid-cols-2">
          <Field label="Price*" errorId={fields.price.errorId} errors={fields.price.errors}>
            <input
              {...getInputProps(fields.price, { type: "text" })}
              inputMode="numeric"
              placeholder="e.g. 850,000"
              className={inputClass}
            />
          </Field>
          <Field label="Square Footage" errorId={fields.squareFootage.errorId} errors={fields.squareFootage.errors}>
            <input
              {...getInputProps(fields.squareFootage, { type: "text" })}
              inputMode="numeric"
              placeholder="e.g. 1,650"
              className={inputClass}
            />
          </Field>
          <Field label="Bedrooms" errorId={fields.bedrooms.errorId} errors={fields.bedrooms.errors}>
            <input {...getInputProps(fields.bedrooms, { type: "text" })} inputMode="numeric" className={inputClass} />
          </Field>
          <Field label="Bathrooms" errorId={fields.bathrooms.errorId} errors={fields.bathrooms.errors}>
            <input {...getInputProps(fields.bathrooms, { type: "number" })} min={0} step={0.5} className={inputClass} />
          </Field>
        </div>
        <Field label="Image URL" errorId={fields.imageUrl.errorId} errors={fields.imageUrl.errors}>
          <input {...getInputProps(fields.imageUrl, { type: "url" })} placeholder="https://" className={inputClass} />
        </Field>
        <Field label="Notes" errorId={fields.notes.errorId} errors={fields.notes.errors}>
          <textarea {...getTextareaProps(fields.notes)} rows={3} className={inputClass} />
        </Field>
        <div className="mt-2 flex justify-end gap-3">
          <Link
            to={closeHref}
            replace
            preventScrollReset
            className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-700"
          >
            Cancel
          </Link>
          <SubmitButton intent={listingIntents.add} pendingLabel="Adding...">
            Add Property
          </SubmitButton>
        </div>
      </Form>
    </UrlDialog>
  );
}
