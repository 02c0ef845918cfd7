/**
 * /admin/profile: a staff member's public profile (title, bio, languages, areas, photo), the one
 * /agents/{slug} shows. Their own; an admin opens anyone's with `?user=<id>` (from the Team page); another
 * agent's answers 404. The page says whether the public sees it, and why not.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { card } from "~/components/card";
import { FieldShell } from "~/components/field-shell";
import { TextareaField, TextField } from "~/components/form-field";
import { AgentPhoto } from "~/components/proof";
import { SubmitButton } from "~/components/submit-button";
import { getDb } from "~/infra/database.server";
import { readPhotoForm } from "~/infra/blog-images.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { requireStaff } from "~/infra/guards.server";
import { refuse, type Refusal } from "~/infra/page-action.server";
import { InvalidInputError, UploadRefusal } from "~/lib/errors";
import { fullName } from "~/lib/format";
import { BIO_MAX, profileSchema } from "~/lib/proof-schema";
import { privatePageMeta } from "~/lib/seo";
import { IMAGE_ACCEPT } from "~/lib/upload-rules";
import { getProfileForEdit, saveProfile } from "~/models/agent-profile.server";
import { storeProfilePhoto } from "~/sections/profile.server";

export const meta: MetaFunction = () => privatePageMeta("My profile");

const constraint = getZodConstraint(profileSchema);

const whoseProfile = (request: Request, actorId: string) => new URL(request.url).searchParams.get("user") || actorId;

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireStaff(request);
  const userId = whoseProfile(request, actor.id);
  let edit;
  try {
    edit = getProfileForEdit(getDb(), actor, userId);
  } catch {
    throw new Response("Not found", { status: 404 });
  }
  return {
    own: userId === actor.id,
    userId,
    name: fullName(edit.user) || edit.user.email,
    license: edit.user.licenseNumber,
    profile: edit.profile,
    photo: edit.photo,
    shown: edit.shown,
    notShownBecause: edit.notShownBecause,
  };
}

type ActionData = { result: SubmissionResult<string[]>; refusal?: Refusal; photoError?: string };

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireStaff(request);
  const userId = whoseProfile(request, actor.id);
  const form = await readPhotoForm(request);
  const submission = parseWithZod(form.formData, { schema: profileSchema });
  try {
    await storeProfilePhoto(actor, userId, form);
  } catch (error) {
    // A refused or unreadable photo is the photo field's error; the other fields come back as typed.
    if (error instanceof UploadRefusal || error instanceof InvalidInputError) {
      const status = error instanceof UploadRefusal ? error.status : 400;
      return data<ActionData>({ result: submission.reply(), photoError: error.message }, { status });
    }
    return refuse(error, { data: { result: submission.reply() } });
  }
  if (submission.status !== "success") return data<ActionData>({ result: submission.reply() }, { status: 400 });
  try {
    saveProfile(getDb(), actor, userId, submission.value);
  } catch (error) {
    // A bio the fair-housing check flags: the phrases by the field, the reason field beside it.
    if (error instanceof InvalidInputError && error.fieldErrors.bio) {
      return data<ActionData>({ result: submission.reply({ fieldErrors: error.fieldErrors }) }, { status: 400 });
    }
    return refuse(error, { data: { result: submission.reply() } });
  }
  const here = userId === actor.id ? "/admin/profile" : `/admin/profile?user=${encodeURIComponent(userId)}`;
  return redirectWithToast(here, { description: "Profile saved." });
}

export default function ProfilePage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<ActionData>();
  const [form, fields] = useForm({
    id: "profile",
    lastResult: answer?.result,
    defaultValue: {
      slug: page.profile?.slug ?? "",
      title: page.profile?.title ?? "",
      bio: page.profile?.bio ?? "",
      languages: page.profile?.languages ?? "",
      areas: page.profile?.areas ?? "",
    },
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold text-brand-900">{page.own ? "My profile" : `Profile of ${page.name}`}</h1>
      <p className="mt-2 text-slate-700" data-testid="profile-state">
        {page.shown && page.profile ? (
          <>
            Shown on the site at <Link to={`/agents/${page.profile.slug}`}>/agents/{page.profile.slug}</Link>.
          </>
        ) : (
          page.notShownBecause
        )}
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className={`mt-6 grid gap-3 ${card} p-6`}
      >
        <div className="flex items-center gap-4">
          <AgentPhoto name={page.name} photo={page.photo} size={96} eager />
          <FieldShell
            id="profile-photo"
            label="Photo"
            hint="JPEG, PNG, WebP or HEIC, at most 10 MB; cut to a square."
            error={answer?.photoError}
          >
            <input
              id="profile-photo"
              name="photo"
              type="file"
              accept={IMAGE_ACCEPT}
              aria-describedby={answer?.photoError ? "profile-photo-hint profile-photo-error" : "profile-photo-hint"}
              aria-invalid={answer?.photoError ? true : undefined}
              className="mt-1 block w-full text-sm"
            />
          </FieldShell>
        </div>
        <TextField field={fields.title} label="Title" placeholder="Realtor®, Listing Specialist" maxLength={100} />
        <TextareaField field={fields.bio} label="Short bio" rows={6} maxLength={BIO_MAX} />
        <TextField
          field={fields.fairHousingReason}
          label="Reason to keep a flagged phrase"
          hint="Only when the bio names a phrase fair housing flags (audited): better, describe your work, not your clients."
        />
        <TextField
          field={fields.languages}
          label="Languages"
          placeholder="English, Spanish"
          hint="Separated by commas"
        />
        <TextField
          field={fields.areas}
          label="Areas served"
          placeholder="North Park, Hillcrest, 92104"
          hint="Neighbourhoods or ZIP codes, separated by commas"
        />
        <TextField
          field={fields.slug}
          label="Page address"
          hint="The end of the page's address (e.g. agatha-moss); left empty, it is made from the name"
        />
        <div>
          <SubmitButton pendingLabel="Saving...">Save profile</SubmitButton>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
