import { z } from "zod";
import { MAX_ID } from "../../common/ids.ts";
import { type Page, pageOf } from "../../common/pagination.ts";
import { isRefusal, type Refusal, refuse } from "../../common/refusal.ts";
import type { Actor, AuditVia } from "../audit/service.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { type AuditTrail, defineCommand, staleSave } from "./command.ts";
import { PathId } from "./query-schemas.ts";
import { type ApiRoute, defineRoute } from "./route-table.ts";

type Schema<T> = z.ZodType<T, unknown>;

/**
 * What a write knows besides its input: who asks, the shop's settings (e.g. its address), and the
 * import behind it, if any, for its audit entry (docs/architecture.md §5).
 */
export type WriteContext = { actor: Actor; audit: AuditTrail; config: Config; via?: AuditVia };

/** A record as its staff form shows it: an id, and when it last changed (for the stale check). */
export type EditableRecord = { id: number; updatedAt: string };

/**
 * What a staff resource's module provides (decision 0014): reads that take the database handle,
 * and writes that take the caller's transaction, so the resource routes can wrap each write and
 * its audit entry in one. Writes answer the record as `edit` shows it, or a refusal.
 */
export type ResourceService<Query, Item, Edit extends EditableRecord, Create, Update> = {
  /** One page of the staff list, searched, filtered and sorted as `query` says. */
  list(db: Db, query: Query): Promise<Page<Item>>;
  /** One record as its form shows it, or undefined when there is none. */
  edit(db: Db, id: number): Promise<Edit | undefined>;
  /**
   * Every check of a form's fields the schema cannot make (a name taken, a file that is not an
   * image), joined (`joinRefusals`), for the fields given: the routes run it on the fields that
   * passed the schema when others did not, so one 422 lists every problem (issue 30); create and
   * update run it themselves on a valid body. `exceptId` is the record itself, on update.
   */
  check?(db: Db, input: Partial<Create>, exceptId?: number): Promise<Refusal | undefined>;
  /** `write.actor` is who asks, for the rules that depend on it (nobody deactivates themselves). */
  create(tx: Db, input: Create, write: WriteContext): Promise<Edit | Refusal>;
  update(tx: Db, input: Update & { id: number }, write: WriteContext): Promise<Edit | Refusal>;
  /**
   * Deletes every record of `ids` or none: a record in use is a `conflict` refusal that says
   * what uses it, and rolls back the others.
   */
  destroy(tx: Db, records: Edit[], write: WriteContext): Promise<Refusal | undefined>;
  /** After a write has committed: e.g. tell every process the catalogue changed. */
  afterWrite?(db: Db): Promise<void>;
};

/** A staff resource, declared once: its name, its schemas and its service. */
export type Resource<Query, Item, Edit extends EditableRecord, Create, Update> = {
  /** The path segment under `/api/staff` and the audit log's resource name: `brands`. */
  name: string;
  /** The OpenAPI tag: the module's name. */
  tag: string;
  /** What one record is called in messages: "band". */
  noun: string;
  /**
   * The list's query: pagination (architecture.md §4), search, filters and sort; wrong ones are a
   * 422.
   */
  query: Schema<Query>;
  item: z.ZodType<Item>;
  edit: z.ZodType<Edit>;
  create: Schema<Create>;
  /** The fields an update may change; the routes add `id` and the optional `updatedAt`. */
  update: z.ZodObject;
  /** How a record is named in the audit log and in messages: the band's title. */
  label(record: Edit): string;
  /** Who may list and open records: all staff by default. */
  readAccess?: "staff" | "admin";
  /** Who may create and change records: all staff by default; deleting is always admins'. */
  writeAccess?: "staff" | "admin";
  /** The create route's last segment: `store` unless behaviour.md §7 names another (`create`). */
  storePath?: string;
  service: ResourceService<Query, Item, Edit, Create, Update>;
};

const Id = z.number().int().min(1).max(MAX_ID, "No such id.");

/** `POST /{resource}/destroy`: one id, or several at once (a bulk action), never both. */
export const DestroyInput = z.union([
  z.strictObject({ id: Id }),
  z.strictObject({ ids: z.array(Id).min(1, "Choose at least one.").max(100, "At most 100.") }),
]);

/** The ids a destroy names, each once. */
export const idsToDestroy = (input: z.output<typeof DestroyInput>) =>
  "ids" in input ? [...new Set(input.ids)] : [input.id];

const Destroyed = z.object({ ids: z.array(z.number().int()) }).meta({
  description: "The ids deleted.",
});

/** The audit log's copy of a record: its form fields, without the bookkeeping. */
export function auditFields(record: EditableRecord): Record<string, unknown> {
  const { id: _id, updatedAt: _updatedAt, ...fields } = record;
  return fields;
}

type NoInput = Record<never, never>;

/** A resource's five staff routes, typed, so a page running one gets the value it answers. */
export type ResourceRoutes<Query, Item, Edit, Create, Update> = {
  list: ApiRoute<NoInput, Query, undefined, Page<Item>>;
  edit: ApiRoute<{ id: number }, NoInput, undefined, Edit>;
  store: ApiRoute<NoInput, NoInput, Create, Edit>;
  update: ApiRoute<NoInput, NoInput, Update & { id: number; updatedAt?: string }, Edit>;
  destroy: ApiRoute<NoInput, NoInput, z.output<typeof DestroyInput>, { ids: number[] }>;
};

/**
 * The staff API of a resource (behaviour.md §7, decision 0014): `GET /{name}` (the list),
 * `GET /{name}/edit/{id}`, `POST /{name}/store`, `POST /{name}/update` (`{ id, …, updatedAt? }`)
 * and `POST /{name}/destroy` (`{ id }` or `{ ids }`, admins only). Every write runs in one
 * transaction with its audit entry; an update carrying the `updatedAt` its form was opened with
 * is refused when someone else saved the record since, so nobody overwrites a colleague's work
 * unknowingly.
 */
export function resourceRoutes<Query, Item, Edit extends EditableRecord, Create, Update>(
  resource: Resource<Query, Item, Edit, Create, Update>,
): ResourceRoutes<Query, Item, Edit, Create, Update> {
  const { name, tag, noun, service } = resource;
  const missing = () => refuse("not-found", `No such ${noun}.`);
  const afterWrite = async (db: Db) => {
    await service.afterWrite?.(db);
  };
  const UpdateInput = resource.update
    .partial()
    .extend({
      id: Id,
      updatedAt: z
        .string()
        .max(40)
        .optional()
        .meta({ description: "When the form was opened: a save after someone else's is a 409." }),
    })
    .strict();

  // Named, so a page runs a resource's route by its constant, typed (issue 30); `Object.values`
  // lists them in this order for the route groups.
  return {
    list: defineRoute({
      method: "get",
      path: `/${name}`,
      tag,
      summary: `The ${noun} list: paginated, searched, filtered and sorted`,
      access: resource.readAccess ?? "staff",
      query: resource.query,
      answers: { page: pageOf(resource.item) },
      call: ({ db }, { query }) => service.list(db, query),
    }),
    edit: defineRoute({
      method: "get",
      path: `/${name}/edit/{id}`,
      tag,
      summary: `One ${noun} as its form shows it`,
      access: resource.readAccess ?? "staff",
      params: z.strictObject({ id: PathId }),
      answers: { data: resource.edit },
      refusals: ["not-found"],
      call: async ({ db }, { params }) => (await service.edit(db, params.id)) ?? missing(),
    }),
    store: defineCommand({
      method: "post",
      path: `/${name}/${resource.storePath ?? "store"}`,
      tag,
      summary: `Create a ${noun}`,
      access: resource.writeAccess ?? "staff",
      body: resource.create,
      ...(service.check && {
        check: ({ db }, body) => service.check?.(db, body) ?? Promise.resolve(undefined),
      }),
      answers: { data: resource.edit, status: 201 },
      refusals: ["invalid", "conflict"],
      changed: afterWrite,
      async run({ db: tx, actor, audit, config }, { body }) {
        const record = await service.create(tx, body, { actor, audit, config });
        if (isRefusal(record)) return record;
        await audit.record(tx, {
          action: "create",
          resource: name,
          resourceId: record.id,
          label: resource.label(record),
          after: auditFields(record),
        });
        return record;
      },
    }),
    update: defineCommand({
      method: "post",
      path: `/${name}/update`,
      tag,
      summary: `Change a ${noun}: only the fields sent`,
      access: resource.writeAccess ?? "staff",
      body: UpdateInput as unknown as Schema<Update & { id: number; updatedAt?: string }>,
      ...(service.check && {
        // An update's fields are create's, each optional (`resource.update` is create's shape).
        check: ({ db }, { id, updatedAt: _updatedAt, ...fields }) =>
          service.check?.(db, fields as unknown as Partial<Create>, id) ??
          Promise.resolve(undefined),
      }),
      answers: { data: resource.edit },
      refusals: ["invalid", "not-found", "conflict"],
      changed: afterWrite,
      async run({ db: tx, actor, audit, config }, { body }) {
        const { updatedAt, ...input } = body;
        const before = await service.edit(tx, input.id);
        if (!before) return missing();
        const stale = staleSave(noun, updatedAt, before.updatedAt);
        if (stale) return stale;
        const record = await service.update(tx, input as Update & { id: number }, {
          actor,
          audit,
          config,
        });
        if (isRefusal(record)) return record;
        await audit.record(tx, {
          action: "update",
          resource: name,
          resourceId: record.id,
          label: resource.label(record),
          before: auditFields(before),
          after: auditFields(record),
        });
        return record;
      },
    }),
    destroy: defineCommand({
      method: "post",
      path: `/${name}/destroy`,
      tag,
      summary: `Delete one ${noun} or several (admins only); in use is a 409 naming the use`,
      access: "admin",
      body: DestroyInput,
      answers: { data: Destroyed },
      refusals: ["not-found", "conflict"],
      changed: afterWrite,
      async run({ db: tx, actor, audit, config }, { body }) {
        const ids = idsToDestroy(body);
        const records: Edit[] = [];
        for (const id of ids) {
          const record = await service.edit(tx, id);
          if (!record) return missing();
          records.push(record);
        }
        const refused = await service.destroy(tx, records, { actor, audit, config });
        if (refused) return refused;
        await audit.record(
          tx,
          records.map((record) => ({
            action: "delete" as const,
            resource: name,
            resourceId: record.id,
            label: resource.label(record),
            before: auditFields(record),
          })),
        );
        return { ids };
      },
    }),
  };
}
