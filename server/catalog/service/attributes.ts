import { asc, eq, inArray } from "drizzle-orm";
import type { AttributeTypeView, AttributeView } from "../../../common/catalog.ts";
import type { Db } from "../../db/client.ts";
import { attributes, attributeTypes } from "../schema.ts";

/** Attribute types (Size, Colour …) in display order. */
export function listAttributeTypes(db: Db): Promise<AttributeTypeView[]> {
  return db
    .select({
      id: attributeTypes.id,
      slug: attributeTypes.slug,
      title: attributeTypes.title,
      display: attributeTypes.display,
    })
    .from(attributeTypes)
    .orderBy(asc(attributeTypes.position), asc(attributeTypes.id));
}

/** An attribute value with its type's fields beside its own, as option lists read them. */
export const optionColumns = {
  id: attributes.id,
  slug: attributes.slug,
  title: attributes.title,
  swatch: attributes.swatch,
  position: attributes.position,
  typeId: attributeTypes.id,
  typeSlug: attributeTypes.slug,
  typeTitle: attributeTypes.title,
  display: attributeTypes.display,
  typePosition: attributeTypes.position,
};

/** Attribute values in their natural order (sizes XS → 3XL), optionally of some types only. */
export function listAttributes(db: Db, typeIds?: number[]): Promise<AttributeView[]> {
  return db
    .select({
      id: attributes.id,
      slug: attributes.slug,
      title: attributes.title,
      swatch: attributes.swatch,
      position: attributes.position,
      attributeType: {
        id: attributeTypes.id,
        slug: attributeTypes.slug,
        title: attributeTypes.title,
      },
    })
    .from(attributes)
    .innerJoin(attributeTypes, eq(attributeTypes.id, attributes.attributeTypeId))
    .where(typeIds ? inArray(attributes.attributeTypeId, typeIds) : undefined)
    .orderBy(asc(attributeTypes.position), asc(attributes.position), asc(attributes.id));
}
