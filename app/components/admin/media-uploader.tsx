import { type DragEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import type { StaffMediaFile } from "../../../common/media";
import { fetchCsrfCookie } from "../../lib/api-client";
import { readCookie } from "../../lib/cookies";
import { AppLink } from "../ui/app-link";
import { Button, buttonClasses } from "../ui/button";
import { TextField } from "../ui/form";
import { FilePreview, formatBytes, titleFromFileName } from "./media-cells";
import type { MediaFolderActionData, UploadLimits } from "./media-types";

/** The staff API's upload: any file the library takes, typed by its bytes (decision 0015). */
const UPLOAD_URL = "/api/staff/files/store";

type Upload = {
  key: string;
  name: string;
  size: number;
  state: "waiting" | "uploading" | "done" | "refused";
  /** 0 to 100. */
  percent: number;
  /** Why it was refused, in the server's words. */
  reason?: string;
  stored?: StaffMediaFile;
};

type Props = {
  /** The folder the files go into: null for the root. */
  folderId: number | null;
  folderName: string;
  limits: UploadLimits;
  /** The page action's answer to an upload posted without JavaScript. */
  result: MediaFolderActionData | undefined;
};

/** What an answer of the upload route says went wrong, in the server's words. */
function reasonOf(status: number, body: unknown): string {
  const answer = (body ?? {}) as { message?: string; errors?: Record<string, string[]> };
  const fieldMessages = Object.values(answer.errors ?? {}).flat();
  if (fieldMessages.length > 0) return fieldMessages.join(" ");
  if (status === 401) return "Your session has ended. Sign in again, then upload the file again.";
  if (status === 419) return "This page has expired. Reload it and upload the file again.";
  return answer.message ?? `The upload failed (error ${status}). Try again.`;
}

/** What an upload came to: the file as stored, or the server's reason for refusing it. */
export type UploadOutcome = { ok: true; stored: StaffMediaFile } | { ok: false; reason: string };

/**
 * Sends one file to the staff API's upload route with its progress, into `folderId` (null: the
 * top level), fetching the CSRF cookie first when the page has none yet (architecture.md §4).
 * The library's drop zone and the picker's "Upload" both send through it.
 */
export async function uploadMediaFile(
  file: File,
  folderId: number | null,
  onProgress: (percent: number) => void,
): Promise<UploadOutcome> {
  if (!readCookie(document.cookie, "XSRF-TOKEN")) {
    await fetchCsrfCookie().catch(() => {});
  }
  return send(file, folderId, readCookie(document.cookie, "XSRF-TOKEN"), onProgress);
}

/**
 * Sends one file to the staff API with its progress (XMLHttpRequest, as `fetch` reports no
 * upload progress), with the CSRF header the cookie-signed-in API wants (architecture.md §4).
 */
function send(
  file: File,
  folderId: number | null,
  xsrf: string | undefined,
  onProgress: (percent: number) => void,
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.append("file", file);
    body.append("title", titleFromFileName(file.name));
    if (folderId !== null) body.append("folderId", String(folderId));
    const request = new XMLHttpRequest();
    request.open("POST", UPLOAD_URL);
    request.setRequestHeader("Accept", "application/json");
    if (xsrf) request.setRequestHeader("X-XSRF-TOKEN", xsrf);
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) {
        // The last per cent is the server's: it types, re-encodes and records the file.
        onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
      }
    });
    request.addEventListener("load", () => {
      let answer: unknown = null;
      try {
        answer = JSON.parse(request.responseText);
      } catch {
        // Not JSON (a proxy's page): the status says enough.
      }
      if (request.status === 201) {
        resolve({ ok: true, stored: (answer as { data: StaffMediaFile }).data });
      } else {
        resolve({ ok: false, reason: reasonOf(request.status, answer) });
      }
    });
    const lost = () =>
      resolve({
        ok: false,
        reason: "The upload did not reach the shop. Check your connection and try again.",
      });
    request.addEventListener("error", lost);
    request.addEventListener("abort", lost);
    request.send(body);
  });
}

/**
 * The media library's upload (issue 14). With JavaScript: a drop zone and a file picker taking
 * several files, each sent to the staff API in turn with its own progress bar, and the server's
 * reason beside any file it refuses; the folder's files are reloaded as each one arrives.
 * Without it: a plain multipart form posted to the page, whose action runs the same upload.
 */
export function MediaUploader({ folderId, folderName, limits, result }: Props) {
  const headingId = useId();
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);
  const queue = useRef<Array<{ key: string; file: File }>>([]);
  const running = useRef(false);
  const counter = useRef(0);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  const change = useCallback((key: string, next: Partial<Upload>) => {
    setUploads((list) => list.map((item) => (item.key === key ? { ...item, ...next } : item)));
  }, []);

  const pump = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      // One file at a time: each image costs the shop's CPU once (decision 0015).
      for (let next = queue.current.shift(); next; next = queue.current.shift()) {
        const { key, file } = next;
        change(key, { state: "uploading", percent: 0 });
        const sent = await uploadMediaFile(file, folderId, (percent) => change(key, { percent }));
        if (sent.ok) {
          change(key, { state: "done", percent: 100, stored: sent.stored });
          void revalidate.current();
        } else {
          change(key, { state: "refused", reason: sent.reason });
        }
      }
    } finally {
      running.current = false;
    }
  }, [change, folderId]);

  const add = (files: FileList | File[] | null) => {
    const chosen = Array.from(files ?? []);
    if (chosen.length === 0) return;
    const added: Upload[] = chosen.map((file) => {
      counter.current += 1;
      const key = `upload-${counter.current}`;
      // Refused here rather than sent: the server would stop reading it at the limit anyway.
      if (file.size > limits.maxBytes) {
        return {
          key,
          name: file.name,
          size: file.size,
          state: "refused",
          percent: 0,
          reason: `The file is larger than ${limits.maxWords}.`,
        };
      }
      queue.current.push({ key, file });
      return { key, name: file.name, size: file.size, state: "waiting", percent: 0 };
    });
    setUploads((list) => [...list, ...added]);
    void pump();
  };

  const onDrag = (event: DragEvent<HTMLElement>) => {
    if (!Array.from(event.dataTransfer.types).includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setOver(true);
  };

  const busy = uploads.filter((item) => item.state === "uploading" || item.state === "waiting");
  const done = uploads.filter((item) => item.state === "done").length;
  const refused = uploads.filter((item) => item.state === "refused").length;
  const summary =
    busy.length > 0
      ? `Uploading ${done + refused + 1} of ${uploads.length}…`
      : uploads.length > 0
        ? [done > 0 && `${done} uploaded`, refused > 0 && `${refused} not uploaded`]
            .filter(Boolean)
            .join(", ")
        : "";

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-line sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-base font-bold">
          Upload files
        </h2>
        <p className="text-sm text-muted" aria-live="polite">
          {summary}
        </p>
      </div>
      {result?.intent === "upload" && <RefusedUpload result={result} />}
      {live ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the file picker inside is the way for keyboards and screen readers.
        <div
          onDragEnter={onDrag}
          onDragOver={onDrag}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
          }}
          onDrop={(event) => {
            event.preventDefault();
            setOver(false);
            add(event.dataTransfer.files);
          }}
          data-dragging={over || undefined}
          className="mt-4 flex flex-col items-center gap-4 rounded-xl border-2 border-dashed border-zinc-300 bg-zinc-50/60 px-5 py-5 text-center transition-colors data-[dragging]:border-ink data-[dragging]:bg-zinc-100 sm:flex-row sm:text-left"
        >
          <UploadIcon />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">Drop files here to add them to “{folderName}”</p>
            <p className="mt-0.5 text-sm text-muted">
              Up to {limits.maxWords} each: {limits.accepted}. Images are re-encoded without their
              metadata (camera, location).
            </p>
          </div>
          <label
            className={`${buttonClasses("primary", "sm")} shrink-0 cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent`}
          >
            Choose files
            <input
              type="file"
              multiple
              className="sr-only"
              onChange={(event) => {
                add(event.currentTarget.files);
                // The same file can be chosen again after a refusal.
                event.currentTarget.value = "";
              }}
            />
          </label>
        </div>
      ) : (
        <PlainUpload limits={limits} result={result} />
      )}
      {uploads.length > 0 && (
        <>
          <ul
            aria-label="Uploads"
            className="mt-4 divide-y divide-line rounded-lg ring-1 ring-line"
          >
            {uploads.map((item) => (
              <UploadRow key={item.key} upload={item} />
            ))}
          </ul>
          {busy.length === 0 && (
            <p className="mt-2 text-right">
              <Button variant="link" size="sm" onClick={() => setUploads([])}>
                Clear this list
              </Button>
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** One file on its way: its name, size and progress, then a link to it or the reason it was refused. */
function UploadRow({ upload }: { upload: Upload }) {
  const nameId = useId();
  const status = {
    waiting: "Waiting",
    uploading: `Uploading… ${upload.percent}%`,
    done: "Done",
    refused: "Not uploaded",
  }[upload.state];
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      {upload.stored ? (
        <FilePreview
          file={upload.stored}
          width={160}
          className="h-11 w-11 shrink-0 rounded-md ring-1 ring-line"
        />
      ) : (
        <span
          aria-hidden="true"
          className={`grid h-11 w-11 shrink-0 place-items-center rounded-md text-lg font-bold ring-1 ${
            upload.state === "refused"
              ? "bg-red-50 text-error ring-red-200"
              : "bg-zinc-100 text-zinc-500 ring-line"
          }`}
        >
          {upload.state === "refused" ? "!" : "↑"}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <p id={nameId} className="min-w-0 truncate text-sm font-semibold">
            {upload.name}
            <span className="ml-2 font-normal text-muted">{formatBytes(upload.size)}</span>
          </p>
          <p
            className={`text-sm font-semibold ${
              upload.state === "refused"
                ? "text-error"
                : upload.state === "done"
                  ? "text-success"
                  : "text-muted"
            }`}
          >
            {status}
          </p>
        </div>
        {upload.state !== "refused" && (
          <progress
            aria-labelledby={nameId}
            max={100}
            value={upload.percent}
            data-done={upload.state === "done" || undefined}
            className="mt-2 block h-1.5 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-ink [&::-webkit-progress-bar]:bg-zinc-200 [&::-webkit-progress-value]:bg-ink [&::-webkit-progress-value]:transition-all data-[done]:[&::-moz-progress-bar]:bg-success data-[done]:[&::-webkit-progress-value]:bg-success"
          />
        )}
        {upload.state === "refused" && upload.reason && (
          <p className="mt-1 text-sm text-error">{upload.reason}</p>
        )}
        {upload.state === "done" && upload.stored && (
          <p className="mt-1 text-sm">
            <AppLink
              to={`/admin/media/files/${upload.stored.id}`}
              className="font-semibold underline underline-offset-2 hover:text-accent"
            >
              {upload.stored.fileType === "IMAGE" && !upload.stored.alt
                ? `Add alt text to “${upload.stored.title}”`
                : `Open “${upload.stored.title}”`}
            </AppLink>
          </p>
        )}
      </div>
    </li>
  );
}

/** The refusal of an upload posted without JavaScript: the file, and the server's reason. */
function RefusedUpload({ result }: { result: MediaFolderActionData }) {
  const reasons = result.errors?.file ?? [];
  const other = result.message ?? (reasons.length === 0 ? "The file was not uploaded." : undefined);
  return (
    <div
      role="alert"
      className="mt-4 rounded-lg border-l-4 border-error bg-red-50 px-4 py-3 text-sm"
    >
      <p className="font-semibold text-error">
        {result.fileName ? `“${result.fileName}” was not uploaded.` : "Nothing was uploaded."}
      </p>
      {reasons.length > 0 && <p className="mt-1 text-error">{reasons.join(" ")}</p>}
      {other && <p className="mt-1 text-error">{other}</p>}
    </div>
  );
}

/** The upload as a plain multipart form, for a browser without JavaScript. */
function PlainUpload({
  limits,
  result,
}: {
  limits: UploadLimits;
  result: MediaFolderActionData | undefined;
}) {
  const fileId = useId();
  const navigation = useNavigation();
  const failed = result?.intent === "upload" ? result : undefined;
  const fileErrors = failed?.errors?.file;
  const errors = (name: string) => failed?.errors?.[name];
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      aria-label="Upload a file"
      className="mt-4 space-y-4"
    >
      <input type="hidden" name="intent" value="upload" />
      <div className="rounded-xl border-2 border-dashed border-zinc-300 bg-zinc-50/60 p-5">
        <label htmlFor={fileId} className="block font-semibold">
          File
        </label>
        <p id={`${fileId}-hint`} className="mt-1 text-sm text-muted">
          Up to {limits.maxWords}: {limits.accepted}.
        </p>
        <input
          id={fileId}
          type="file"
          name="file"
          aria-describedby={`${fileId}-hint${fileErrors ? ` ${fileId}-error` : ""}`}
          aria-invalid={fileErrors ? true : undefined}
          className="mt-2 block w-full text-sm file:mr-3 file:rounded-full file:border-2 file:border-ink file:bg-white file:px-3.5 file:py-1.5 file:font-bold"
        />
        {fileErrors && (
          <p id={`${fileId}-error`} className="mt-1 text-sm font-medium text-error">
            {fileErrors.join(" ")}
          </p>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="title"
          label="Title"
          hint="Leave empty to use the file's name."
          defaultValue={failed?.values?.title ?? ""}
          errors={errors("title")}
          maxLength={200}
        />
        <TextField
          name="alt"
          label="Alt text"
          hint="For images: what it shows, for people who cannot see it."
          defaultValue={failed?.values?.alt ?? ""}
          errors={errors("alt")}
          maxLength={500}
        />
      </div>
      <Button
        type="submit"
        size="sm"
        pending={
          navigation.state === "submitting" && navigation.formData?.get("intent") === "upload"
        }
        pendingLabel="Uploading…"
      >
        Upload
      </Button>
    </Form>
  );
}

function UploadIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="h-9 w-9 shrink-0 text-zinc-500"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 16V4m0 0-4 4m4-4 4 4" />
      <path d="M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
    </svg>
  );
}
