/**
 * The blog editor's form (new and edit): Title, Slug (filled from the title
 * until edited), Excerpt, Image URL, Content, an uploaded image, Published;
 * Preview and Save are two submit buttons of the same form, so both work
 * without JavaScript. The form is multipart for its image file; an image
 * uploaded before (or the post's) is held in a hidden field, with Remove.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useRef } from "react";
import { TextareaField, TextField } from "~/components/form-field";
import { describedBy, FieldShell } from "~/components/field-shell";
import { buttonOutline, SubmitButton } from "~/components/submit-button";
import { blogEditorSchema } from "~/lib/blog-schema";
import { slugify } from "~/lib/slug";
import { newPostIntents } from "~/lib/intents";
import { card } from "~/components/card";
import { IMAGE_ACCEPT } from "~/lib/upload-rules";
import { type ImageSources } from "~/lib/images";

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
      <TextField
        field={fields.title}
        label="Title*"
        onInput={(event) => {
          if (slugEdited.current) return;
          const slug = event.currentTarget.form?.elements.namedItem("slug");
          if (slug instanceof HTMLInputElement) slug.value = slugify(event.currentTarget.value);
        }}
      />
      <TextField
        field={fields.slug}
        label="Slug"
        placeholder="made from the title when empty"
        onInput={() => {
          slugEdited.current = true;
        }}
      />
      <TextareaField field={fields.excerpt} label="Excerpt" rows={2} />
      <TextField field={fields.imageUrl} label="Image URL" type="url" placeholder="https://" />
      <TextareaField field={fields.content} label="Content*" rows={14} />
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
      <FieldShell
        id={fields.image.id}
        label={image ? "Replace with an image file" : "Image file"}
        hint="JPEG, PNG, WebP or HEIC, shown instead of the Image URL; it is resized and its location data removed."
        error={fields.image.errors?.[0]}
      >
        <input
          id={fields.image.id}
          type="file"
          name="image"
          accept={IMAGE_ACCEPT}
          className="mt-1 block text-sm"
          aria-describedby={describedBy(fields.image.id, true, fields.image.errors?.[0])}
          aria-invalid={fields.image.errors ? true : undefined}
        />
      </FieldShell>
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
