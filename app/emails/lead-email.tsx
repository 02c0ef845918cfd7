/**
 * An e-mail a staff member writes to a lead from the lead's page ("E-mail the lead"): their words, signed
 * with their name and phone; a first contact, so the footer names the lead's agent and license number
 * (the broker's without one) beside the agency's license and the broker's name (B&P §10140.6).
 */
import { Text } from "@react-email/components";
import { EmailLayout, paragraph, type EmailFrame } from "./layout";

export function LeadEmail(
  p: EmailFrame & {
    firstName: string;
    body: string;
    sender: { name: string; phone: string | null; email: string };
  },
) {
  return (
    <EmailLayout site={p.site} appUrl={p.appUrl} preview={p.preview} agent={p.agent ?? null}>
      <Text style={paragraph}>Hi {p.firstName},</Text>
      {p.body.split(/\n{2,}/).map((block, i) => (
        <Text key={i} style={paragraph}>
          {block.split("\n").map((line, j) => (
            <span key={j}>
              {j > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </Text>
      ))}
      <Text style={paragraph}>
        {p.sender.name}
        <br />
        {p.sender.phone ? (
          <>
            {p.sender.phone}
            <br />
          </>
        ) : null}
        {p.sender.email}
      </Text>
    </EmailLayout>
  );
}
