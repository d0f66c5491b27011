// `npm run bench`: installs and builds when needed, then measures the production build.
// See bench/README.md for what is measured and how to read it.
import { ensureDependencies } from "../scripts/bootstrap.mjs";

ensureDependencies();
const { ensureBuild } = await import("../scripts/build-state.mjs");
ensureBuild();
const { runBench } = await import("./suite.mjs");
process.exitCode = await runBench(process.argv.slice(2));
