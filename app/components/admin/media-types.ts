/** A folder of the media library's tree, with its subfolders A–Z. */
export type MediaFolderNode = {
  id: number;
  name: string;
  fileCount: number;
  children: MediaFolderNode[];
};

/** A folder as a choice of where to put something: its id, and its path ("Posters › 2026"). */
export type FolderOption = { id: string; title: string };

/** What a folder page's action answers when it does not redirect (a refused upload or folder). */
export type MediaFolderActionData = {
  intent: "upload" | "create-folder";
  message?: string;
  errors?: Record<string, string[]>;
  values?: Record<string, string>;
  /** The name of the file a refused upload was: its reason is shown beside it. */
  fileName?: string;
};

/** What the media library takes, for the upload's hint. */
export type UploadLimits = { maxBytes: number; maxWords: string; accepted: string };
