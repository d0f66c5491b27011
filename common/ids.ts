/**
 * The largest id a PostgreSQL integer column holds. An id past it names nothing: paths, queries,
 * bodies and cookies all check it before a query sees it (issue 12: above it PostgreSQL errs).
 */
export const MAX_ID = 2_147_483_647;
