import { z } from "zod";
import { idField, textField } from "./form-codecs.ts";

// The media library's forms (issue 30). Rules stay in the API's inputs
// (server/media/validators.ts); a form only reads.

/** A new folder's form: its name (it is made in the folder whose page it is on). */
export const NewFolderForm = z.object({ name: textField() });

/** A folder's settings: its name, and the folder it sits in (none: the top level). */
export const FolderForm = z.object({
  name: textField(),
  parentId: idField("Choose a folder from the list."),
});

/** A file's details: its title, its alt text and its folder (none: the top level). */
export const MediaFileForm = z.object({
  title: textField(),
  alt: textField(),
  folderId: idField("Choose a folder from the list."),
});
