/**
 * A small Block Kit → HTML renderer, close enough to Slack's look to judge a payload by eye:
 * header, section, context, actions, divider, and mrkdwn (bold, italic, code, fences, links,
 * channel and user mentions, the emoji rwerror uses). For the README's screenshots only.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AnyBlock, KnownBlock } from "@slack/types";

const EMOJI: Record<string, string> = {
  red_circle: "🔴",
  rotating_light: "🚨",
  warning: "⚠️",
  information_source: "ℹ️",
  grey_question: "❔",
  eyes: "👀",
  new: "🆕",
  memo: "📝",
  "+1": "👍",
  "-1": "👎",
  thinking_face: "🤔",
  mag: "🔍",
  inbox_tray: "📥",
  repeat: "🔁",
  scissors: "✂️",
  mute: "🔇",
  white_check_mark: "✅",
  x: "❌",
  cyclone: "🌀",
  card_index_dividers: "🗂️",
  outbox_tray: "📤",
  loud_sound: "🔊",
  gear: "⚙️",
  lock: "🔒",
};

export interface Names {
  channels?: Record<string, string>;
  users?: Record<string, string>;
}

const html = (s: string) => s.replace(/&(?!(amp|lt|gt);)/g, "&amp;").replace(/"/g, "&quot;");
const emoji = (s: string) => s.replace(/:([a-z0-9_+-]+):/g, (m, name: string) => EMOJI[name] ?? m);

function inline(text: string, names: Names): string {
  let out = html(text);
  out = out.replace(
    /<#([A-Z0-9]+)(?:\|([^>]*))?>/g,
    (_m, id: string, label?: string) => `<span class="mention">#${label ?? names.channels?.[id] ?? id}</span>`,
  );
  out = out.replace(/<@([A-Z0-9]+)>/g, (_m, id: string) => `<span class="mention">@${names.users?.[id] ?? id}</span>`);
  out = out.replace(
    /<!subteam\^([A-Z0-9]+)>/g,
    (_m, id: string) => `<span class="mention">@${names.users?.[id] ?? id}</span>`,
  );
  // A date token shows in the reader's time zone; the preview shows its UTC fallback, shortened.
  out = out.replace(
    /<!date\^\d+\^[^|>]*\|([^>]*)>/g,
    (_m, fallback: string) => `<span class="date">${fallback.replace(/^\d{4}-/, "").replace(/ UTC$/, "")}</span>`,
  );
  // Slack links arrive as <url|label>; in the escaped text they are still raw < > (not &lt;).
  out = out.replace(/<(https?:[^|>]+)\|([^>]*)>/g, (_m, url: string, label: string) => `<a href="${url}">${label}</a>`);
  out = out.replace(/`([^`\n]+)`/g, "<code>$1</code>");
  out = out.replace(/(^|[\s(])\*([^*\n]+)\*(?=[\s).,:;!?]|$)/g, "$1<b>$2</b>");
  out = out.replace(/(^|[\s(])_([^_\n]+)_(?=[\s).,:;!?]|$)/g, "$1<i>$2</i>");
  return emoji(out);
}

export function mrkdwnToHtml(text: string, names: Names = {}): string {
  const parts = text.split(/```/);
  return parts
    .map((part, i) => (i % 2 === 1 ? `<pre>${html(part)}</pre>` : inline(part, names).replace(/\n/g, "<br>")))
    .join("");
}

function block(b: KnownBlock, names: Names): string {
  switch (b.type) {
    case "header":
      return `<div class="header">${emoji(html(b.text.text))}</div>`;
    case "section": {
      const text = b.text ? `<div class="text">${mrkdwnToHtml(b.text.text, names)}</div>` : "";
      const acc =
        b.accessory && b.accessory.type === "button"
          ? `<span class="button ${b.accessory.style ?? ""}">${emoji(html(b.accessory.text.text))}</span>`
          : "";
      return `<div class="section">${text}${acc}</div>`;
    }
    case "context":
      return `<div class="context">${b.elements.map((e) => ("text" in e ? `<span>${mrkdwnToHtml(e.text, names)}</span>` : "")).join("")}</div>`;
    case "actions":
      return `<div class="actions">${b.elements
        .map((e) =>
          e.type === "button"
            ? `<span class="button ${e.style ?? ""}">${emoji(html(e.text.text))}${e.url ? " ↗" : ""}</span>`
            : e.type === "static_select"
              ? `<span class="button select">${html(e.placeholder?.text ?? "Choose")} ▾</span>`
              : "",
        )
        .join("")}</div>`;
    case "divider":
      return "<hr>";
    default:
      return "";
  }
}

const CSS = `
body { margin: 0; background: #fff; font: 15px/1.46668 "Lato", "Noto Sans", "DejaVu Sans", Arial, "Noto Color Emoji", sans-serif; color: #1d1c1d; }
.msg { display: flex; padding: 12px 20px; gap: 8px; }
.avatar { width: 36px; height: 36px; border-radius: 6px; background: #1f2a44; color: #fff; font-weight: 900; display: flex; align-items: center; justify-content: center; flex: none; }
.body { min-width: 0; flex: 1; }
.who { font-weight: 900; } .who .app { font-size: 10px; background: #ddd; color: #555; padding: 1px 3px; border-radius: 2px; margin-left: 4px; font-weight: 700; }
.who .time { color: #616061; font-size: 12px; font-weight: 400; margin-left: 6px; }
.only { color: #616061; font-size: 13px; margin-bottom: 2px; }
.header { font-size: 18px; font-weight: 900; margin: 6px 0 2px; }
.section { display: flex; justify-content: space-between; gap: 12px; margin: 6px 0; }
.section .text { min-width: 0; }
.context { color: #616061; font-size: 13px; margin: 4px 0; display: flex; flex-wrap: wrap; gap: 2px 10px; }
.context > span { display: block; }
.actions { display: flex; flex-wrap: wrap; gap: 8px; margin: 10px 0 4px; }
.button { border: 1px solid #bbb; border-radius: 4px; padding: 3px 11px; font-size: 14px; font-weight: 700; white-space: nowrap; height: fit-content; background: #fff; }
.button.primary { background: #007a5a; color: #fff; border-color: #007a5a; }
.button.select { font-weight: 400; }
.date { text-decoration: underline dotted; }
pre { background: #f8f8f8; border: 1px solid #ddd; border-radius: 4px; padding: 8px; font: 12px/1.5 "DejaVu Sans Mono", monospace; white-space: pre-wrap; margin: 4px 0; }
code { background: #f6f6f6; border: 1px solid #ddd; border-radius: 3px; padding: 0 3px; color: #c01343; font: 12px "DejaVu Sans Mono", monospace; }
a { color: #1264a3; text-decoration: none; } .mention { background: #e8f5fa; color: #1264a3; border-radius: 3px; padding: 0 2px; }
hr { border: none; border-top: 1px solid #ddd; }
`;

/**
 * A Slack desktop window around the message: the workspace sidebar on the left and the channel's
 * header on top, so a screenshot at a laptop's width (1,366 px) shows the card at the width a reader
 * really has. `fold` draws a dashed line where that reader's first screen ends.
 */
export interface SlackFrame {
  channel: string;
  sidebar: number;
  fold?: { at: number; label: string };
}

const FRAME_CSS = `
.frame { display: flex; }
.sidebar { background: #3f0e40; color: #cfc3cf; flex: none; padding: 14px 16px; font-size: 15px; box-sizing: border-box; }
.sidebar .ws { color: #fff; font-weight: 900; font-size: 18px; margin-bottom: 14px; }
.sidebar div { padding: 2px 0; } .sidebar .on { background: #1164a3; color: #fff; margin: 0 -16px; padding: 2px 16px; }
.pane { flex: 1; min-width: 0; position: relative; }
.chan { height: 49px; border-bottom: 1px solid #ddd; display: flex; align-items: center; padding: 0 20px; font-weight: 900; font-size: 18px; }
.msg.framed { width: auto; }
.fold { position: absolute; left: 0; right: 0; border-top: 2px dashed #e01e5a; }
.fold span { position: absolute; right: 8px; top: -20px; color: #e01e5a; font-size: 12px; background: #fff; padding: 0 4px; }
`;

export function messageToHtml(
  blocks: readonly AnyBlock[],
  opts: { names?: Names; ephemeral?: boolean; width?: number; before?: string; frame?: SlackFrame } = {},
): string {
  const body = (blocks as KnownBlock[]).map((b) => block(b, opts.names ?? {})).join("\n");
  const only = `${opts.before ?? ""}${opts.ephemeral ? `<div class="only">👁 Only visible to you</div>` : ""}`;
  const frame = opts.frame;
  const msg = `<div class="msg${frame ? " framed" : ""}"><div class="avatar">rw</div><div class="body">${only}<div class="who">rwerror<span class="app">APP</span><span class="time">3:07 AM</span></div>
${body}</div></div>`;
  // The page reports its own height (data-height on <body>) so a caller can size the window to it.
  const measure = `<script>document.body.dataset.height = String(Math.ceil(document.body.firstElementChild.getBoundingClientRect().bottom));</script>`;
  const page = frame
    ? `<div class="frame"><div class="sidebar" style="width: ${frame.sidebar}px"><div class="ws">Acme</div><div># general</div><div class="on"># ${html(frame.channel)}</div><div># oncall-db</div></div><div class="pane"><div class="chan"># ${html(frame.channel)}</div>${msg}${
        frame.fold
          ? `<div class="fold" style="top: ${frame.fold.at}px"><span>${html(frame.fold.label)}</span></div>`
          : ""
      }</div></div>`
    : msg;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${CSS}${frame ? FRAME_CSS : ""} .msg:not(.framed) { width: ${opts.width ?? 640}px; }</style></head>
<body>${page}${measure}</body></html>`;
}

/** Debian's chromium on this machine, if installed (`apt-get install -y chromium`). */
export function findChromium(): string | undefined {
  return ["chromium", "chromium-browser"].find((c) => {
    try {
      execFileSync("which", [c], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Headless chromium with a throwaway profile and no network chatter, for the screenshot scripts:
 * `--screenshot=… --window-size=W,H file://…` writes a PNG, `--dump-dom` returns the page.
 */
export function headlessChromium(args: string[], binary = "chromium", timeoutMs = 90_000): string {
  return execFileSync(
    binary,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--user-data-dir=${mkdtempSync(join(tmpdir(), "rwerror-chromium-"))}`,
      "--hide-scrollbars",
      ...args,
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: timeoutMs },
  );
}
