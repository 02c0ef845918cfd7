/** The portal's own settings: milestone e-mails on or off, and the account's name; plain forms. */
import { Form } from "@remix-run/react";
import { anchorOffset, card } from "~/components/card";
import { inputClass } from "~/components/field-shell";
import { buttonOutline, SubmitButton } from "~/components/submit-button";
import { accountIntents } from "~/lib/intents";

export function NoticesSetting({ on }: { on: boolean }) {
  return (
    <section
      aria-labelledby="notices-title"
      className={`mt-4 flex ${anchorOffset} flex-wrap items-center justify-between gap-3 ${card} px-6 py-4 text-sm`}
      id="notices"
    >
      <div>
        <h2 id="notices-title" className="font-semibold">
          E-mail notices
        </h2>
        <p className="text-slate-600" data-testid="notices-state">
          {on
            ? "On: we e-mail you when a step of your transaction changes."
            : "Off: we do not e-mail you when a step of your transaction changes."}
        </p>
      </div>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="notices" value={on ? "off" : "on"} />
        <SubmitButton intent={accountIntents.notices} pendingLabel="Saving..." className={buttonOutline}>
          {on ? "Turn off e-mail notices" : "Turn on e-mail notices"}
        </SubmitButton>
      </Form>
    </section>
  );
}

/** The portal's "Your name": the given and family names the account holds, the legal name its owner signs with. */
export function NameSetting({ firstName, lastName }: { firstName: string; lastName: string }) {
  return (
    <section
      aria-labelledby="your-name-title"
      className={`mt-4 ${anchorOffset} ${card} px-6 py-4 text-sm`}
      id="your-name"
    >
      <h2 id="your-name-title" className="font-semibold">
        Your name
      </h2>
      <p className="text-slate-600">Your full legal name, as you sign agreements with us.</p>
      <Form method="post" preventScrollReset className="mt-3 flex flex-wrap items-end gap-3">
        <label className="grid gap-1">
          <span>Given name</span>
          <input name="firstName" defaultValue={firstName} required autoComplete="given-name" className={inputClass} />
        </label>
        <label className="grid gap-1">
          <span>Family name</span>
          <input name="lastName" defaultValue={lastName} required autoComplete="family-name" className={inputClass} />
        </label>
        <SubmitButton intent={accountIntents.name} pendingLabel="Saving..." className={buttonOutline}>
          Save my name
        </SubmitButton>
      </Form>
    </section>
  );
}
