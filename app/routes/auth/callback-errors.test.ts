import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";

import { initSecrets } from "~/.server/secrets";
import { readToast } from "~/.server/toast";
import { loader } from "./callback";
import { callbackErrorText, GENERIC_CALLBACK_ERROR } from "./callback-errors";

/** The toast the callback leaves for the sign-in page, read back from its cookie. */
async function toastAfter(query: string) {
  const request = new Request(`http://localhost/auth/callback?${query}`);
  const args = {
    request,
    url: new URL(request.url),
    pattern: "/auth/callback",
    params: {},
    context: new RouterContextProvider(),
  } as Parameters<typeof loader>[0];
  const response = (await loader(args)) as Response;
  expect(response.headers.get("Location")).toBe("/auth/signin");
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  return (await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast;
}

describe("/auth/callback errors", () => {
  beforeAll(() => {
    initSecrets(fs.mkdtempSync(path.join(os.tmpdir(), "plotline-callback-")));
  });

  it("say our own text for a known code, never the URL's description", async () => {
    const toast = await toastAfter(
      "error=access_denied&error_code=otp_expired&error_description=Your+account+is+locked.+Call+%2B1-555-0100+now",
    );
    expect(toast).toMatchObject({ title: "Sign in failed", variant: "error" });
    expect(toast?.description).toBe("This link has expired or was already used. Please request a new one.");
    expect(JSON.stringify(toast)).not.toMatch(/locked|555/);
  });

  it("fall back to a generic text for an unknown code, or a description alone", async () => {
    expect((await toastAfter("error=made_up&error_description=Visit+evil.example"))?.description).toBe(
      GENERIC_CALLBACK_ERROR,
    );
    expect((await toastAfter("error_description=Visit+evil.example"))?.description).toBe(GENERIC_CALLBACK_ERROR);
    expect((await toastAfter("error=access_denied"))?.description).toMatch(/^Sign-in was cancelled/);
  });

  it("know the codes the auth service and Supabase send back", () => {
    expect(callbackErrorText("flow_state_expired")).toMatch(/another browser or has expired/);
    expect(callbackErrorText(null, "over_request_rate_limit")).toMatch(/Too many attempts/);
    expect(callbackErrorText("toString")).toBe(GENERIC_CALLBACK_ERROR);
  });
});
