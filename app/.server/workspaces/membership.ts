import { and, eq } from "drizzle-orm";

import { db } from "../db";
import type { Database, Transaction } from "../db/client";
import { workspaceMembers, workspaces } from "../db/schema";
import { NotFoundError } from "../errors";

type Db = Database | Transaction;

/**
 * A workspace the user belongs to, by its public id, with their role. Anything else,
 * existing or not, is "not found": outsiders never learn that a workspace exists.
 */
export async function workspaceForMember(userId: string, publicId: string, tx: Db = db()) {
  const [row] = await tx
    .select({
      id: workspaces.id,
      publicId: workspaces.publicId,
      name: workspaces.name,
      personal: workspaces.personal,
      createdAt: workspaces.createdAt,
      role: workspaceMembers.role,
    })
    .from(workspaces)
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, userId)),
    )
    .where(eq(workspaces.publicId, publicId));
  if (!row) throw new NotFoundError("Workspace");
  return row;
}
