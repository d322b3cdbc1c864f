import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { enqueue } from "~/.server/jobs/queue";
import { runDueJobs } from "~/.server/jobs/worker";
import { activity, jobs, notifications, pushSubscriptions } from "~/.server/db/schema";
import { FieldError } from "~/.server/errors";
import { notify } from "~/.server/notifications/notifications";
import { updateNotificationPreferences } from "~/.server/profiles/settings";
import { PUSH_NOTIFICATION_JOB, registerPushJobs } from "~/.server/push/delivery";
import {
  MAX_PUSH_SUBSCRIPTIONS_PER_USER,
  removePushSubscription,
  savePushSubscription,
} from "~/.server/push/subscriptions";
import * as pushRoute from "~/routes/app/push";
import { engines, useTestDatabase } from "../setup/database";
import { buildUser, type TestUser } from "../setup/factories";
import { callAction } from "../setup/route-harness";

/**
 * Web Push end to end on the server side: the use cases that keep a browser's subscription,
 * and the `push.notification` job against a real push service on loopback (HTTPS, as
 * web-push speaks nothing else), whose requests are checked as a push service would and
 * decrypted as the browser would (RFC 8291, RFC 8292).
 */

// VAPID keys before anything reads env() (the logger does when first imported).
const vapid = await vi.hoisted(async () => {
  const { default: webpush } = await import("web-push");
  const keys = webpush.generateVAPIDKeys();
  vi.stubEnv("VAPID_PUBLIC_KEY", keys.publicKey);
  vi.stubEnv("VAPID_PRIVATE_KEY", keys.privateKey);
  vi.stubEnv("VAPID_SUBJECT", "mailto:push-test@example.com");
  return keys;
});

type Received = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A push service on 127.0.0.1 with a self-signed certificate this process trusts; each path answers its status. */
async function startPushService() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-push-"));
  const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"].concat([
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ]),
    { stdio: "ignore" },
  );
  const received: Received[] = [];
  const statuses = new Map<string, number>();
  const server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statuses.get(req.url ?? "") ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // web-push sends through https.globalAgent: trusting the certificate there changes no app code.
  const trusted = https.globalAgent.options.ca;
  https.globalAgent.options.ca = fs.readFileSync(cert);
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    answer: (pathname: string, status: number) => statuses.set(pathname, status),
    async close() {
      https.globalAgent.options.ca = trusted;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A browser's side of a subscription: its P-256 key pair and 16-byte auth secret (RFC 8291). */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString("base64url"),
    auth: auth.toString("base64url"),
    authSecret: auth,
  };
}

/** Decrypts an aes128gcm body (RFC 8188 framing, RFC 8291 keys) as the browser would. */
function decrypt(body: Buffer, keys: ReturnType<typeof browserKeys>) {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, keys.authSecret, info, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  const end = padded.lastIndexOf(2);
  return JSON.parse(padded.subarray(0, end).toString("utf8")) as Record<string, unknown>;
}

/** Checks the VAPID JWT's ES256 signature with the server's public key and answers its claims. */
function vapidClaims(authorization: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  expect(match, authorization).not.toBeNull();
  const [, token, k] = match!;
  expect(k).toBe(vapid.publicKey);
  const [header, claims, signature] = token!.split(".") as [string, string, string];
  const point = Buffer.from(k!, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  expect(signed).toBe(true);
  return JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as { aud: string; sub: string; exp: number };
}

describe.each(engines)("Web Push on %s", (engine) => {
  const database = useTestDatabase(engine);
  let service: Awaited<ReturnType<typeof startPushService>>;
  let unregister: () => void;

  beforeAll(async () => {
    service = await startPushService();
    unregister = registerPushJobs();
  });
  afterAll(async () => {
    unregister?.();
    await service?.close();
  });
  const db = () => database().db;
  beforeEach(async () => {
    service.received.length = 0;
    await db().delete(jobs);
  });

  /** A user who turned push on, with a subscription at `pathname` of the push service (stored directly: the use case refuses IP addresses). */
  async function subscribedUser(pathnames: string[]) {
    const user = await buildUser();
    await updateNotificationPreferences(user.actor, {
      emailNotifications: true,
      pushNotifications: true,
      aiSuggestions: true,
    });
    const browsers = pathnames.map((pathname) => ({ pathname, keys: browserKeys() }));
    await db()
      .insert(pushSubscriptions)
      .values(
        browsers.map(({ pathname, keys }) => ({
          userId: user.id,
          endpoint: `${service.origin}${pathname}`,
          p256dh: keys.p256dh,
          auth: keys.auth,
        })),
      );
    return { user, browsers };
  }

  async function notifyAndEnqueue(user: TestUser, title: string) {
    const [row] = await db().transaction(async (tx) => {
      await notify(tx, [{ userId: user.id, kind: "test", title, body: "Body text", link: "/app/notifications" }]);
      const [created] = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.title, title)));
      await enqueue(tx, [{ kind: PUSH_NOTIFICATION_JOB, payload: { notificationId: created!.id } }]);
      return [created!];
    });
    return row!.id;
  }

  /** Each test starts with no job, so the one there is the one it enqueued. */
  const theJob = async () => {
    const [job, ...more] = await db().select().from(jobs).where(eq(jobs.kind, PUSH_NOTIFICATION_JOB));
    expect(more).toEqual([]);
    return job!;
  };

  it("sends the notification encrypted (aes128gcm) with a VAPID signature and a TTL", async () => {
    const { user, browsers } = await subscribedUser(["/push/phone", "/push/laptop"]);
    const id = await notifyAndEnqueue(user, "Ada assigned you a task");
    expect(await runDueJobs()).toBe(1);

    expect(service.received.map((r) => r.path).sort()).toEqual(["/push/laptop", "/push/phone"]);
    for (const browser of browsers) {
      const request = service.received.find((r) => r.path === browser.pathname)!;
      expect(request.headers["content-encoding"]).toBe("aes128gcm");
      expect(request.headers["content-type"]).toBe("application/octet-stream");
      expect(request.headers.ttl).toBe("86400");
      expect(request.headers.topic).toBe(id.replaceAll("-", ""));
      const claims = vapidClaims(String(request.headers.authorization));
      expect(claims.aud).toBe(service.origin);
      expect(claims.sub).toBe("mailto:push-test@example.com");
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());
      // Plain text never crosses the wire: only the browser's keys open it.
      expect(request.body.toString("latin1")).not.toContain("Ada assigned");
      expect(decrypt(request.body, browser.keys)).toEqual({
        id,
        title: "Ada assigned you a task",
        body: "Body text",
        link: "/app/notifications",
      });
    }
    expect((await theJob()).doneAt).not.toBeNull();
  });

  it("deletes the subscriptions the push service says are gone (410, 404) and keeps the others", async () => {
    service.answer("/push/expired", 410);
    service.answer("/push/unknown", 404);
    const { user } = await subscribedUser(["/push/expired", "/push/unknown", "/push/alive"]);
    await notifyAndEnqueue(user, "Gone browsers");
    expect(await runDueJobs()).toBe(1);
    expect(service.received).toHaveLength(3);
    const left = await db()
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(left.map((row) => row.endpoint)).toEqual([`${service.origin}/push/alive`]);
    expect((await theJob()).doneAt).not.toBeNull();
  });

  it("leaves the job to be retried when the push service fails otherwise, keeping the subscription", async () => {
    service.answer("/push/overloaded", 503);
    const { user } = await subscribedUser(["/push/overloaded"]);
    await notifyAndEnqueue(user, "Try again later");
    expect(await runDueJobs()).toBe(1);
    expect(service.received).toHaveLength(1);
    const job = await theJob();
    expect(job).toMatchObject({ attempts: 1, doneAt: null, failedAt: null });
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(job.lastError).toContain("answered 503");
    // The endpoint is a capability: it stays out of the jobs table.
    expect(job.lastError).not.toContain("/push/overloaded");
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toHaveLength(1);

    // Once the push service is back, the retry delivers it.
    service.answer("/push/overloaded", 201);
    expect(await runDueJobs({ now: new Date(Date.now() + 60_000) })).toBe(1);
    expect(service.received).toHaveLength(2);
    expect((await theJob()).doneAt).not.toBeNull();
  });

  it("sends nothing for a notification already read or deleted, or to a user who turned push off", async () => {
    const { user } = await subscribedUser(["/push/quiet"]);
    const read = await notifyAndEnqueue(user, "Already read");
    await db().update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, read));
    const deleted = await notifyAndEnqueue(user, "Deleted");
    await db().delete(notifications).where(eq(notifications.id, deleted));
    expect(await runDueJobs()).toBe(2);

    await updateNotificationPreferences(user.actor, {
      emailNotifications: true,
      pushNotifications: false,
      aiSuggestions: true,
    });
    await notifyAndEnqueue(user, "Push is off");
    await db()
      .insert(jobs)
      .values({ kind: PUSH_NOTIFICATION_JOB, payload: { notificationId: "not-a-uuid" } });
    expect(await runDueJobs()).toBe(2);
    expect(service.received).toEqual([]);
    const pending = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, PUSH_NOTIFICATION_JOB), isNull(jobs.doneAt)));
    expect(pending).toEqual([]);
  });

  describe("subscriptions", () => {
    const endpoint = (name: string) => `https://push.example.com/send/${name}`;
    const keysFor = () => {
      const { p256dh, auth } = browserKeys();
      return { p256dh, auth };
    };

    it("saves one per endpoint for the actor, moves a re-used endpoint over, and keeps the newest ten", async () => {
      const ada = await buildUser();
      const bob = await buildUser();
      await savePushSubscription(ada.actor, { endpoint: endpoint("shared"), ...keysFor() });
      const renewed = keysFor();
      await savePushSubscription(ada.actor, { endpoint: endpoint("shared"), ...renewed });
      const rows = () =>
        db()
          .select()
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, endpoint("shared")));
      expect(await rows()).toMatchObject([{ userId: ada.id, p256dh: renewed.p256dh, auth: renewed.auth }]);
      // Bob signed in on the same browser and subscribed: it is his now.
      await savePushSubscription(bob.actor, { endpoint: endpoint("shared"), ...keysFor() });
      expect(await rows()).toMatchObject([{ userId: bob.id }]);

      for (let n = 1; n <= MAX_PUSH_SUBSCRIPTIONS_PER_USER + 2; n++) {
        await savePushSubscription(ada.actor, { endpoint: endpoint(`ada-${n}`), ...keysFor() });
      }
      const adas = await db()
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, ada.id));
      expect(adas.map((row) => row.endpoint).sort()).toEqual(
        Array.from({ length: MAX_PUSH_SUBSCRIPTIONS_PER_USER }, (_, i) => endpoint(`ada-${i + 3}`)).sort(),
      );
      const verbs = await db()
        .select({ verb: activity.verb, data: activity.data })
        .from(activity)
        .where(eq(activity.actorId, ada.id));
      expect(verbs.filter((row) => row.verb === "push.subscribed")).toHaveLength(MAX_PUSH_SUBSCRIPTIONS_PER_USER + 4);
      expect(JSON.stringify(verbs)).not.toContain("/send/");

      // Removing touches only the actor's own.
      await removePushSubscription(ada.actor, endpoint("shared"));
      expect(await rows()).toHaveLength(1);
      await removePushSubscription(bob.actor, endpoint("shared"));
      expect(await rows()).toHaveLength(0);
    });

    it("refuses endpoints that are not https push services and keys of the wrong size", async () => {
      const user = await buildUser();
      const good = keysFor();
      const refused = [
        { endpoint: "http://push.example.com/send/1", ...good },
        { endpoint: "https://127.0.0.1/send/1", ...good },
        { endpoint: "https://[::1]/send/1", ...good },
        { endpoint: "https://localhost/send/1", ...good },
        { endpoint: "https://intranet/send/1", ...good },
        { endpoint: `https://push.example.com/${"x".repeat(3000)}`, ...good },
        { endpoint: "not a url", ...good },
        { endpoint: endpoint("short-key"), ...good, p256dh: good.p256dh.slice(0, 40) },
        { endpoint: endpoint("long-auth"), ...good, auth: `${good.auth}AAAA` },
      ];
      for (const input of refused) {
        await expect(savePushSubscription(user.actor, input), input.endpoint.slice(0, 60)).rejects.toThrow(FieldError);
      }
      expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
    });

    it("the route saves and removes this browser's subscription and answers JSON", async () => {
      const user = await buildUser();
      const keys = keysFor();
      const post = (form: Record<string, string>) => callAction(pushRoute.action, { user, path: "/app/push", form });
      expect(await post({ intent: "subscribe", endpoint: endpoint("route"), ...keys })).toMatchObject({
        status: 200,
        data: { ok: true },
      });
      const bad = await post({ intent: "subscribe", endpoint: "http://push.example.com/x", ...keys });
      expect(bad).toMatchObject({
        status: 400,
        data: { ok: false, error: "The push endpoint must be an https address of a push service" },
      });
      expect(await post({ intent: "nonsense" })).toMatchObject({ status: 400, data: { error: "Unknown action" } });
      expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toHaveLength(1);
      expect(await post({ intent: "unsubscribe", endpoint: endpoint("route") })).toMatchObject({ status: 200 });
      expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
    });
  });
});
