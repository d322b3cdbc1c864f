// A real SMTP server for the end-to-end tests (smtp-server + mailparser), with the mail it
// received readable over HTTP: GET /messages?to=<address> lists them as JSON.
import http from "node:http";

import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export async function startTestMailbox() {
  const messages = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push({
            messageId: mail.messageId ?? null,
            from: mail.from?.text ?? "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            replyTo: mail.replyTo?.text ?? null,
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));

  const api = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const to = url.searchParams.get("to")?.toLowerCase();
    const found = to ? messages.filter((message) => message.to.includes(to)) : messages;
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify(found));
  });
  await new Promise((resolve) => api.listen(0, "127.0.0.1", resolve));

  return {
    smtpUrl: `smtp://127.0.0.1:${smtp.server.address().port}`,
    apiUrl: `http://127.0.0.1:${api.address().port}`,
    close: () => Promise.all([new Promise((r) => smtp.close(r)), new Promise((r) => api.close(r))]),
  };
}
