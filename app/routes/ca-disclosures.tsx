import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "California Real Estate Disclosures" }];

export default function Page() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">California Real Estate Disclosures</h1>
      <p className="mt-4 text-slate-600">Last updated January 2025</p>
    </article>
  );
}
