/** /sign/done: where a co-signer lands once they signed or declined from their link (it works once). */
import type { MetaFunction } from "@remix-run/node";
import { privatePageMeta } from "~/lib/seo";

export const meta: MetaFunction = () => privatePageMeta("Thank you");

export default function SignDone() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-2xl font-bold">Thank you</h1>
      <p className="mt-3 text-slate-700" data-testid="signing-done">
        Your answer is recorded. When everyone has signed, we e-mail you a link to the signed copy with its certificate
        of completion. Your link to sign has now been used.
      </p>
    </div>
  );
}
