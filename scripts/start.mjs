// `npm start`: install if needed, build if needed, then run the production server in this process.
import { pathToFileURL } from "node:url";
import { ensureDependencies } from "./bootstrap.mjs";

ensureDependencies();
const { ensureBuild } = await import("./build-state.mjs");
ensureBuild();
process.env.NODE_ENV = "production";
await import(pathToFileURL(new URL("../build/main.js", import.meta.url).pathname).href);
