/** The run's template database; each test file's database is named after it. */
export function postgresTemplateName(): string {
  return `encore_test_${process.pid}`;
}

/** `adminUrl` pointed at another database on the same server. */
export function databaseUrlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
