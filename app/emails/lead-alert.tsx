/** New-lead alert to staff: who wrote, how to reach them, what they said, and where to work the lead. */
import { Button, Link, Text } from "@react-email/components";
import { telHref } from "~/lib/format";
import { button, EmailLayout, paragraph, type EmailFrame } from "./layout";

export type LeadAlertProps = EmailFrame & {
  name: string;
  email: string;
  phone: string;
  message: string | null;
  receivedAt: string;
  leadUrl: string;
  /** First to claim: the agent's Claim link (the lead's page opens only once it is theirs). */
  claimUrl?: string | null;
  /** Where routing sent the lead ("Assigned to Pat Lee."), for a copy to the agency's inbox. */
  routing?: string | null;
  repeat: boolean;
};

export function LeadAlertEmail(p: LeadAlertProps) {
  return (
    <EmailLayout site={p.site} appUrl={p.appUrl} preview={`${p.name} asked for a free consultation`}>
      <Text style={{ ...paragraph, fontSize: "17px", fontWeight: 700 }}>
        New lead{p.repeat ? " (writing again)" : ""}: {p.name}
      </Text>
      <Text style={paragraph}>
        E-mail: {p.email || "none given"}
        <br />
        Phone: {p.phone ? <Link href={telHref(p.phone)}>{p.phone}</Link> : "none given"}
        <br />
        Received: {p.receivedAt}
      </Text>
      <Text style={{ ...paragraph, whiteSpace: "pre-line" }}>
        {p.message ? `Message:\n${p.message}` : "No message."}
      </Text>
      {p.routing ? <Text style={{ ...paragraph, fontWeight: 600 }}>{p.routing}</Text> : null}
      {/* A visitor who gave only a phone (an open house's door) has no address to reply to: call them. */}
      <Text style={paragraph}>
        {p.email ? (
          `Reply to this e-mail to answer ${p.name} directly.`
        ) : (
          <>
            {p.name} gave no e-mail address: call them at <Link href={telHref(p.phone)}>{p.phone}</Link>.
          </>
        )}
      </Text>
      {p.claimUrl ? (
        <Button href={p.claimUrl} style={button}>
          Claim the lead
        </Button>
      ) : (
        <Button href={p.leadUrl} style={button}>
          Open the lead
        </Button>
      )}
    </EmailLayout>
  );
}
