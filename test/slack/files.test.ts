import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { webApi } from "@slack/bolt";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readPastedFiles } from "../../src/slack/files.ts";
import { BOT_TOKEN } from "../support/bot.ts";
import { type FakeSlack, startFakeSlack } from "../support/fake-slack.ts";

let fake: FakeSlack;
let client: webApi.WebClient;
beforeEach(async () => {
  fake = await startFakeSlack();
  client = new webApi.WebClient(BOT_TOKEN, { slackApiUrl: fake.apiUrl });
});
afterEach(async () => {
  await fake.close();
});

const opts = () => ({ token: BOT_TOKEN, fetch: globalThis.fetch, trustedOrigins: [fake.origin] });

describe("readPastedFiles", () => {
  it("reads text files and snippets with the bot token, in order", async () => {
    fake.addFile({ id: "F1", name: "a.txt", mimetype: "text/plain", filetype: "text", content: "first" });
    fake.addFile({ id: "F2", name: "b.log", mimetype: "application/octet-stream", filetype: "log", content: "second" });
    const read = await readPastedFiles(client, ["F1", "F2"], opts());
    expect(read).toEqual({ texts: ["first", "second"], skipped: [] });
    expect(fake.fileFetches.every((f) => f.token === BOT_TOKEN)).toBe(true);
  });

  it("sends the bot token only to Slack's file hosts or the configured API host", async () => {
    const seen: (string | undefined)[] = [];
    const evil = createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.end("ERROR: stolen");
    });
    await new Promise<void>((r) => evil.listen(0, "127.0.0.1", () => r()));
    const evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}/f.txt`;
    fake.handle("files.info", () => ({
      ok: true,
      file: { id: "F3", mimetype: "text/plain", filetype: "text", size: 10, url_private: evilUrl },
    }));
    try {
      // Configured for a Slack host elsewhere: a loopback URL is someone else's.
      const read = await readPastedFiles(client, ["F3"], { ...opts(), trustedOrigins: ["https://slack.example.org"] });
      expect(read.texts).toEqual([]);
      expect(read.skipped[0]).toMatch(/no trusted download URL/);
      expect(seen).toEqual([]);
      // A Slack stand-in on loopback may serve files from another local port.
      const local = await readPastedFiles(client, ["F3"], opts());
      expect(local.texts).toEqual(["ERROR: stolen"]);
      expect(seen).toEqual([`Bearer ${BOT_TOKEN}`]);
    } finally {
      evil.close();
    }
  });

  it("skips files files.info cannot find, and reads at most three files", async () => {
    for (const id of ["F4", "F5", "F6", "F7"]) {
      fake.addFile({ id, name: `${id}.txt`, mimetype: "text/plain", filetype: "text", content: id });
    }
    const read = await readPastedFiles(client, ["F0MISSING", "F4", "F5", "F6", "F7"], opts());
    expect(read.texts).toEqual(["F4", "F5"]);
    expect(read.skipped).toEqual([expect.stringMatching(/^F0MISSING: file_not_found/)]);
  });

  it("stops reading a file that grows past the cap while downloading", async () => {
    fake.handle("files.info", () => ({
      ok: true,
      file: { id: "F8", mimetype: "text/plain", filetype: "text", url_private: `${fake.origin}/files-pri/F8/x.txt` },
    }));
    fake.addFile({ id: "F8", name: "x.txt", mimetype: "text/plain", filetype: "text", content: "y".repeat(5000) });
    const read = await readPastedFiles(client, ["F8"], { ...opts(), maxBytes: 1000 });
    expect(read.texts).toEqual([]);
    expect(read.skipped[0]).toMatch(/over the size cap/);
  });
});
