import type { ReactNode } from "react";

export const inputClass =
  "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600";

/** A label around its control, with the field's first error below it. */
export function Field({
  label,
  children,
  errorId,
  errors,
}: {
  label: string;
  children: ReactNode;
  errorId: string;
  errors?: string[];
}) {
  return (
    <div>
      <label className="block text-sm font-semibold">
        {label}
        {children}
      </label>
      <p id={errorId} className="mt-1 min-h-[1rem] text-xs text-red-700">
        {errors?.[0] ?? ""}
      </p>
    </div>
  );
}

/** A control's hint (`{id}-hint`) and its first error (`{id}-error`, room kept so nothing shifts). */
export function HintAndError({ id, hint, error }: { id: string; hint?: string | null; error?: string | null }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <p id={`${id}-error`} className="min-h-[1rem] text-xs text-red-700">
        {error ?? ""}
      </p>
    </>
  );
}
