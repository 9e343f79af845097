/** Render's plain view objects, narrowed to the Web API's modal / home view types. */
import type { types } from "@slack/bolt";
import type { View } from "../render/index.ts";

export function toSlackView(view: View): types.View {
  const { type, title, ...rest } = view;
  if (type === "home") return { ...rest, type: "home" };
  return { ...rest, type: "modal", title: title ?? { type: "plain_text", text: "rwerror" } };
}
