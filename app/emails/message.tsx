/** A message of a transaction's conversation, e-mailed to the other side (a reply lands in the thread). */
import { Button, Text } from "@react-email/components";
import { button, EmailLayout, paragraph, type EmailFrame } from "./layout";

export function MessageEmail(
  p: EmailFrame & {
    author: string;
    property: string;
    body: string;
    attachments: string[];
    threadUrl: string;
    /** How to answer: by replying to this e-mail (an inbound domain is set), or in the portal. */
    replyHint: string;
    wireNotice: string;
  },
) {
  return (
    <EmailLayout site={p.site} appUrl={p.appUrl} preview={p.preview}>
      <Text style={{ ...paragraph, fontSize: "17px", fontWeight: 700 }}>
        {p.author} wrote about {p.property}:
      </Text>
      <Text style={{ ...paragraph, paddingLeft: "12px", borderLeft: "3px solid #1565c0" }}>
        {p.body.split("\n").map((line, i) => (
          <span key={i}>
            {i > 0 ? <br /> : null}
            {line}
          </span>
        ))}
      </Text>
      {p.attachments.length ? (
        <Text style={paragraph}>Attached, in the transaction&apos;s documents: {p.attachments.join(", ")}</Text>
      ) : null}
      <Button href={p.threadUrl} style={button}>
        Open the conversation
      </Button>
      <Text style={paragraph}>{p.replyHint}</Text>
      <Text style={{ ...paragraph, fontWeight: 700, color: "#b91c1c" }}>{p.wireNotice}</Text>
    </EmailLayout>
  );
}
