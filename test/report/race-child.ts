// Child process for the two-process race test: opens the shared DB, waits for the agreed
// instant, then tries to post the digest; prints "posted" or "already-claimed".
import { postDigestOnce } from "../../src/report/digest-post.ts";
import { digestTargetAt } from "../../src/report/weekly.ts";
import { openStore } from "../../src/store/index.ts";
import { fakeCatalog } from "./fixtures.ts";

const [dbPath, startAtText, runAtText] = process.argv.slice(2);
const store = await openStore(dbPath ?? "", { now: () => Number(runAtText) });
const startAt = Number(startAtText);
while (Date.now() < startAt) {
  // spin: both processes leave this loop within a millisecond of each other
}
const result = await postDigestOnce(
  {
    store,
    catalog: fakeCatalog(),
    channel: "C-digest",
    post: async () => {
      await new Promise((r) => setTimeout(r, 100));
      return { ts: `${process.pid}.1` };
    },
  },
  digestTargetAt(Number(runAtText), "UTC"),
);
process.stdout.write(result.status);
await store.close();
