/**
 * /reviews/policy: the published content policy, the only grounds on which a review is not shown
 * (16 CFR Part 465: no review is suppressed for being negative). Its reasons are the hide form's list
 * (app/lib/proof-schema.ts HIDE_REASON_LABELS).
 */
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { REVIEW_HIDE_REASONS } from "~/domain/enums";
import { HIDE_REASON_LABELS } from "~/lib/proof-schema";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Review Content Policy | San Diego Flat-Fee Real Estate",
    description: "How we publish our clients' reviews, and the only reasons a review is not shown.",
    path: "/reviews/policy",
  });

const WHY: Record<(typeof REVIEW_HIDE_REASONS)[number], string> = {
  personal_data:
    "It shows someone's private information: a phone number, an e-mail or home address, a loan or account detail.",
  profanity: "It uses profane, obscene or threatening language.",
  discrimination:
    "It demeans people for their race, colour, religion, sex, gender identity, sexual orientation, disability, familial status, national origin, age, or any class California protects.",
  off_topic:
    "It is not about the transaction or our service (an advertisement, a link to elsewhere, another business).",
  not_a_client: "It was not written by the client of the transaction (or a co-signer of its agreement).",
};

export default function ReviewPolicy() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-900">Review Content Policy</h1>
      <div className="mt-6 space-y-4 text-slate-800">
        <p>
          After a transaction is complete, we ask its client once, and each co-signer of its agreement, for a review. We
          publish every review we receive, positive or negative. We never offer anything in exchange for a review, and
          we never hide or remove a review because it is unfavourable.
        </p>
        <p>Reviews by our employees, our agents or their families are not allowed.</p>
        <h2 className="pt-2 text-2xl font-semibold text-brand-900">When a review is not shown</h2>
        <p>A review is not shown only for one of these reasons, applied the same way to every review:</p>
        <ul className="list-disc space-y-2 pl-6">
          {REVIEW_HIDE_REASONS.map((reason) => (
            <li key={reason}>
              <strong>{HIDE_REASON_LABELS[reason]}.</strong> {WHY[reason]}
            </li>
          ))}
        </ul>
        <p>
          When a review is not shown, its writer is told why by e-mail, the decision is recorded with who made it and
          when, and the writer can change their review in their portal. We may reply to a review once, publicly, below
          it; we never change a client&apos;s words.
        </p>
        <p>
          <Link to="/reviews">Read our clients&apos; reviews</Link>
        </p>
      </div>
    </div>
  );
}
