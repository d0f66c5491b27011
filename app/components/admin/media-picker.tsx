import { useEffect, useId, useRef, useState } from "react";
import type { StaffFolderContents, StaffMediaFile, StaffMediaFolder } from "../../../common/media";
import type { Page } from "../../../common/pagination";
import { apiGet } from "../../lib/api-client";
import { fileUrl } from "../../lib/images";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { TextField } from "../ui/form";
import { uploadMediaFile } from "./media-uploader";
import { useField } from "./resource-form";

/** What a pick hands back: the file's number, and enough to show it. */
export type PickedFile = { id: number; title: string; alt: string; slug: string; url: string };

type FolderId = number | "root";

const PER_PAGE = 24;

/**
 * "Choose from library": a dialog over the media library (its folders, a search of folders and
 * of images in every folder, and a page of image thumbnails at a time) where choosing an image hands its file to `onPick`. It reads
 * the library from the browser through the staff API, so it only shows once scripts run; the
 * number field beside it stays the way to name a file without JavaScript.
 */
export function MediaPicker({
  purpose,
  onPick,
}: {
  /** What the picture is for, for screen readers: "the logo", "the gallery". */
  purpose: string;
  onPick: (file: PickedFile) => void;
}) {
  const [live, setLive] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => setLive(true), []);
  if (!live) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Choose from the media library"
      description="Open a folder or search, then choose an image."
      trigger={
        <Button variant="secondary" size="sm">
          Choose from library<span className="sr-only"> for {purpose}</span>
        </Button>
      }
    >
      {open && (
        <LibraryBrowser
          onPick={(file) => {
            onPick(file);
            setOpen(false);
          }}
        />
      )}
    </Dialog>
  );
}

function LibraryBrowser({ onPick }: { onPick: (file: PickedFile) => void }) {
  const id = useId();
  const [folder, setFolder] = useState<FolderId>("root");
  const [page, setPage] = useState(1);
  const [contents, setContents] = useState<StaffFolderContents | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<StaffMediaFolder[] | null>(null);
  const [foundImages, setFoundImages] = useState<StaffMediaFile[] | null>(null);

  useEffect(() => {
    let current = true;
    setFailed(false);
    apiGet<{ data: StaffFolderContents }>("staff", `/folders/edit/${folder}`, {
      page,
      perPage: PER_PAGE,
    })
      .then(({ data }) => current && setContents(data))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [folder, page]);

  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setFound(null);
      setFoundImages(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      apiGet<Page<StaffMediaFolder>>("staff", "/folders", { q, perPage: 20 })
        .then((answer) => current && setFound(answer.data))
        .catch(() => current && setFound([]));
      // Images in every folder whose title or alt text holds the words.
      apiGet<Page<StaffMediaFile>>("staff", "/files", { q, type: "IMAGE", perPage: PER_PAGE })
        .then((answer) => current && setFoundImages(answer.data))
        .catch(() => current && setFoundImages([]));
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);

  const openFolder = (next: FolderId) => {
    setFolder(next);
    setPage(1);
    setQuery("");
  };
  const searching = foundImages !== null;
  const images = foundImages ?? contents?.files.filter((file) => file.fileType === "IMAGE") ?? [];
  const meta = searching ? undefined : contents?.filesMeta;
  const folders = found ?? contents?.folders ?? [];

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={`${id}-q`} className="block text-sm font-semibold">
          Search the library
        </label>
        <p id={`${id}-q-hint`} className="text-sm text-muted">
          Folders by name, images by title or alt text, in every folder.
        </p>
        <input
          id={`${id}-q`}
          type="search"
          aria-describedby={`${id}-q-hint`}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          // The dialog sits inside the resource's form: Enter here must not save it.
          onKeyDown={(event) => {
            if (event.key === "Enter") event.preventDefault();
          }}
          autoComplete="off"
          className="mt-1 block w-full rounded-lg border border-zinc-400 bg-white px-3 py-2 text-base"
        />
      </div>
      {contents && (
        <nav aria-label="Folder path">
          <ol className="flex flex-wrap items-center gap-1 text-sm">
            {contents.path.map((step, index) => (
              <li key={String(step.id)} className="flex items-center gap-1">
                {index > 0 && <span aria-hidden="true">›</span>}
                {index === contents.path.length - 1 ? (
                  <span aria-current="location" className="font-semibold">
                    {step.name}
                  </span>
                ) : (
                  <button
                    type="button"
                    className="underline hover:no-underline"
                    onClick={() => openFolder(step.id)}
                  >
                    {step.name}
                  </button>
                )}
              </li>
            ))}
          </ol>
        </nav>
      )}
      <PickerUpload folderId={folder === "root" ? null : folder} onPick={onPick} />
      {folders.length > 0 && (
        <ul aria-label={found ? "Folders found" : "Folders"} className="flex flex-wrap gap-2">
          {folders.map((sub) => (
            <li key={sub.id}>
              <button
                type="button"
                onClick={() => openFolder(sub.id)}
                className="rounded-lg px-3 py-1.5 text-sm font-semibold ring-1 ring-line hover:bg-zinc-100"
              >
                <span aria-hidden="true">📁 </span>
                {sub.name}
                <span className="sr-only">, folder</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {found?.length === 0 && <p className="text-sm text-muted">No folder matches.</p>}
      <div aria-live="polite" aria-busy={!contents && !failed}>
        {failed && !searching ? (
          <p className="text-sm font-medium text-error">The library could not be loaded.</p>
        ) : !contents && !searching ? (
          <p className="text-sm text-muted">Loading…</p>
        ) : images.length === 0 ? (
          <p className="text-sm text-muted">
            {searching ? "No image matches." : "No images in this folder."}
          </p>
        ) : (
          <ul
            aria-label={searching ? "Images found" : "Images"}
            className="grid grid-cols-3 gap-2 sm:grid-cols-4"
          >
            {images.map((file) => (
              <li key={file.id}>
                <Thumbnail file={file} onPick={onPick} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {meta && meta.lastPage > 1 && (
        <nav aria-label="Pages of images" className="flex items-center justify-between gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Previous
          </Button>
          <span className="text-sm text-muted">
            Page {meta.currentPage} of {meta.lastPage}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= meta.lastPage}
            onClick={() => setPage(page + 1)}
          >
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}

const pickedOf = (file: StaffMediaFile): PickedFile => ({
  id: file.id,
  title: file.title,
  alt: file.alt,
  slug: file.slug,
  url: file.url,
});

/**
 * An image not in the library yet (issue 30): uploaded into the folder open in the picker and
 * chosen at once, so staff need not leave the form to upload it first. A refusal is told in the
 * server's words, beside the control.
 */
function PickerUpload({
  folderId,
  onPick,
}: {
  folderId: number | null;
  onPick: (file: PickedFile) => void;
}) {
  const id = useId();
  const [sending, setSending] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setRefusal(null);
    setSending(0);
    const outcome = await uploadMediaFile(file, folderId, setSending);
    setSending(null);
    if (outcome.ok) onPick(pickedOf(outcome.stored));
    else setRefusal(outcome.reason);
  };
  return (
    <div>
      <label htmlFor={`${id}-file`} className="block text-sm font-semibold">
        Upload a new image
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        It goes into the folder open below and is chosen at once.
      </p>
      <input
        id={`${id}-file`}
        type="file"
        accept="image/*"
        aria-describedby={`${id}-hint${refusal ? ` ${id}-refusal` : ""}`}
        disabled={sending !== null}
        onChange={(event) => {
          void upload(event.target.files?.[0]);
          event.target.value = "";
        }}
        className="mt-1 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-ink file:px-4 file:py-2 file:font-semibold file:text-white"
      />
      <p aria-live="polite" className="text-sm text-muted">
        {sending !== null ? `Uploading… ${sending}%` : ""}
      </p>
      {refusal && (
        <p id={`${id}-refusal`} role="alert" className="text-sm font-medium text-error">
          {refusal}
        </p>
      )}
    </div>
  );
}

function Thumbnail({ file, onPick }: { file: StaffMediaFile; onPick: (file: PickedFile) => void }) {
  return (
    <button
      type="button"
      onClick={() => onPick(pickedOf(file))}
      className="block w-full rounded-lg p-1 text-left ring-1 ring-line hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-ink"
    >
      <img
        src={fileUrl(file.slug, 160)}
        alt=""
        width={160}
        height={160}
        loading="lazy"
        className="aspect-square w-full rounded-md bg-zinc-100 object-cover"
      />
      <span className="mt-1 block truncate text-xs font-semibold">{file.title}</span>
      {file.alt && <span className="sr-only">: {file.alt}</span>}
    </button>
  );
}

/** Sets a form field the way typing would, so the form sees the change ("Unsaved changes"). */
function fill(input: HTMLInputElement | null | undefined, value: string) {
  if (!input) return;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

/**
 * A single image of a resource form (a band's logo, a collection's hero): the saved picture, its
 * media file number (the field posted, and the way in without JavaScript) and "Choose from
 * library", which fills that number in.
 */
export function MediaImageField({
  name,
  label,
  purpose,
  current,
  hint,
}: {
  name: string;
  label: string;
  purpose: string;
  current: { src: string; title: string } | null | undefined;
  hint?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const shown = picked
    ? { src: fileUrl(picked.slug, 160), title: `${picked.title} (chosen, not saved yet)` }
    : current;
  return (
    <div ref={box} className="space-y-2">
      {shown && (
        <figure className="flex items-center gap-3">
          <img
            src={shown.src}
            alt=""
            width={64}
            height={64}
            className="h-16 w-16 rounded-md bg-zinc-100 object-cover ring-1 ring-line"
          />
          <figcaption className="text-sm text-muted">{shown.title}</figcaption>
        </figure>
      )}
      <TextField
        {...useField(name)}
        label={label}
        hint={hint}
        inputMode="numeric"
        pattern="[0-9]*"
      />
      <MediaPicker
        purpose={purpose}
        onPick={(file) => {
          fill(
            box.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`),
            String(file.id),
          );
          setPicked(file);
        }}
      />
    </div>
  );
}
