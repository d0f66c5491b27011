import { useState } from "react";
import type { ProductView } from "../../common/catalog";
import { ProductImage } from "./product-image";

type Props = {
  product: ProductView;
  /** The product's colour values (empty when it comes in no colours). */
  colourIds: number[];
  /** The chosen colour, if one is. */
  colourId?: number;
};

/**
 * The images of one colour: the chosen colour's, else the product's first colour's, so the page
 * (server-rendered too) never mixes colours. Images of no colour are always shown. Thumbnails
 * switch the main image, and a new colour keeps the view (its back when the back was shown).
 */
export function ProductGallery({ product, colourIds, colourId }: Props) {
  const images = product.mediaFiles.filter((file) => file.fileType === "IMAGE");
  const isColour = (id: number | null) => id !== null && colourIds.includes(id);
  const shown =
    colourId ?? images.find((file) => isColour(file.attributeId))?.attributeId ?? undefined;
  const ofColour = images.filter(
    (file) => !isColour(file.attributeId) || file.attributeId === shown,
  );
  // A colour without images of its own still shows the product rather than nothing.
  const gallery = ofColour.length > 0 ? ofColour : images;
  const [position, setPosition] = useState(0);
  const mainIndex = position < gallery.length ? position : 0;
  const main = gallery[mainIndex];
  return (
    <div className="space-y-3">
      <div className="overflow-hidden rounded-2xl">
        <ProductImage image={main ?? null} sizes="(min-width: 1024px) 50vw, 100vw" priority />
      </div>
      {gallery.length > 1 && (
        <ul aria-label="Product images" className="grid grid-cols-4 gap-2 sm:grid-cols-5">
          {gallery.map((file, index) => (
            <li key={file.id}>
              <button
                type="button"
                onClick={() => setPosition(index)}
                aria-label={`Show ${file.alt}`}
                aria-pressed={index === mainIndex}
                className="block w-full overflow-hidden rounded-lg border-2 border-transparent aria-pressed:border-ink focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent"
              >
                {/* The button says what the thumbnail shows; the image itself is decoration. */}
                <ProductImage image={{ ...file, alt: "" }} sizes="120px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
