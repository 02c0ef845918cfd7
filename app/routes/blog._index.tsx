import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Blog" }];

export default function Page() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">Blog</h1>
      <p className="mt-4 text-slate-600">Coming Soon</p>
    </article>
  );
}
