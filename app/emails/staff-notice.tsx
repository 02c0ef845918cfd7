/** Staff notice: a client uploaded documents to their transaction. */
import { Button, Text } from "@react-email/components";
import { button, EmailLayout, paragraph, type EmailFrame } from "./layout";

export function ClientUploadEmail(
  p: EmailFrame & { client: string; clientEmail: string; property: string; files: string[]; transactionUrl: string },
) {
  return (
    <EmailLayout site={p.site} appUrl={p.appUrl} preview={p.preview}>
      <Text style={{ ...paragraph, fontSize: "17px", fontWeight: 700 }}>
        {p.client} uploaded {p.files.length === 1 ? "a document" : `${p.files.length} documents`}
      </Text>
      <Text style={paragraph}>
        Client: {p.client} ({p.clientEmail})
        <br />
        Property: {p.property}
      </Text>
      <Text style={{ ...paragraph, paddingLeft: "12px", borderLeft: "3px solid #1565c0" }}>
        {p.files.map((name, i) => (
          <span key={i}>
            {i > 0 ? <br /> : null}
            {name}
          </span>
        ))}
      </Text>
      <Button href={p.transactionUrl} style={button}>
        Open the transaction
      </Button>
    </EmailLayout>
  );
}
