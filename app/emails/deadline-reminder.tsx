/** A contract deadline's reminder, two days before and on the morning of the day (client and staff). */
import { Button, Text } from "@react-email/components";
import { button, EmailLayout, paragraph, type EmailFrame } from "./layout";

export function DeadlineReminderEmail(
  p: EmailFrame & {
    heading: string;
    title: string;
    date: string;
    property: string;
    task: string;
    movedFrom: string | null;
    linkText: string;
    url: string;
  },
) {
  return (
    <EmailLayout site={p.site} appUrl={p.appUrl} preview={p.preview}>
      <Text style={{ ...paragraph, fontSize: "17px", fontWeight: 700 }}>{p.heading}</Text>
      <Text style={paragraph}>
        {p.title}: {p.date}
        {p.movedFrom ? ` (${p.movedFrom})` : ""}
        <br />
        Property: {p.property}
      </Text>
      <Text style={paragraph}>{p.task}</Text>
      <Button href={p.url} style={button}>
        {p.linkText}
      </Button>
    </EmailLayout>
  );
}
