import { type ReactNode, useState } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { Button } from "../ui/button";
import { FormMessage, TextField } from "../ui/form";
import { Card } from "./screen-header";

/** What the server refused about an upload: the file or the dry-run choice. */
type UploadRefusal = {
  message?: string;
  errors?: { file?: string[]; dryRun?: string[]; confirm?: string[] };
};

/** A row's problem in an uploaded CSV, as every CSV screen's summary reports it. */
export type CsvRowError = { row: number; field: string; message: string };

/**
 * The form every CSV screen opens with: one file, "Check file" (a dry run that writes nothing)
 * and the action itself. A file over the limit is refused before a byte is sent; without
 * JavaScript the server says the same after.
 */
export function CsvUploadCard({
  title,
  description,
  refused,
  limits,
  allowed,
  actionLabel,
  pendingLabel,
  hint,
  hidden,
}: {
  title: string;
  description: string;
  refused: UploadRefusal | undefined;
  limits: { maxBytes: number; maxRows: number };
  /** The staff member may send files (the buttons are disabled otherwise). */
  allowed: boolean;
  actionLabel: string;
  pendingLabel: string;
  /** Said after the file's limits. */
  hint?: string;
  /** Fields sent with the file: a check's confirmation, which the action then carries. */
  hidden?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  const sending =
    navigation.state === "submitting" && navigation.formAction?.startsWith(location.pathname);
  const dryRun = navigation.formData?.get("dryRun");
  const [tooBig, setTooBig] = useState<string>();
  const megabytes = limits.maxBytes / (1024 * 1024);
  return (
    <Card title={title} description={description}>
      {refused?.message && <FormMessage type="error">{refused.message}</FormMessage>}
      <Form
        method="post"
        encType="multipart/form-data"
        className="space-y-5"
        onSubmit={(event) => {
          const file = new FormData(event.currentTarget).get("file");
          const big = file instanceof File && file.size > limits.maxBytes;
          setTooBig(
            big
              ? `The file is larger than ${megabytes} MB: split it into smaller files.`
              : undefined,
          );
          if (big) event.preventDefault();
        }}
      >
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <TextField
          name="file"
          type="file"
          label="CSV file"
          accept=".csv,text/csv"
          required
          hint={`UTF-8 CSV, up to ${megabytes} MB and ${limits.maxRows.toLocaleString("en-GB")} rows.${hint ? ` ${hint}` : ""}`}
          errors={[
            ...(tooBig ? [tooBig] : []),
            ...(refused?.errors?.file ?? []),
            ...(refused?.errors?.dryRun ?? []),
            ...(refused?.errors?.confirm ?? []),
          ]}
        />
        <div className="flex flex-wrap gap-3">
          <Button
            type="submit"
            name="dryRun"
            value="true"
            variant="secondary"
            disabled={!allowed}
            pending={sending && dryRun === "true"}
            pendingLabel="Checking…"
          >
            Check file
          </Button>
          <Button
            type="submit"
            name="dryRun"
            value="false"
            disabled={!allowed}
            pending={sending && dryRun === "false"}
            pendingLabel={pendingLabel}
          >
            {actionLabel}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/** "1 error", "1,204 errors". */
export const countOf = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

/** A file's errors by row, the first `shown` of them, and how many more there are. */
export function CsvErrorTable({ errors, shown = 500 }: { errors: CsvRowError[]; shown?: number }) {
  return (
    <div className="overflow-x-auto rounded-lg ring-1 ring-line">
      <table className="w-full text-left text-sm">
        <caption className="px-4 py-3 text-left font-bold">
          Errors by row (the header is row 1)
        </caption>
        <thead className="border-y border-line bg-zinc-50">
          <tr>
            <th scope="col" className="px-4 py-2">
              Row
            </th>
            <th scope="col" className="px-4 py-2">
              Column
            </th>
            <th scope="col" className="px-4 py-2">
              Problem
            </th>
          </tr>
        </thead>
        <tbody>
          {errors.slice(0, shown).map((error) => (
            <tr
              key={`${error.row}-${error.field}-${error.message}`}
              className="border-b border-line last:border-0"
            >
              <th scope="row" className="px-4 py-2 font-semibold whitespace-nowrap">
                {error.row}
              </th>
              <td className="px-4 py-2 font-mono whitespace-nowrap">{error.field}</td>
              <td className="px-4 py-2">{error.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {errors.length > shown && (
        <p className="px-4 py-3 text-sm text-muted">
          And {countOf(errors.length - shown, "more error")}: correct these first.
        </p>
      )}
    </div>
  );
}

/** The columns a CSV screen reads, each with what it holds, and an optional example or note. */
export function CsvColumns({
  columns,
  description,
  children,
}: {
  columns: ReadonlyArray<readonly [name: string, meaning: string]>;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <Card title="The columns" description={description}>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
        {columns.map(([name, meaning]) => (
          <div key={name} className="contents">
            <dt className="font-mono font-semibold">{name}</dt>
            <dd className="text-muted">{meaning}</dd>
          </div>
        ))}
      </dl>
      {children}
    </Card>
  );
}
