/**
 * The frame of every form field: a label above its control, an optional hint (`{id}-hint`), and the first
 * error below (`{id}-error`, room kept so nothing shifts), which the control points at (`describedBy`). The
 * Conform fields (form-field.tsx) are drawn in it; so is a control of a form the server answers itself (an
 * offer's terms, an estimate's inputs, the contact form, which keeps Conform off the landing page).
 */
import type { ReactNode } from "react";

export const inputClass =
  "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600";

/** The ids a control points at: its hint, then its error when it has one. */
export const describedBy = (id: string, hint: ReactNode | undefined, error: string | null | undefined) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

/** A label, its control, the hint (`{id}-hint`) and the first error (`{id}-error`). */
export function FieldShell({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`min-w-0 ${className ?? ""}`}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <p id={`${id}-error`} className="mt-1 min-h-[1rem] text-xs text-red-700">
        {error ?? ""}
      </p>
    </div>
  );
}
