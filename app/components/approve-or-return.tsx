/**
 * The broker's two answers to something waiting for review (a file item on the Documents tab, a
 * fair-housing exception on /admin/reviews): Approve, or Return with what needs changing. Plain forms to the page's
 * action (`intent` approve or return, the record's id in a hidden field).
 */
import { Form } from "@remix-run/react";
import { inputClass } from "~/components/field-shell";
import { buttonOutline, buttonSmall, SubmitButton } from "~/components/submit-button";

export function ApproveOrReturn({
  idName,
  id,
  commentId,
  commentLabel,
  commentMax,
  returnKey,
  className = "mt-3 flex flex-wrap items-end gap-3",
}: {
  /** The hidden field naming the record: "itemId", "id". */
  idName: string;
  id: number;
  commentId: string;
  commentLabel: string;
  commentMax: number;
  /** Changes when the record's state does, so that the comment's field starts empty again. */
  returnKey?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <Form method="post">
        <input type="hidden" name={idName} value={id} />
        <SubmitButton intent="approve" pendingLabel="Approving..." className={buttonSmall}>
          Approve
        </SubmitButton>
      </Form>
      <Form key={returnKey} method="post" className="flex grow flex-wrap items-end gap-2">
        <input type="hidden" name={idName} value={id} />
        <div className="grow">
          <label htmlFor={commentId} className="block text-sm font-semibold">
            {commentLabel}
          </label>
          <input id={commentId} name="comment" required maxLength={commentMax} className={inputClass} />
        </div>
        <SubmitButton intent="return" pendingLabel="Returning..." className={buttonOutline}>
          Return
        </SubmitButton>
      </Form>
    </div>
  );
}
