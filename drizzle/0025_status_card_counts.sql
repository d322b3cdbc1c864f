ALTER TABLE "statuses" ADD COLUMN "card_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "statuses" SET "card_count" = (
  SELECT count(*) FROM "tasks" t
  WHERE t."status_id" = "statuses"."id" AND t."deleted_at" IS NULL AND t."archived_at" IS NULL AND t."parent_id" IS NULL
);--> statement-breakpoint
-- A task counts in its status while it is a live top-level task (the board's card). The
-- trigger is deferred: it runs at commit, so the status row is locked for the commit only,
-- and both rows of a move are locked in id order, so opposite moves never deadlock. NO KEY
-- UPDATE, like the UPDATE itself: the key-share locks of the tasks' foreign keys, which
-- every concurrent move into the column holds, do not conflict with it.
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
  UPDATE "statuses" SET "card_count" = "card_count" + CASE WHEN "id" = now_in THEN 1 ELSE -1 END
  WHERE "id" IN (SELECT "id" FROM "statuses" WHERE "id" IN (was, now_in) ORDER BY "id" FOR NO KEY UPDATE);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tasks_card_count" AFTER INSERT OR UPDATE OR DELETE ON "tasks"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "plotline_count_cards"();
