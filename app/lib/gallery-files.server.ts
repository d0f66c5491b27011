import type { RouterContextProvider } from "react-router";
import { fileRoute } from "../../server/media/api.ts";
import type { GalleryFile } from "../components/admin/product-types";
import { callRoute } from "./admin-resource.server";

/** The media library's files by id, as a gallery shows them (a file gone is left out). */
export async function galleryFiles(
  context: Readonly<RouterContextProvider>,
  ids: number[],
): Promise<Record<string, GalleryFile>> {
  const files = await Promise.all(
    [...new Set(ids)].slice(0, 100).map(async (id) => {
      try {
        return await callRoute(fileRoute, context, { params: { id } });
      } catch {
        return undefined;
      }
    }),
  );
  return Object.fromEntries(
    files.flatMap((file) =>
      file
        ? [
            [
              String(file.id),
              {
                title: file.title || file.slug,
                imageUrl: file.fileType === "IMAGE" ? `${file.url}?w=160` : null,
                kind: file.fileType.toLowerCase(),
              },
            ],
          ]
        : [],
    ),
  );
}
