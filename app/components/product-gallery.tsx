import { useState } from "react";
import type { ProductView } from "../../common/catalog";
import { ProductImage } from "./product-image";

/**
 * The product's images, the chosen colour's first (spec: the gallery follows the chosen colour).
 * Thumbnails switch the main image.
 */
export function ProductGallery({ product, colourId }: { product: ProductView; colourId?: number }) {
  const images = product.mediaFiles.filter((file) => file.fileType === "IMAGE");
  const ordered = colourId
    ? [
        ...images.filter((file) => file.attributeId === colourId),
        ...images.filter((file) => file.attributeId !== colourId),
      ]
    : images;
  const [picked, setPicked] = useState<number | undefined>();
  const main =
    ordered.find(
      (file) =>
        file.id === picked && (!colourId || file.attributeId === colourId || !file.attributeId),
    ) ?? ordered[0];
  return (
    <div className="space-y-3">
      <div className="overflow-hidden rounded-2xl">
        <ProductImage image={main ?? null} sizes="(min-width: 1024px) 50vw, 100vw" priority />
      </div>
      {ordered.length > 1 && (
        <ul aria-label="More images" className="grid grid-cols-5 gap-2">
          {ordered.map((file, index) => (
            <li key={file.id}>
              <button
                type="button"
                onClick={() => setPicked(file.id)}
                aria-label={`Show image ${index + 1} of ${ordered.length}`}
                aria-pressed={file.id === main?.id}
                className="block overflow-hidden rounded-lg border-2 border-transparent aria-pressed:border-ink"
              >
                <ProductImage image={file} sizes="100px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
