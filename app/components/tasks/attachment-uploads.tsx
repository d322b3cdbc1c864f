import { useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { useFetcher } from "react-router";

import { ATTACHMENT_TOO_LARGE, MAX_ATTACHMENT_BYTES } from "~/validation/attachments";

/**
 * Files sent to a task with JavaScript on, from the files list (chosen) or the description
 * editor (pasted or dropped): each is the task route's own `upload-attachment` intent, posted
 * through a fetcher with `via=fetcher`, which answers with the new file's address instead of
 * a redirect. A fetcher's answer is only kept for a component that held it before the send,
 * so each upload is sent by a small component of its own (`UploadSenders`, mounted once with
 * the task's files list), which resolves the caller's promise and then goes away. The
 * revalidation that follows the answer lists the new file.
 */
export type UploadedFile = { id: string; fileName: string; image: boolean; url: string };
export type UploadResult = { ok: true; attachment: UploadedFile } | { ok: false; error: string };

type Answer = { ok?: true; attachment?: UploadedFile; error?: string };
type Upload = { key: string; taskUrl: string; file: File; done: (result: UploadResult) => void };

let uploads: readonly Upload[] = [];
let sequence = 0;
const NONE: readonly Upload[] = [];
const listeners = new Set<() => void>();
const store = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  snapshot: () => uploads,
  serverSnapshot: () => NONE,
  set(next: readonly Upload[]) {
    uploads = next;
    for (const listener of listeners) listener();
  },
};

/**
 * Attaches a file to the task at `taskUrl`; resolves with the new file, or with the reason it
 * was refused (one over the size limit is refused here, before a byte is sent).
 */
export function uploadAttachment(taskUrl: string, file: File): Promise<UploadResult> {
  if (file.size > MAX_ATTACHMENT_BYTES) return Promise.resolve({ ok: false, error: ATTACHMENT_TOO_LARGE });
  if (file.size === 0) return Promise.resolve({ ok: false, error: "The file is empty." });
  return new Promise((done) => {
    sequence += 1;
    store.set([...uploads, { key: `upload:${sequence}`, taskUrl, file, done }]);
  });
}

/** The files on their way to this task, oldest first (the files list shows them as pending). */
export function useUploadsTo(taskUrl: string) {
  const all = useSyncExternalStore(store.subscribe, store.snapshot, store.serverSnapshot);
  return useMemo(
    () => all.filter((upload) => upload.taskUrl === taskUrl).map(({ key, file }) => ({ key, fileName: file.name })),
    [all, taskUrl],
  );
}

/** Sends the uploads to this task: mounted once, with the task's files list. */
export function UploadSenders({ taskUrl }: { taskUrl: string }) {
  const all = useSyncExternalStore(store.subscribe, store.snapshot, store.serverSnapshot);
  return all
    .filter((upload) => upload.taskUrl === taskUrl)
    .map((upload) => <UploadSender key={upload.key} upload={upload} />);
}

function UploadSender({ upload }: { upload: Upload }) {
  const fetcher = useFetcher<Answer>({ key: upload.key });
  const sent = useRef(false);
  const { submit } = fetcher;
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const form = new FormData();
    form.set("intent", "upload-attachment");
    form.set("via", "fetcher");
    form.set("file", upload.file);
    void submit(form, {
      method: "post",
      action: upload.taskUrl,
      encType: "multipart/form-data",
      preventScrollReset: true,
    });
  }, [submit, upload]);
  // Idle again: answered, and the page's data already lists the new file.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    upload.done(
      answer.attachment
        ? { ok: true, attachment: answer.attachment }
        : { ok: false, error: answer.error ?? "The file was not attached." },
    );
    store.set(uploads.filter((one) => one !== upload));
  }, [answer, upload]);
  return null;
}
