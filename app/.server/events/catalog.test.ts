import { describe, expect, it } from "vitest";

import { describeActivity } from "~/utils/activity-text";
import { WEBHOOK_EVENTS } from "~/utils/webhook-events";
import { EVENT_CATALOG, VERBS } from "./catalog";

/**
 * The catalogue against what reads it: the activity log has a sentence for every event a
 * workspace's log can show, and every webhook event is a catalogued verb with a version.
 */
/** Subjects of events no workspace log shows: a user's own, the auth service's, the public site's. */
const OUTSIDE_WORKSPACES = new Set([
  "user",
  "auth_user",
  "contact_message",
  "support_request",
  "demo_request",
  "newsletter_subscriber",
]);

describe("the event catalogue", () => {
  it("gives every verb a version and a subject", () => {
    for (const verb of VERBS) {
      expect(EVENT_CATALOG[verb].version, verb).toBeGreaterThanOrEqual(1);
      expect(EVENT_CATALOG[verb].subject, verb).toMatch(/^[a-z_]+$/);
    }
  });

  it("has a sentence in the activity log for every event a workspace records", () => {
    const unworded = VERBS.filter((verb) => !OUTSIDE_WORKSPACES.has(EVENT_CATALOG[verb].subject)).filter(
      (verb) => describeActivity(verb, {}) === verb.replace(/[._]/g, " "),
    );
    expect(unworded).toEqual([]);
  });

  it("offers webhooks only catalogued verbs", () => {
    expect(WEBHOOK_EVENTS.filter((verb) => !(verb in EVENT_CATALOG))).toEqual([]);
  });
});
