import type { ReactNode } from "react";

export const LEGAL_LAST_UPDATED = "January 2025";

export function LegalPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 text-slate-800 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-brand-900 [&_li]:mt-1 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_a]:text-brand-700 [&_a]:underline">
      <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">{title}</h1>
      <p className="!mt-2 text-sm text-slate-500">Last updated {LEGAL_LAST_UPDATED}</p>
      {intro ? <div className="mt-6 text-lg">{intro}</div> : null}
      {children}
      <p className="!mt-12 text-sm text-slate-500">
        This page is general information about our services and your rights. It is not legal or tax advice.
      </p>
    </article>
  );
}
