import { residentMiB, startExplorer } from "./bench/front_door.ts";
const app = await startExplorer({ PORT: "0" });
const a = residentMiB(app.pid);
await new Promise((r) => setTimeout(r, 3000));
console.log("rss at ready", a.toFixed(0), "after 3 s", residentMiB(app.pid).toFixed(0));
await app.stop();
