import { styled } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { Form } from "react-router";

import { SubmitButton } from "~/components/forms/fields";
import { SectionCard } from "~/components/forms/section-card";
import { useTaskFormTarget, useTaskSubmitting } from "~/components/tasks/task-form-target";
import { TimeAgo } from "~/components/date-text";

export type TaskAttachment = { id: string; fileName: string; sizeBytes: number; createdAt: string; uploader: string };

/** One styled parent for every row and the upload form (docs/decisions/009). */
const Files = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    display: "grid",
    gap: 16,
    "& ul": { listStyle: "none", margin: 0, padding: 0 },
    "& li": {
      display: "flex",
      flexWrap: "wrap",
      alignItems: "center",
      gap: "4px 12px",
      padding: "8px 0",
      borderTop: `1px solid ${palette.divider}`,
    },
    "& li:first-of-type": { borderTop: 0 },
    "& .pl-file-name": { fontWeight: 600, color: palette.primary.main, overflowWrap: "anywhere" },
    "& .pl-file-meta": { fontSize: 13, color: palette.text.secondary, flexGrow: 1 },
    "& li form": { margin: 0 },
    "& .pl-remove": {
      font: "inherit",
      fontSize: 13,
      padding: "2px 10px",
      borderRadius: 6,
      border: `1px solid ${palette.divider}`,
      background: "transparent",
      color: palette.error.main,
      cursor: "pointer",
      "&:hover": { background: palette.action.hover },
    },
    "& .pl-upload": { display: "flex", flexWrap: "wrap", gap: 12, alignItems: "center" },
    "& .pl-upload label": { display: "block", fontSize: 14, marginBottom: 4 },
    "& .pl-field-error": { margin: "4px 0 0", fontSize: 13, color: palette.error.main },
  };
});

/** "512 B", "2.4 KB", "18.3 MB". */
export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

/**
 * The task's files: each links to its download (members only, served as an attachment);
 * editors upload one at a time (up to 25 MB, a multipart POST to the task page) and remove them.
 */
export function TaskAttachments({
  baseUrl,
  attachments,
  canAttach,
  canRemove,
  error,
}: {
  /** The task page's URL: downloads are under it. */
  baseUrl: string;
  attachments: TaskAttachment[];
  canAttach: boolean;
  canRemove: boolean;
  /** Why the last upload or removal was refused. */
  error?: string;
}) {
  const target = useTaskFormTarget();
  const uploading = useTaskSubmitting("upload-attachment");
  return (
    <SectionCard title={`Attachments (${attachments.length})`} id="task-attachments">
      <Files>
        {attachments.length === 0 ? (
          <Typography color="textSecondary">No files yet.</Typography>
        ) : (
          <ul aria-label="Files">
            {attachments.map((file) => (
              <li key={file.id}>
                <a className="pl-file-name" href={`${baseUrl}/attachment/${file.id}`} download={file.fileName}>
                  {file.fileName}
                </a>
                <span className="pl-file-meta">
                  {formatBytes(file.sizeBytes)} · {file.uploader} · <TimeAgo at={file.createdAt} />
                </span>
                {canRemove ? (
                  <Form method="post" action={baseUrl} {...target}>
                    <input type="hidden" name="intent" value="delete-attachment" />
                    <input type="hidden" name="attachmentId" value={file.id} />
                    <button type="submit" className="pl-remove" aria-label={`Remove ${file.fileName}`}>
                      Remove
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {canAttach ? (
          <Form method="post" action={baseUrl} {...target} encType="multipart/form-data" aria-label="Attach a file">
            <input type="hidden" name="intent" value="upload-attachment" />
            <div className="pl-upload">
              <div>
                <label htmlFor="attachment-file">File (any type, up to 25 MB)</label>
                <input
                  id="attachment-file"
                  name="file"
                  type="file"
                  required
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? "attachment-error" : undefined}
                />
                {error ? (
                  <p id="attachment-error" className="pl-field-error" role="alert">
                    {error}
                  </p>
                ) : null}
              </div>
              <SubmitButton pending={uploading} pendingLabel="Uploading..." size="medium" variant="outlined">
                Upload File
              </SubmitButton>
            </div>
          </Form>
        ) : error ? (
          <p className="pl-field-error" role="alert">
            {error}
          </p>
        ) : null}
      </Files>
    </SectionCard>
  );
}
