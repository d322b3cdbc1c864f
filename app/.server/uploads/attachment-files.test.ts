import { describe, expect, it } from "vitest";

import {
  contentDisposition,
  downloadHeaders,
  isInlineImage,
  resolveAttachment,
  safeContentType,
  safeFileName,
} from "./attachment-files";

describe("attachment files", () => {
  it("keeps the last segment of a name, without control or direction characters, at most 200 long", () => {
    expect(safeFileName("C:\\Users\\me\\plan.pdf")).toBe("plan.pdf");
    expect(safeFileName("../../etc/passwd")).toBe("passwd");
    expect(safeFileName("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    expect(safeFileName("a\r\nb\u0000.txt")).toBe("ab.txt");
    expect(safeFileName("  ")).toBe("file");
    expect(safeFileName("..")).toBe("file");
    expect([...safeFileName("é".repeat(300))].length).toBe(200);
  });

  it("sends the name as RFC 5987 UTF-8 with an ASCII fallback", () => {
    expect(contentDisposition("Plan (v2)*.pdf")).toBe(
      `attachment; filename="Plan (v2)*.pdf"; filename*=UTF-8''Plan%20%28v2%29%2A.pdf`,
    );
    expect(contentDisposition('日本 "q"; x=1.txt')).toBe(
      `attachment; filename="__ _q_; x=1.txt"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%20%22q%22%3B%20x%3D1.txt`,
    );
  });

  it("never sends what a browser could render or run in our origin", () => {
    for (const type of ["text/html", "image/svg+xml", "text/javascript", "application/xhtml+xml", "text/xml", ""]) {
      expect(safeContentType(type)).toBe("application/octet-stream");
    }
    expect(safeContentType("IMAGE/PNG")).toBe("image/png");
    expect(safeContentType("text/plain; charset=utf-8")).toBe("text/plain");
    expect(safeContentType("application/pdf")).toBe("application/pdf");
  });

  it("sends raster images inline, to be shown, and everything else as a download", () => {
    const headers = (contentType: string) => downloadHeaders({ fileName: "a.png", contentType, sizeBytes: 3 });
    for (const type of ["image/png", "IMAGE/JPEG", "image/gif", "image/webp", "image/avif"]) {
      expect(isInlineImage(type)).toBe(true);
      expect(headers(type)["Content-Disposition"]).toMatch(/^inline; filename="a.png"/);
    }
    for (const type of ["image/svg+xml", "text/html", "application/pdf", "text/plain", ""]) {
      expect(isInlineImage(type)).toBe(false);
      expect(headers(type)["Content-Disposition"]).toMatch(/^attachment; /);
    }
    expect(headers("image/png")["Content-Security-Policy"]).toBe("default-src 'none'; sandbox");
  });

  it("resolves only stored names", () => {
    expect(resolveAttachment("attachments/abcdefghijklmnopqrstuvwx")).toMatch(/uploads[/\\]attachments[/\\]/);
    for (const bad of ["attachments/../secrets.json", "avatars/abcdefghijklmnopqrstuvwx", "attachments/a"]) {
      expect(resolveAttachment(bad)).toBeNull();
    }
  });
});
