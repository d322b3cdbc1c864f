import { keyframes, styled } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Form } from "react-router";

import { SubmitButton } from "~/components/forms/fields";
import { SectionCard } from "~/components/forms/section-card";
import { InsertDriveFileOutlined } from "~/components/icons/material";
import { UploadSenders, uploadAttachment, useUploadsTo } from "~/components/tasks/attachment-uploads";
import { useTaskFormTarget, useTaskSubmitting } from "~/components/tasks/task-form-target";
import { TimeAgo } from "~/components/date-text";
import { useHydrated } from "~/utils/use-hydrated";

export type TaskAttachment = {
  id: string;
  fileName: string;
  /** A picture the download route sends inline: shown as a thumbnail. */
  image: boolean;
  sizeBytes: number;
  createdAt: string;
  uploader: string;
};

const slide = keyframes`from { transform: translateX(-100%); } to { transform: translateX(250%); }`;

/** One styled parent for every row and the upload form (docs/decisions/009). */
const Files = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    display: "grid",
    gap: 16,
    "& ul": { listStyle: "none", margin: 0, padding: 0 },
    "& li": {
      display: "grid",
      gridTemplateColumns: "44px minmax(0, 1fr) auto",
      alignItems: "center",
      gap: 12,
      padding: "8px 0",
      borderTop: `1px solid ${palette.divider}`,
    },
    "& li:first-of-type": { borderTop: 0 },
    "& .pl-file-thumb": {
      display: "grid",
      placeItems: "center",
      width: 44,
      height: 44,
      borderRadius: 6,
      overflow: "hidden",
      border: `1px solid ${palette.divider}`,
      background: palette.action.hover,
      color: palette.text.secondary,
    },
    "& .pl-file-thumb img": { display: "block", width: "100%", height: "100%", objectFit: "cover" },
    "& .pl-file-text": { display: "grid", gap: 2, minWidth: 0 },
    "& .pl-file-name": { fontWeight: 600, color: palette.primary.main, overflowWrap: "anywhere" },
    "& .pl-file-meta": { fontSize: 13, color: palette.text.secondary },
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
    // A file on its way: its name, and a bar that moves until the server has it.
    "& li[aria-busy=true] .pl-file-name": { color: palette.text.secondary, fontWeight: 500 },
    "& .pl-file-progress": {
      position: "relative",
      height: 4,
      borderRadius: 2,
      overflow: "hidden",
      background: palette.action.selected,
      "&::after": {
        content: '""',
        position: "absolute",
        inset: 0,
        width: "40%",
        borderRadius: 2,
        background: palette.primary.main,
        animation: `${slide} 1.2s ease-in-out infinite`,
      },
    },
    "@media (prefers-reduced-motion: reduce)": { "& .pl-file-progress::after": { animation: "none", width: "100%" } },
    "& .pl-upload": { display: "flex", flexWrap: "wrap", gap: 12, alignItems: "center" },
    "& .pl-upload label": { display: "block", fontSize: 14, marginBottom: 4 },
    "& .pl-upload input[type=file]": {
      font: "inherit",
      fontSize: 14,
      color: palette.text.secondary,
      maxWidth: "100%",
    },
    "& .pl-upload input[type=file]::file-selector-button": {
      font: "inherit",
      fontSize: 14,
      fontWeight: 500,
      marginRight: 12,
      padding: "5px 14px",
      borderRadius: 6,
      border: `1px solid ${palette.primary.main}`,
      background: "transparent",
      color: palette.primary.main,
      cursor: "pointer",
    },
    "& .pl-upload input[type=file]:hover::file-selector-button": { background: palette.action.hover },
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
 * The task's files: each links to its download (members only; a picture shows as a
 * thumbnail); editors upload (up to 25 MB, a multipart POST to the task page) and remove
 * them. With JavaScript a chosen file uploads at once through a fetcher and shows as pending
 * until it is listed, as do the files pasted or dropped into the description; without it the
 * form posts with its Upload button.
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
  const hydrated = useHydrated();
  const pending = useUploadsTo(baseUrl);
  const [refused, setRefused] = useState<string | null>(null);
  const shownError = refused ?? error;
  const upload = (files: File[]) => {
    setRefused(null);
    for (const file of files) {
      void uploadAttachment(baseUrl, file).then((result) => {
        if (!result.ok) setRefused(`${file.name}: ${result.error}`);
      });
    }
  };
  return (
    <SectionCard title={`Attachments (${attachments.length})`} id="task-attachments">
      <UploadSenders taskUrl={baseUrl} />
      <Files>
        {attachments.length === 0 && pending.length === 0 ? (
          <Typography color="textSecondary">No files yet.</Typography>
        ) : (
          <ul aria-label="Files">
            {pending.map((file) => (
              <li key={file.key} aria-busy="true">
                <span className="pl-file-thumb" aria-hidden="true">
                  <InsertDriveFileOutlined />
                </span>
                <span className="pl-file-text">
                  <span className="pl-file-name">Uploading {file.fileName}…</span>
                  <span className="pl-file-progress" />
                </span>
              </li>
            ))}
            {attachments.map((file) => {
              const href = `${baseUrl}/attachment/${file.id}`;
              return (
                <li key={file.id}>
                  <span className="pl-file-thumb">
                    {file.image ? (
                      <img src={href} alt={file.fileName} loading="lazy" width={44} height={44} />
                    ) : (
                      <InsertDriveFileOutlined aria-hidden="true" />
                    )}
                  </span>
                  <span className="pl-file-text">
                    <a className="pl-file-name" href={href} download={file.fileName}>
                      {file.fileName}
                    </a>
                    <span className="pl-file-meta">
                      {formatBytes(file.sizeBytes)} · {file.uploader} · <TimeAgo at={file.createdAt} />
                    </span>
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
              );
            })}
          </ul>
        )}
        {canAttach ? (
          <Form method="post" action={baseUrl} {...target} encType="multipart/form-data" aria-label="Attach a file">
            <input type="hidden" name="intent" value="upload-attachment" />
            <div className="pl-upload">
              <div>
                <label htmlFor="attachment-file">
                  {hydrated ? "Files (any type, up to 25 MB each)" : "File (any type, up to 25 MB)"}
                </label>
                <input
                  id="attachment-file"
                  name="file"
                  type="file"
                  required
                  multiple={hydrated || undefined}
                  aria-invalid={shownError ? true : undefined}
                  aria-describedby={shownError ? "attachment-error" : undefined}
                  // With JavaScript the choice is the upload.
                  onChange={
                    hydrated
                      ? (event) => {
                          upload(Array.from(event.currentTarget.files ?? []));
                          event.currentTarget.value = "";
                        }
                      : undefined
                  }
                />
                {shownError ? (
                  <p id="attachment-error" className="pl-field-error" role="alert">
                    {shownError}
                  </p>
                ) : null}
              </div>
              {hydrated ? null : (
                <SubmitButton pending={uploading} pendingLabel="Uploading..." size="medium" variant="outlined">
                  Upload File
                </SubmitButton>
              )}
            </div>
          </Form>
        ) : shownError ? (
          <p className="pl-field-error" role="alert">
            {shownError}
          </p>
        ) : null}
      </Files>
    </SectionCard>
  );
}
