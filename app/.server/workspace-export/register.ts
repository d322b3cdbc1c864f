import { defineJob, definePruning } from "../jobs/registry";
import { EXPORT_JOB, failExport, pruneExports, runExport } from "./export";
import { WORKSPACE_IMPORT_JOB, failWorkspaceImport, pruneWorkspaceImports, runWorkspaceImport } from "./import";

/** The export's and the import's jobs and prunings; a last failed attempt is said on the page. */
export function registerWorkspaceTransfers() {
  const undo = [
    defineJob(EXPORT_JOB, async (payload, job) => {
      const exportId = String(payload.exportId);
      try {
        await runExport(exportId);
      } catch (error) {
        if (job.attempts >= job.maxAttempts) await failExport(exportId, "The export stopped on an error. Try again.");
        throw error;
      }
    }),
    defineJob(WORKSPACE_IMPORT_JOB, async (payload, job) => {
      const importId = String(payload.importId);
      try {
        await runWorkspaceImport(importId);
      } catch (error) {
        if (job.attempts >= job.maxAttempts) await failWorkspaceImport(importId);
        throw error;
      }
    }),
    definePruning("workspace-exports", pruneExports),
    definePruning("workspace-imports", pruneWorkspaceImports),
  ];
  return () => undo.forEach((unregister) => unregister());
}
