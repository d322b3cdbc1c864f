ALTER TABLE "statuses" ADD COLUMN "card_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "statuses" SET "card_count" = (
  SELECT count(*) FROM "tasks" t
  WHERE t."status_id" = "statuses"."id" AND t."deleted_at" IS NULL AND t."archived_at" IS NULL AND t."parent_id" IS NULL
);--> statement-breakpoint
-- A task counts in its status while it is a live top-level task (the board's card). The
-- trigger is deferred: it runs at commit, so a status row is locked for the commit only. A
-- move changes two rows, always the lower id first, one statement each: two moves in
-- opposite directions take them in the same order and wait, never deadlock. (Locking both
-- in one statement did deadlock under load: a second pass over a row another commit had
-- just queued for.) NO KEY UPDATE, as any update of a non-key column: the foreign keys'
-- key-share locks, which every move into the column holds, never wait for it.
CREATE FUNCTION "plotline_count_cards"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was uuid;
  now_in uuid;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."deleted_at" IS NULL AND OLD."archived_at" IS NULL AND OLD."parent_id" IS NULL THEN
    was := OLD."status_id";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."deleted_at" IS NULL AND NEW."archived_at" IS NULL AND NEW."parent_id" IS NULL THEN
    now_in := NEW."status_id";
  END IF;
  IF was IS NOT DISTINCT FROM now_in THEN
    RETURN NULL;
  END IF;
  IF was IS NOT NULL AND (now_in IS NULL OR was < now_in) THEN
    UPDATE "statuses" SET "card_count" = "card_count" - 1 WHERE "id" = was;
    was := NULL;
  END IF;
  IF now_in IS NOT NULL THEN
    UPDATE "statuses" SET "card_count" = "card_count" + 1 WHERE "id" = now_in;
  END IF;
  IF was IS NOT NULL THEN
    UPDATE "statuses" SET "card_count" = "card_count" - 1 WHERE "id" = was;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tasks_card_count" AFTER INSERT OR UPDATE OR DELETE ON "tasks"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "plotline_count_cards"();
