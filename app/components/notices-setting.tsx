/** The portal's "E-mail notices" setting: milestone e-mails on or off, with a plain form. */
import { Form } from "@remix-run/react";
import { anchorOffset, card } from "~/components/card";
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
