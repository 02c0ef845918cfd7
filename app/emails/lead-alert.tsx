/** New-lead alert to staff: who wrote, how to reach them, what they said, and where to work the lead. */
import { Button, Text } from "@react-email/components";
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
        E-mail: {p.email}
        <br />
        Phone: {p.phone}
        <br />
        Received: {p.receivedAt}
      </Text>
      <Text style={{ ...paragraph, whiteSpace: "pre-line" }}>
        {p.message ? `Message:\n${p.message}` : "No message."}
      </Text>
      {p.routing ? <Text style={{ ...paragraph, fontWeight: 600 }}>{p.routing}</Text> : null}
      <Text style={paragraph}>Reply to this e-mail to answer {p.name} directly.</Text>
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
