import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import { z } from "zod";
import {
  answerBody,
  ErrorAnswer,
  refusalStatuses,
  statusDescription,
  ValidationFailedAnswer,
} from "./answers.ts";
import {
  type AnyRoute,
  AREA_PREFIX,
  type Area,
  answerStatus,
  type RouteGroup,
  routeAccess,
  routeAnswers,
} from "./route-table.ts";

type Responses = Parameters<typeof createRoute>[0]["responses"];

const json = (schema: z.ZodType) => ({ "application/json": { schema } });

function responses(route: AnyRoute, area: Area): Responses {
  const documented: Responses = {};
  for (const answer of routeAnswers(route)) {
    const body = answerBody(answer);
    const description = answer.description ?? (body ? "Done." : "Done; no body.");
    documented[answerStatus(answer)] =
      "file" in answer
        ? {
            description,
            content: Object.fromEntries(
              answer.file.map((type) => [type, { schema: { type: "string", format: "binary" } }]),
            ),
          }
        : body
          ? { description, content: json(body) }
          : { description };
  }
  for (const status of refusalStatuses(route, area)) {
    if (documented[status]) continue;
    documented[status] = {
      description: statusDescription(status),
      content: json(status === 422 ? ValidationFailedAnswer : ErrorAnswer),
    };
  }
  return documented;
}

// architecture.md §4: a bearer header, or the `token` cookie with the XSRF header on unsafe
// requests.
const SIGNED_IN = [{ bearer: [] }, { tokenCookie: [], xsrfHeader: [] }];

// A money-moving route's key (architecture.md §4): a repeat with it answers the first outcome.
const IdempotencyHeader = z.object({
  "Idempotency-Key": z.string().min(8).max(128).meta({
    description:
      "A new UUID for each new request. The same key with the same body answers the first outcome; with another body, 422; while the first is running, 409.",
    example: "3f0c6f1e-6a0e-4f55-9a51-4a1f3c0b2d7e",
  }),
});

/** A route's example request, as `server/api-examples.ts` holds them. */
export type ExampleRequest = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  form?: Record<string, unknown>;
};

/** A route's example answer: its success status and body. */
export type ExampleAnswer = { status: number; body: unknown };

type Content = Record<string, { example?: unknown }>;
type Operation = {
  parameters?: Array<{ in: string; name: string; example?: unknown }>;
  requestBody?: { content: Content };
  responses?: Record<string, { content?: Content }>;
};

/** Puts a route's example answer on its success response. */
function addAnswer(operation: Operation, answer: ExampleAnswer) {
  const content = operation.responses?.[answer.status]?.content?.["application/json"];
  if (content) content.example = answer.body;
}

/** Puts a route's example on its operation: on each parameter, and on its body. */
function addExample(operation: Operation, example: ExampleRequest) {
  for (const parameter of operation.parameters ?? []) {
    const values = parameter.in === "path" ? example.params : example.query;
    if (values?.[parameter.name] !== undefined) parameter.example = values[parameter.name];
  }
  const content = operation.requestBody?.content;
  if (content?.["application/json"] && example.body !== undefined) {
    content["application/json"].example = example.body;
  }
  if (content?.["multipart/form-data"] && example.form) {
    content["multipart/form-data"].example = example.form;
  }
}

/**
 * The OpenAPI 3.1 document of every route in the table: generated from the same declarations
 * the app mounts, so it cannot leave one out. Examples and their answers are keyed `METHOD /path`.
 */
export function openApiDocument(
  groups: RouteGroup[],
  serverUrl: string,
  examples: { requests: Record<string, ExampleRequest>; answers: Record<string, ExampleAnswer> } = {
    requests: {},
    answers: {},
  },
) {
  const doc = new OpenAPIHono();
  const registry = doc.openAPIRegistry;
  registry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    description: "`Authorization: Bearer <token>` from a sign-in answer; exempt from CSRF checks.",
  });
  registry.registerComponent("securitySchemes", "tokenCookie", {
    type: "apiKey",
    in: "cookie",
    name: "token",
    description: "The HttpOnly `token` cookie that sign-in sets.",
  });
  registry.registerComponent("securitySchemes", "xsrfHeader", {
    type: "apiKey",
    in: "header",
    name: "X-XSRF-TOKEN",
    description:
      "With the cookie, unsafe requests echo the `XSRF-TOKEN` cookie from GET /sanctum/csrf-cookie here, from the shop's own origin.",
  });
  for (const { area, routes } of groups) {
    for (const route of routes) {
      const signedIn = routeAccess(route, area) !== "anyone";
      registry.registerPath(
        createRoute({
          method: route.method,
          path: `${AREA_PREFIX[area]}${route.path}`,
          summary: route.summary,
          description: route.description,
          tags: [route.tag],
          ...(signedIn ? { security: SIGNED_IN } : {}),
          request: {
            ...(route.params ? { params: route.params as z.ZodObject } : {}),
            ...(route.query ? { query: route.query as z.ZodObject } : {}),
            ...(route.idempotent ? { headers: IdempotencyHeader } : {}),
            ...(route.body ? { body: { content: json(route.body), required: true } } : {}),
            ...(route.multipart
              ? {
                  body: {
                    content: { "multipart/form-data": { schema: route.multipart.schema } },
                    required: true,
                  },
                }
              : {}),
          },
          responses: responses(route, area),
        } as RouteConfig),
      );
    }
  }
  const document = doc.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Encore API",
      version: "1",
      description:
        "The shop's JSON API (behaviour.md §7): `/api` for shoppers, `/api/user` for signed-in customers, `/api/staff` for staff. Money is integer pence, VAT included; success is `{ data }`, lists add `meta`.",
    },
    servers: [{ url: serverUrl }],
  });
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const key = `${method.toUpperCase()} ${path}`;
      const request = examples.requests[key];
      if (request) addExample(operation as Operation, request);
      const answer = examples.answers[key];
      if (answer) addAnswer(operation as Operation, answer);
    }
  }
  return document;
}
