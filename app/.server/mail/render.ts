/**
 * One template, two bodies: a message is a list of blocks, rendered here to plain text and
 * to simple, inline-styled HTML (what mail clients display reliably). Every value is
 * escaped; nothing the sender typed can inject markup.
 */
export type MailBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "button"; label: string; url: string }
  | { kind: "quote"; text: string }
  | { kind: "fields"; rows: [label: string, value: string][] };

export type MailContent = { subject: string; blocks: MailBlock[]; footer?: MailBlock[] };

export type RenderedMail = { subject: string; text: string; html: string };

export function renderMail(content: MailContent): RenderedMail {
  const footer = content.footer ?? [];
  return {
    subject: content.subject,
    text: [...content.blocks, ...footer].map(toText).join("\n\n") + "\n\n-- \nPlotline\n",
    html: layout(content.subject, content.blocks.map(toHtml).join(""), footer.map(toHtml).join("")),
  };
}

function toText(block: MailBlock): string {
  switch (block.kind) {
    case "paragraph":
      return block.text;
    case "button":
      return `${block.label}: ${block.url}`;
    case "quote":
      return block.text
        .split("\n")
        .map((line) => `> ${line}`)
        .join("\n");
    case "fields":
      return block.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
  }
}

function toHtml(block: MailBlock): string {
  switch (block.kind) {
    case "paragraph":
      return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
    case "button":
      return `<p style="margin:24px 0"><a href="${escapeHtml(block.url)}" style="background:#4F46E5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(block.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#64748B">Or open this link: ${escapeHtml(block.url)}</p>`;
    case "quote":
      return `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:3px solid #CBD5E1;color:#334155;white-space:pre-wrap">${escapeHtml(block.text)}</blockquote>`;
    case "fields":
      return `<table style="margin:0 0 16px;border-collapse:collapse">${block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:4px 16px 4px 0;color:#64748B">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
        )
        .join("")}</table>`;
  }
}

function layout(title: string, body: string, footer: string) {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="margin:0;background:#F8FAFC;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0F172A;line-height:1.5"><div style="max-width:560px;margin:0 auto;padding:32px 24px"><p style="font-weight:800;font-size:20px;margin:0 0 24px;color:#4F46E5">Plotline</p><div style="background:#fff;border:1px solid #E2E8F0;border-radius:12px;padding:24px">${body}</div><div style="font-size:12px;color:#64748B;padding:16px 4px">${footer}</div></div></body></html>`;
}

export function escapeHtml(value: string) {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
