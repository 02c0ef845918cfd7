/**
 * The portal's proof cards: "May we show your home on our site?" for each completed sale or purchase
 * (yes or no, the address or only the neighbourhood, a photo or none; changed at any time), "How did we do?"
 * (the review form) while a request is open, and "Your reviews" (change or remove; a hidden one says why).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { card } from "~/components/card";
import { SelectField, TextareaField, TextField } from "~/components/form-field";
import { Stars } from "~/components/proof";
import { ReviewForm } from "~/components/review-form";
import { buttonSmall, SubmitButton } from "~/components/submit-button";
import type { ReviewHideReason } from "~/domain/enums";
import { proofIntents } from "~/lib/intents";
import { HIDE_REASON_LABELS, REVIEW_TEXT_MAX, reviewEditSchema } from "~/lib/proof-schema";

type Sale = {
  transactionId: number;
  address: string;
  neighbourhood: string;
  side: "buying" | "selling";
  fee: string;
  saved: string;
  answered: boolean;
  shown: boolean;
  detail: "address" | "neighbourhood";
  photo: boolean;
};
type OwnReview = {
  id: number;
  rating: number;
  text: string;
  displayName: string;
  hiddenReason: ReviewHideReason | null;
  reply: string | null;
};
export type PortalProofData = {
  sales: Sale[];
  requests: Array<{ transactionId: number; defaults: { agentSlug: string | null; displayName: string } }>;
  agents: Array<{ slug: string; name: string }>;
  reviews: OwnReview[];
};
type Answer = { intent: string; id: number; result: SubmissionResult<string[]> } | undefined;

export function PortalProof({ data, answer }: { data: PortalProofData; answer: Answer }) {
  if (!data.sales.length && !data.requests.length && !data.reviews.length) return null;
  return (
    <>
      {data.sales.length ? (
        <section id="sold-consent" aria-labelledby="sold-consent-title" className={`mt-8 scroll-mt-32 ${card} p-6`}>
          <h2 id="sold-consent-title" className="text-xl font-semibold">
            May we show your home on our site?
          </h2>
          {data.sales.map((sale) => (
            <SoldConsentForm key={sale.transactionId} sale={sale} />
          ))}
        </section>
      ) : null}
      {data.requests.map((request) => (
        <section
          key={request.transactionId}
          id={`review-${request.transactionId}`}
          aria-labelledby={`review-${request.transactionId}-title`}
          className={`mt-8 scroll-mt-32 ${card} p-6`}
        >
          <h2 id={`review-${request.transactionId}-title`} className="text-xl font-semibold">
            How did we do?
          </h2>
          <p className="mt-1 text-slate-600">
            Your honest review helps the next family choose. It is published as you write it.
          </p>
          <div className="mt-4">
            <ReviewForm
              id={`review-form-${request.transactionId}`}
              agents={data.agents}
              defaults={request.defaults}
              intent={proofIntents.review}
              hidden={{ transactionId: String(request.transactionId) }}
              lastResult={
                answer?.intent === proofIntents.review && answer.id === request.transactionId
                  ? answer.result
                  : undefined
              }
            />
          </div>
        </section>
      ))}
      {data.reviews.length ? (
        <section id="your-reviews" aria-labelledby="your-reviews-title" className={`mt-8 scroll-mt-32 ${card} p-6`}>
          <h2 id="your-reviews-title" className="text-xl font-semibold">
            Your reviews
          </h2>
          {data.reviews.map((review) => (
            <OwnReviewForm
              key={review.id}
              review={review}
              lastResult={
                answer?.intent === proofIntents.editReview && answer.id === review.id ? answer.result : undefined
              }
            />
          ))}
        </section>
      ) : null}
    </>
  );
}

function SoldConsentForm({ sale }: { sale: Sale }) {
  const name = `sale-${sale.transactionId}`;
  return (
    <Form
      method="post"
      preventScrollReset
      className="mt-4 space-y-3 border-t border-slate-200 pt-4 first-of-type:border-0"
    >
      <input type="hidden" name="transactionId" value={sale.transactionId} />
      <p>
        <strong>{sale.address}</strong>: with your permission we show the month it closed, the price
        {sale.side === "selling"
          ? `, the flat fee you paid (${sale.fee}) and what you saved compared with a 3 % listing commission on the same price (${sale.saved})`
          : ""}
        .
      </p>
      <p className="text-sm text-slate-700" data-testid={`sold-state-${sale.transactionId}`}>
        {sale.shown
          ? `Shown on our site with ${sale.detail === "address" ? "the street address" : "the neighbourhood only"}.`
          : sale.answered
            ? "Not shown on our site."
            : "Not shown: we wait for your answer."}
      </p>
      <fieldset>
        <legend className="text-sm font-semibold">Show it?</legend>
        <label className="mr-4 inline-flex min-h-11 items-center gap-2">
          <input type="radio" name="show" value="true" defaultChecked={sale.shown} id={`${name}-yes`} /> Yes, show it
        </label>
        <label className="inline-flex min-h-11 items-center gap-2">
          <input type="radio" name="show" value="false" defaultChecked={!sale.shown} id={`${name}-no`} /> No
        </label>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold">How?</legend>
        <label className="mr-4 inline-flex min-h-11 items-center gap-2">
          <input type="radio" name="detail" value="neighbourhood" defaultChecked={sale.detail === "neighbourhood"} />
          Neighbourhood only ({sale.neighbourhood})
        </label>
        <label className="inline-flex min-h-11 items-center gap-2">
          <input type="radio" name="detail" value="address" defaultChecked={sale.detail === "address"} /> The street
          address
        </label>
      </fieldset>
      <label className="inline-flex min-h-11 items-center gap-2">
        <input type="checkbox" name="photo" defaultChecked={sale.photo} /> Show a photo of the home
      </label>
      <div>
        <SubmitButton intent={proofIntents.soldConsent} pendingLabel="Saving...">
          Save my answer
        </SubmitButton>
      </div>
    </Form>
  );
}

const editConstraint = getZodConstraint(reviewEditSchema);

function OwnReviewForm({ review, lastResult }: { review: OwnReview; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: `own-review-${review.id}`,
    lastResult,
    defaultValue: { rating: String(review.rating), text: review.text, displayName: review.displayName },
    constraint: editConstraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewEditSchema }),
  });
  return (
    <div className="mt-4 border-t border-slate-200 pt-4 first-of-type:border-0">
      <p>
        <Stars rating={review.rating} />{" "}
        {review.hiddenReason ? (
          <span className="text-sm text-red-800">
            Not shown on our site: {HIDE_REASON_LABELS[review.hiddenReason]} (our content policy). You can change it
            below.
          </span>
        ) : (
          <span className="text-sm text-slate-600">Published on our site.</span>
        )}
      </p>
      {review.reply ? <p className="mt-1 text-sm text-slate-700">Our reply: {review.reply}</p> : null}
      <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-3 grid gap-2 sm:grid-cols-3">
        <input type="hidden" name="reviewId" value={review.id} />
        <SelectField field={fields.rating} label="Rating">
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? "star" : "stars"}
            </option>
          ))}
        </SelectField>
        <TextField field={fields.displayName} label="Your name as shown" className="sm:col-span-2" maxLength={100} />
        <TextareaField
          field={fields.text}
          label="Your review"
          rows={4}
          maxLength={REVIEW_TEXT_MAX}
          className="sm:col-span-3"
        />
        <div className="flex flex-wrap gap-3 sm:col-span-3">
          <SubmitButton intent={proofIntents.editReview} pendingLabel="Saving...">
            Save my review
          </SubmitButton>
        </div>
      </Form>
      <Form method="post" preventScrollReset className="mt-2">
        <input type="hidden" name="reviewId" value={review.id} />
        <SubmitButton intent={proofIntents.removeReview} pendingLabel="Removing..." className={buttonSmall}>
          Remove my review
        </SubmitButton>
      </Form>
    </div>
  );
}
