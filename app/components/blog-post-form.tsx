/**
 * The blog editor's form (new and edit): Title, Slug (filled from the title
 * until edited), Excerpt, Image URL, Content, Published; Preview and Save are
 * two submit buttons of the same form, so both work without JavaScript.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useRef } from "react";
import { Field, inputClass } from "~/components/form-field";
import { buttonOutline, SubmitButton } from "~/components/submit-button";
import { blogPostSchema, slugify } from "~/lib/blog-schema";
import { newPostIntents } from "~/lib/intents";
import { card } from "~/components/card";

export type BlogFormValues = {
  title: string;
  slug: string;
  excerpt: string;
  imageUrl: string;
  content: string;
  published: boolean;
};

export function BlogPostForm({
  id,
  defaultValue,
  lastResult,
}: {
  id: string;
  defaultValue?: BlogFormValues;
  lastResult?: SubmissionResult<string[]>;
}) {
  const slugEdited = useRef(Boolean(defaultValue?.slug));
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: defaultValue ? { ...defaultValue, published: defaultValue.published ? "on" : undefined } : undefined,
    constraint: getZodConstraint(blogPostSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: blogPostSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className={`mt-6 grid gap-2 ${card} p-6`}>
      <Field label="Title*" errorId={fields.title.errorId} errors={fields.title.errors}>
        <input
          {...getInputProps(fields.title, { type: "text" })}
          className={inputClass}
          onInput={(event) => {
            if (slugEdited.current) return;
            const slug = event.currentTarget.form?.elements.namedItem("slug");
            if (slug instanceof HTMLInputElement) slug.value = slugify(event.currentTarget.value);
          }}
        />
      </Field>
      <Field label="Slug" errorId={fields.slug.errorId} errors={fields.slug.errors}>
        <input
          {...getInputProps(fields.slug, { type: "text" })}
          className={inputClass}
          placeholder="made from the title when empty"
          onInput={() => {
            slugEdited.current = true;
          }}
        />
      </Field>
      <Field label="Excerpt" errorId={fields.excerpt.errorId} errors={fields.excerpt.errors}>
        <textarea {...getTextareaProps(fields.excerpt)} rows={2} className={inputClass} />
      </Field>
      <Field label="Image URL" errorId={fields.imageUrl.errorId} errors={fields.imageUrl.errors}>
        <input {...getInputProps(fields.imageUrl, { type: "url" })} placeholder="https://" className={inputClass} />
      </Field>
      <Field label="Content*" errorId={fields.content.errorId} errors={fields.content.errors}>
        <textarea {...getTextareaProps(fields.content)} rows={14} className={inputClass} />
      </Field>
      <p className="-mt-1 text-xs text-slate-500">Plain text: each line break starts a new paragraph.</p>
      <label className="mt-2 flex items-center gap-2 text-sm font-semibold">
        <input {...getInputProps(fields.published, { type: "checkbox" })} className="h-4 w-4" />
        Published
      </label>
      <div className="mt-3 flex flex-wrap justify-end gap-3">
        <SubmitButton intent={newPostIntents.preview} pendingLabel="Previewing..." className={buttonOutline}>
          Preview
        </SubmitButton>
        <SubmitButton intent={newPostIntents.save} pendingLabel="Saving...">
          Save
        </SubmitButton>
      </div>
    </Form>
  );
}
