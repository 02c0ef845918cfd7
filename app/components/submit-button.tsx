/**
 * A form's submit button that shows its pending label ('Sending...',
 * 'Adding...') while its submission is on its way. With `intent`, it submits
 * `intent=<value>` and is pending only for that intent of the page's action.
 */
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { usePendingSubmission } from "~/hooks/use-pending";

/** Buttons are at least 44 px tall (a touch target: WCAG 2.5.5), links styled as buttons too. */
export const buttonPrimary =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-70";
export const buttonOutline =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-70";
/** A refusal's button (Decline): outlined in red, so it is not taken for the primary action. */
export const buttonDanger =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-red-600 px-3 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-70";
/** A row's small button (Remove, Mark done, Reset link): small text, still a 44 px target. */
export const buttonSmall =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-slate-300 px-3 text-sm font-semibold disabled:opacity-70";

export function SubmitButton({
  intent,
  formAction,
  pendingLabel,
  children,
  className = buttonPrimary,
  disabled,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "name" | "value" | "children" | "formAction"> & {
  intent?: string;
  /** The action this button posts to, when not the route's own. */
  formAction?: string;
  pendingLabel: string;
  children: ReactNode;
}) {
  const pending = usePendingSubmission({ intent, formAction });
  return (
    <button
      {...rest}
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      formAction={formAction}
      disabled={pending || disabled}
      className={className}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}
