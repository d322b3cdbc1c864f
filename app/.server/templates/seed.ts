import { and, inArray, isNotNull, not, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

import { templates } from "../db/schema";
import { newPublicId } from "../ids";
import { BUILT_IN_TEMPLATES } from "./built-in";
import { parseStructure } from "./structure";

/**
 * Brings the built-in templates in the database up to date with built-in.ts: inserts the
 * missing ones, rewrites those whose content differs, removes those no longer shipped, and
 * writes nothing when all match (the update's WHERE compares every field, the structure as
 * jsonb, so key order is no difference). A boot step after the migrations
 * (boot/database.ts), run by every process that prepares the database; concurrent runs
 * meet in the unique index and agree.
 */
export async function seedBuiltInTemplates<T extends PgQueryResultHKT, S extends Record<string, unknown>>(
  db: PgDatabase<T, S>,
) {
  const rows = BUILT_IN_TEMPLATES.map((template) => ({
    publicId: newPublicId(),
    builtinKey: template.key,
    workspaceId: null,
    name: template.name,
    description: template.description,
    category: template.category,
    icon: template.icon,
    color: template.color,
    structure: parseStructure(template.structure) as unknown as Record<string, unknown>,
  }));
  const excluded = (column: string) => sql.raw(`excluded."${column}"`);
  const changed = await db
    .insert(templates)
    .values(rows)
    .onConflictDoUpdate({
      target: templates.builtinKey,
      targetWhere: sql`${templates.builtinKey} is not null`,
      set: {
        name: excluded("name"),
        description: excluded("description"),
        category: excluded("category"),
        icon: excluded("icon"),
        color: excluded("color"),
        structure: excluded("structure"),
        updatedAt: sql`now()`,
      },
      setWhere: sql`(${templates.name}, ${templates.description}, ${templates.category}, ${templates.icon}, ${templates.color}, ${templates.structure})
        is distinct from (excluded."name", excluded."description", excluded."category", excluded."icon", excluded."color", excluded."structure")`,
    })
    .returning({ key: templates.builtinKey });
  const removed = await db
    .delete(templates)
    .where(
      and(
        isNotNull(templates.builtinKey),
        not(
          inArray(
            templates.builtinKey,
            BUILT_IN_TEMPLATES.map((template) => template.key),
          ),
        ),
      ),
    )
    .returning({ key: templates.builtinKey });
  return { changed: changed.length, removed: removed.length };
}
