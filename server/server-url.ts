/** The address a server on `host` and `port` is reached at from this machine. */
export const serverUrl = (host: string, port: number) =>
  `http://${host === "0.0.0.0" ? "localhost" : host}:${port}`;
