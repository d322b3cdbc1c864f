import type { Actor } from "../activity/use-case";
import { ForbiddenError } from "../errors";

/**
 * Who a command runs for. A signed-in member on a page (`user`), a personal API token
 * acting as its member inside one workspace (`token`), a workspace's automation rule or an
 * import acting as the member who set it up (`automation`), a code host's signed delivery
 * acting as the member who connected it, inside its workspace (`integration`), Plotline itself (`system`:
 * boot steps, retention, the demo), or an anonymous visitor of the public site (`visitor`:
 * a contact form, the newsletter), known only by address. The member's role in the workspace is what the policies
 * weigh; a token is further bound to its workspace and its scopes.
 *
 * It is an Actor too (the activity layer's view: whose row, which tab), so use cases that
 * still take an actor take a principal unchanged.
 */
export type PrincipalKind = "user" | "token" | "automation" | "integration" | "system" | "visitor";
export type Scope = "read" | "write";

export type Principal = Actor & {
  kind: PrincipalKind;
  /** The user's id, the token's public id, the rule's or connection's id, or "system". */
  id: string;
  /** A token or a rule acts inside this workspace (internal id) and no other. */
  workspaceId?: string;
  /** What a token may do; absent: whatever the member's role allows. */
  scopes?: readonly Scope[];
  /** Authentication assurance of a user's session (aal2 after a second factor). */
  aal?: "aal1" | "aal2";
};

export type UserPrincipal = Principal & { kind: "user"; userId: string };

/** A signed-in member, as a page's request resolves it (http/respond.ts requireActor). */
export function userPrincipal(userId: string, ip: string | null, clientId: string | null = null): UserPrincipal {
  return { kind: "user", id: userId, userId, ip, clientId };
}

/** A personal API token: its member's role, its workspace only, its scope. */
export function tokenPrincipal(token: {
  tokenId: string;
  name: string;
  userId: string;
  workspaceId: string;
  scope: Scope;
  ip: string | null;
}): Principal & { userId: string } {
  return {
    kind: "token",
    id: token.tokenId,
    userId: token.userId,
    workspaceId: token.workspaceId,
    scopes: token.scope === "write" ? ["read", "write"] : ["read"],
    ip: token.ip,
    clientId: null,
    via: { kind: "token", id: token.tokenId, name: token.name },
  };
}

/**
 * A code host's delivery (code-hosts/inbound.ts), its signature checked: it acts as the member
 * who set the connection up, inside the connection's workspace only, and the log says which
 * host it came from ("… via GitHub"). The member's role still governs what it may change.
 */
export function integrationPrincipal(connection: {
  connectionId: string;
  name: string;
  userId: string;
  workspaceId: string;
}): Principal & { userId: string } {
  return {
    kind: "integration",
    id: connection.connectionId,
    userId: connection.userId,
    workspaceId: connection.workspaceId,
    ip: null,
    clientId: null,
    via: { kind: "integration", id: connection.connectionId, name: connection.name },
  };
}

/**
 * An automation rule's run (automations/run.ts): it acts as the member who saved the rule,
 * inside the rule's workspace only, so the member's role, read again at each run, governs
 * what it may change. `depth` is its place in a chain of rules setting each other off.
 */
export function automationPrincipal(rule: {
  ruleId: string;
  name: string;
  userId: string;
  workspaceId: string;
  depth: number;
}): Principal & { userId: string } {
  return {
    kind: "automation",
    id: rule.ruleId,
    userId: rule.userId,
    workspaceId: rule.workspaceId,
    ip: null,
    clientId: null,
    via: { kind: "automation", id: rule.ruleId, name: rule.name, depth: rule.depth },
  };
}

/** Someone on the public site, signed in or not, known by address only (the public forms). */
export function visitorPrincipal(ip: string | null): Principal {
  return { kind: "visitor", id: ip ?? "unknown", userId: null, ip, clientId: null };
}

/** Plotline itself: seeding, retention, jobs that change data on nobody's behalf. */
export const SYSTEM: Principal = { kind: "system", id: "system", userId: null, ip: null, clientId: null };

/** Whether the principal may write at all (a read-only token may not). */
export function mayWrite(principal: Principal) {
  return !principal.scopes || principal.scopes.includes("write");
}

/**
 * The principal as the thin wrappers are called with a plain actor (tests, jobs, seeds): one
 * with a user is that user, one without is the system. A token is never made here: it comes
 * only from `tokenPrincipal`, with its workspace and scopes.
 */
export function principalOf(actor: Actor | Principal): Principal {
  if ("kind" in actor) return actor;
  if (!actor.userId) return { ...SYSTEM, ip: actor.ip };
  return { ...actor, kind: "user", id: actor.userId, via: undefined };
}

/** The member a command acts as: a user's own id, a token's or rule's member; never the system. */
export function memberIdOf(principal: Principal): string {
  if (!principal.userId) throw new ForbiddenError("This change needs a member of the workspace.");
  return principal.userId;
}

/** The principal as the member it acts for, for use cases written against an actor with a user. */
export function asMember(principal: Principal): Principal & { userId: string } {
  return { ...principal, userId: memberIdOf(principal) };
}
