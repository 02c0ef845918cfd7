/**
 * The blog editor's form (new and edit): Title, Slug (filled from the title
 * until edited), Excerpt, Image URL, Content, an uploaded image, Published;
 * Preview and Save are two submit buttons of the same form, so both work
 * without JavaScript. The form is multipart for its image file; an image
 * uploaded before (or the post's) is held in a hidden field, with Remove.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useRef } from "react";
import { Field, inputClass } from "~/components/form-field";
import { buttonOutline, SubmitButton } from "~/components/submit-button";
import { blogEditorSchema, slugify } from "~/lib/blog-schema";
import { newPostIntents } from "~/lib/intents";
import { card } from "~/components/card";
import { IMAGE_ACCEPT, type ImageSources } from "~/lib/upload-rules";

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
  image,
}: {
  id: string;
  defaultValue?: BlogFormValues;
  lastResult?: SubmissionResult<string[]>;
  /** The uploaded image the post has (or the form now holds). */
  image: { id: string; sources: ImageSources } | null;
}) {
  const slugEdited = useRef(Boolean(defaultValue?.slug));
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: defaultValue ? { ...defaultValue, published: defaultValue.published ? "on" : undefined } : undefined,
    constraint: getZodConstraint(blogEditorSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: blogEditorSchema }),
  });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className={`mt-6 grid gap-2 ${card} p-6`}>
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
      {image ? (
        <div className="mt-2 flex flex-wrap items-center gap-4" data-testid="uploaded-image">
          <input type="hidden" name="imageId" value={image.id} />
          <img
            src={image.sources.src}
            alt="The post's uploaded image"
            width={image.sources.width}
            height={image.sources.height}
            className="h-20 w-auto rounded border border-slate-200"
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="removeImage" className="h-4 w-4" />
            Remove this image
          </label>
        </div>
      ) : null}
      {/* After the text fields: a refused image still leaves them read (app/infra/blog-images.server.ts). */}
      <Field
        label={image ? "Replace with an image file" : "Image file"}
        errorId={fields.image.errorId}
        errors={fields.image.errors}
      >
        <input
          type="file"
          name="image"
          accept={IMAGE_ACCEPT}
          className="text-sm"
          aria-describedby={`${fields.image.errorId} ${id}-image-hint`}
          aria-invalid={fields.image.errors ? true : undefined}
        />
      </Field>
      <p id={`${id}-image-hint`} className="-mt-1 text-xs text-slate-500">
        JPEG, PNG, WebP or HEIC, shown instead of the Image URL; it is resized and its location data removed.
      </p>
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
