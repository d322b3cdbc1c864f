import { sql } from "drizzle-orm";

import { db } from "../db";
import { AUTOMATION_RUNS_KEPT } from "~/utils/automations";

/** Each rule's log keeps its last AUTOMATION_RUNS_KEPT runs (run with the workers' hourly pruning). */
export async function pruneRuns() {
  await db().execute(sql`
    delete from automation_runs as old
    using (
      select id from (
        select id, row_number() over (partition by rule_id order by created_at desc, id desc) as place
        from automation_runs
      ) as ranked
      where place > ${AUTOMATION_RUNS_KEPT}
    ) as gone
    where old.id = gone.id`);
}
