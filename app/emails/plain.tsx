/** A plain e-mail: a heading, its lines and an optional button (the agreements' e-mails, app/models/agreement-mail.server.ts; the showings', showing-mail.server.ts). */
import { Button, Text } from "@react-email/components";
import { button, EmailLayout, paragraph, type EmailFrame } from "./layout";

export function PlainEmail(
  p: EmailFrame & { heading: string; lines: string[]; action?: { label: string; url: string } | null },
) {
  return (
    <EmailLayout site={p.site} appUrl={p.appUrl} preview={p.preview}>
      <Text style={{ ...paragraph, fontSize: "17px", fontWeight: 700 }}>{p.heading}</Text>
      {p.lines.map((line, i) => (
        <Text key={i} style={paragraph}>
          {line}
        </Text>
      ))}
      {p.action ? (
        <Button href={p.action.url} style={button}>
          {p.action.label}
        </Button>
      ) : null}
    </EmailLayout>
  );
}
