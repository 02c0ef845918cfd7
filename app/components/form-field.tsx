/**
 * A Conform field in the one frame of every field (field-shell.tsx): `TextField`, `TextareaField` and
 * `SelectField` take the field (the browser's and the server's messages of the same zod schema), its label
 * and an optional hint, and tie the control to them (aria-describedby, aria-invalid).
 */
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { FieldShell, inputClass } from "~/components/field-shell";

type Common = { label: ReactNode; hint?: ReactNode; className?: string };

const hintOf = (field: { id: string }, hint: ReactNode | undefined) => (hint ? `${field.id}-hint` : undefined);

/** An input of a Conform field (text, e-mail, URL, number, date…). */
export function TextField<S, F extends Record<string, unknown>>({
  field,
  label,
  hint,
  className,
  type = "text",
  ...input
}: Common & {
  field: FieldMetadata<S, F, string[]>;
  type?: "text" | "email" | "url" | "tel" | "number" | "date" | "datetime-local" | "password" | "search";
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "form">) {
  return (
    <FieldShell id={field.id} label={label} hint={hint} error={field.errors?.[0]} className={className}>
      <input
        {...getInputProps(field, { type, ariaDescribedBy: hintOf(field, hint) })}
        {...input}
        className={inputClass}
      />
    </FieldShell>
  );
}

/** A textarea of a Conform field. */
export function TextareaField<S, F extends Record<string, unknown>>({
  field,
  label,
  hint,
  className,
  ...textarea
}: Common & { field: FieldMetadata<S, F, string[]> } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    "name" | "id" | "form"
  >) {
  return (
    <FieldShell id={field.id} label={label} hint={hint} error={field.errors?.[0]} className={className}>
      <textarea
        {...getTextareaProps(field, { ariaDescribedBy: hintOf(field, hint) })}
        {...textarea}
        className={inputClass}
      />
    </FieldShell>
  );
}

/** A select of a Conform field; its options are the children. */
export function SelectField<S, F extends Record<string, unknown>>({
  field,
  label,
  hint,
  className,
  children,
  ...select
}: Common & { field: FieldMetadata<S, F, string[]>; children: ReactNode } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    "name" | "id" | "form"
  >) {
  return (
    <FieldShell id={field.id} label={label} hint={hint} error={field.errors?.[0]} className={className}>
      <select {...getSelectProps(field, { ariaDescribedBy: hintOf(field, hint) })} {...select} className={inputClass}>
        {children}
      </select>
    </FieldShell>
  );
}
