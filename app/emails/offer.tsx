/**
 * An offer's news (app/models/offer-mail.server.ts): to the client (shared, countered, accepted, expired,
 * withdrawn), to staff, or to the other side's agent (a withdrawal: no button, they have no account).
 */
import { Button, Text } from "@react-email/components";
import { button, EmailLayout, paragraph, type EmailFrame } from "./layout";

export function OfferEmail(
  p: EmailFrame & { headline: string; lines: string[]; note: string | null; url: string | null; action: string },
) {
  return (
    <EmailLayout site={p.site} appUrl={p.appUrl} preview={p.preview}>
      <Text style={{ ...paragraph, fontSize: "17px", fontWeight: 700 }}>{p.headline}</Text>
      <Text style={paragraph}>
        {p.lines.map((line, i) => (
          <span key={i}>
            {i > 0 ? <br /> : null}
            {line}
          </span>
        ))}
      </Text>
      {p.note ? (
        <Text style={{ ...paragraph, paddingLeft: "12px", borderLeft: "3px solid #1565c0" }}>{p.note}</Text>
      ) : null}
      {p.url ? (
        <Button href={p.url} style={button}>
          {p.action}
        </Button>
      ) : null}
    </EmailLayout>
  );
}
