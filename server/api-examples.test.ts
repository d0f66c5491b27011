import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, apiClient } from "../common/api/client.mjs";
import { startTestApp, type TestApp } from "../tests/support/app.ts";
import { signIn } from "../tests/support/staff-api.ts";
import {
  API_ANSWER_EXAMPLES,
  API_EXAMPLES,
  type ExampleFile,
  type RouteExample,
} from "./api-examples.ts";
import { API_ROUTES } from "./api-routes.ts";
import { auditEntries } from "./audit/schema.ts";
import { answerBody, refusalStatuses } from "./http/answers.ts";
import {
  type AnyRoute,
  AREA_PREFIX,
  type Area,
  answerStatus,
  routeAnswers,
} from "./http/route-table.ts";

type Content = Record<string, { example?: unknown }>;
type Operation = {
  parameters?: Array<{ in: "path" | "query" | "header"; name: string; example?: unknown }>;
  requestBody?: { content: Content };
  responses?: Record<string, { content?: Content }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

const ROUTES = API_ROUTES.flatMap(({ area, routes }) =>
  routes.map((route) => ({
    area,
    route,
    key: `${route.method.toUpperCase()} ${AREA_PREFIX[area]}${route.path}`,
  })),
);

/** A multipart example's fields as a form, its files decoded. */
function formOf(fields: Record<string, string | ExampleFile>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.set(name, value);
    else {
      const bytes = Buffer.from(value.content, "base64");
      form.set(name, new File([bytes], value.filename, { type: value.type }));
    }
  }
  return form;
}

/** The example's request as the document carries it: its parameters' and its body's examples. */
function documentedRequest(operation: Operation) {
  const params: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const parameter of operation.parameters ?? []) {
    if (parameter.example === undefined) continue;
    if (parameter.in === "path") params[parameter.name] = parameter.example;
    if (parameter.in === "query") query[parameter.name] = parameter.example;
  }
  const content = operation.requestBody?.content ?? {};
  return {
    params,
    query,
    body: content["application/json"]?.example,
    form: content["multipart/form-data"]?.example as
      | Record<string, string | ExampleFile>
      | undefined,
  };
}

const ANSWER_EXAMPLES_FILE = join(import.meta.dirname, "api-answer-examples.json");

/** An answer shortened for the document: two items of any list are enough to show its shape. */
function exampleOfAnswer(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, 2).map(exampleOfAnswer);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, each]) => [key, exampleOfAnswer(each)]),
    );
  }
  return value;
}

/** The id of what a store answered (a charge answers its order's). */
const idIn = (answer: { data: { id?: number; orderId?: number } }) =>
  answer.data.id ?? answer.data.orderId ?? 0;

/** The body schema of a route's success answer with `status`, if it has one (JSON). */
const answerOf = (route: AnyRoute, status: number) => {
  const answer = routeAnswers(route).find((each) => answerStatus(each) === status);
  return answer && "json" in answer && route.path === "/openapi.json"
    ? undefined // the answer is the document itself
    : answer && answerBody(answer);
};

/** What is wrong with a route's answer (its status and body text) to its example, if anything. */
function problemWith(
  route: AnyRoute,
  area: Area,
  example: RouteExample,
  status: number,
  text: string,
): string | undefined {
  const answer = routeAnswers(route).find((each) => answerStatus(each) === status);
  if (example.refused) {
    if (answer) return `succeeded (${status}), though ${example.refused}`;
    if (!refusalStatuses(route, area).includes(status)) {
      return `answered ${status}, not a documented refusal: ${text}`;
    }
    return undefined;
  }
  if (!answer) return `answered ${status}, not a documented success: ${text}`;
  const schema = answerBody(answer);
  if (!schema) return undefined;
  const parsed = schema.safeParse(JSON.parse(text));
  return parsed.success ? undefined : `answered what it does not document: ${parsed.error.message}`;
}

// Once is enough: the examples are the same on either database, and run against the demo shop.
describe("the document's examples, sent to the demo shop", () => {
  let app: TestApp;
  let document: Document;
  let clients: Record<"nobody" | "customer" | "staff" | "admin", ApiClient>;
  beforeAll(async () => {
    app = await startTestApp("pglite");
    const tokens = await signIn(app);
    clients = {
      nobody: apiClient(app.url),
      customer: apiClient(app.url, { token: tokens.customer }),
      staff: apiClient(app.url, { token: tokens.staff }),
      admin: apiClient(app.url, { token: tokens.admin }),
    };
    const { data } = await clients.nobody.GET("/api/openapi.json");
    document = data as unknown as Document;
  });
  afterAll(() => app.close());

  it("has one example for every route, and none for a route that is not there", () => {
    const keys = ROUTES.map(({ key }) => key);
    expect(keys.filter((key) => !API_EXAMPLES[key])).toEqual([]);
    expect(Object.keys(API_EXAMPLES).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it("declares every staff write as a command, and any other staff post as read-only", () => {
    const posts = ROUTES.filter(({ area, route }) => area === "staff" && route.method === "post");
    expect(posts.length).toBeGreaterThan(40);
    expect(
      posts
        .filter(({ route }) => (route.kind === "command") === Boolean(route.readOnly))
        .map(({ key }) => key),
    ).toEqual([]);
  });

  it("answers each, in order, with a documented success and body (a refusal where it says why)", async () => {
    const problems: string[] = [];
    // Each staff command that succeeds writes its audit entries (issue 30); a read-only post none.
    const auditRows = async () =>
      (await app.database.db.select({ n: count() }).from(auditEntries))[0]?.n ?? 0;
    const audited: string[] = [];
    const isMaker = new Set(Object.values(API_EXAMPLES).flatMap((each) => each.made ?? []));
    const made = new Map<string, number>();
    const answers: typeof API_ANSWER_EXAMPLES = {};
    for (const { area, route, key } of ROUTES) {
      const example = API_EXAMPLES[key] ?? {};
      const path = `${AREA_PREFIX[area]}${route.path}`;
      const operation = document.paths[path]?.[route.method] ?? {};
      const { params, query, body, form } = documentedRequest(operation);
      const madeId = example.made && made.get(example.made);
      if (madeId && params.id !== undefined) params.id = madeId;
      if (madeId && body && typeof body === "object" && "id" in body) {
        Object.assign(body, { id: madeId });
      }
      const rowsBefore = area === "staff" && route.method === "post" ? await auditRows() : 0;
      // Signing out ends the session it is sent with: it gets one of its own.
      const client =
        key === "POST /api/logout"
          ? apiClient(app.url, { token: (await signIn(app)).customer })
          : clients[example.as ?? "nobody"];
      const { data, error, response } = await client.request(
        route.method,
        path as never,
        {
          params: { path: params, query },
          body: form ? formOf(form) : body,
          headers: route.idempotent ? { "Idempotency-Key": randomUUID() } : {},
          parseAs: "text",
        } as never,
      );
      // openapi-fetch reads a refusal's body as JSON where it can.
      const text = response.ok ? String(data ?? "") : JSON.stringify(error);
      const problem = problemWith(route, area, example, response.status, text);
      if (response.ok && isMaker.has(key)) made.set(key, idIn(JSON.parse(text)));
      if (!problem && response.ok && answerOf(route, response.status)) {
        answers[key] = { status: response.status, body: exampleOfAnswer(JSON.parse(text)) };
      }
      if (problem) problems.push(`${key} ${problem}`);
      if (area === "staff" && route.method === "post") {
        const written = (await auditRows()) - rowsBefore;
        const dryRun = form?.dryRun === "true";
        if (route.kind === "command" && response.ok && !dryRun && written === 0) {
          problems.push(`${key} succeeded without an audit entry`);
        }
        if ((route.readOnly || !response.ok || dryRun) && written !== 0) {
          problems.push(`${key} wrote ${written} audit entries, though it changed nothing`);
        }
        if (written > 0) audited.push(key);
      }
    }
    expect(problems).toEqual([]);
    expect(audited.length).toBeGreaterThan(35);
    // RECORD_API_EXAMPLES=1 writes the answers as the document's answer examples.
    if (process.env.RECORD_API_EXAMPLES) {
      writeFileSync(ANSWER_EXAMPLES_FILE, `${JSON.stringify(answers, null, 2)}\n`);
    }
    expect(Object.keys(API_ANSWER_EXAMPLES).sort()).toEqual(Object.keys(answers).sort());
  });

  it("shows the recorded answers in the document, each one its route's schema takes", () => {
    const problems = ROUTES.flatMap(({ area, route, key }) => {
      const recorded = API_ANSWER_EXAMPLES[key];
      if (!recorded) return [];
      const operation = document.paths[`${AREA_PREFIX[area]}${route.path}`]?.[route.method];
      const shown = operation?.responses?.[recorded.status]?.content?.["application/json"];
      if (!shown || !isDeepStrictEqual(shown.example, recorded.body)) return [`${key}: not shown`];
      const parsed = answerOf(route, recorded.status)?.safeParse(recorded.body);
      return parsed && !parsed.success ? [`${key}: ${parsed.error.message}`] : [];
    });
    expect(Object.keys(API_ANSWER_EXAMPLES).length).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });
});
