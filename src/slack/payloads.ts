/**
 * The fields rwerror reads from Slack payloads, checked with zod: a malformed payload is
 * logged and dropped, never trusted and never a crash.
 */
import { z } from "zod";

const fileRef = z.looseObject({ id: z.string().min(1) });

export const messageEventSchema = z.looseObject({
  type: z.literal("message"),
  channel: z.string().min(1),
  ts: z.string().min(1),
  thread_ts: z.string().optional(),
  text: z.string().optional().default(""),
  subtype: z.string().optional(),
  user: z.string().optional(),
  bot_id: z.string().optional(),
  files: z.array(fileRef).optional(),
});
export type MessageEvent = z.infer<typeof messageEventSchema>;

export const eventEnvelopeSchema = z.looseObject({
  event_id: z.string().min(1),
  team_id: z.string().optional(),
});

export const commandSchema = z.looseObject({
  text: z.string().default(""),
  channel_id: z.string().optional(),
  user_id: z.string().min(1),
  team_id: z.string().optional(),
  trigger_id: z.string().optional(),
});

/** Block actions on a card: who clicked, where, the button and (for channel messages) the message. */
export const blockActionSchema = z.looseObject({
  user: z.looseObject({ id: z.string().min(1) }),
  team: z.looseObject({ id: z.string() }).nullish(),
  trigger_id: z.string().optional(),
  channel: z.looseObject({ id: z.string() }).optional(),
  container: z
    .looseObject({
      channel_id: z.string().optional(),
      message_ts: z.string().optional(),
      is_ephemeral: z.boolean().optional(),
    })
    .optional(),
  message: z
    .looseObject({
      ts: z.string(),
      thread_ts: z.string().optional(),
      text: z.string().optional(),
      blocks: z.array(z.looseObject({ type: z.string() })).optional(),
    })
    .optional(),
});
export type BlockActionBody = z.infer<typeof blockActionSchema>;

export const buttonSchema = z.looseObject({ action_id: z.string(), value: z.string().optional() });

export const messageShortcutSchema = z.looseObject({
  user: z.looseObject({ id: z.string().min(1) }),
  team: z.looseObject({ id: z.string() }).nullish(),
  channel: z.looseObject({ id: z.string().min(1) }),
  message: z.looseObject({
    ts: z.string().min(1),
    thread_ts: z.string().optional(),
    user: z.string().optional(),
    bot_id: z.string().optional(),
    text: z.string().optional().default(""),
    files: z.array(fileRef).optional(),
  }),
});

/** A modal's submission: who submitted it, what it carried, and its input values by block and action. */
const viewSubmissionSchema = z.looseObject({
  user: z.looseObject({ id: z.string().min(1) }),
  team: z.looseObject({ id: z.string() }).nullish(),
  view: z.looseObject({
    private_metadata: z.string().optional().default(""),
    state: z.looseObject({
      values: z.record(
        z.string(),
        z.record(
          z.string(),
          z.looseObject({
            value: z.string().nullish(),
            selected_options: z.array(z.looseObject({ value: z.string() })).nullish(),
          }),
        ),
      ),
    }),
  }),
});

/** The paste modal's submission. */
export const pasteSubmissionSchema = viewSubmissionSchema;

/** What the paste modal carries from the command to its submission. */
export const pasteMetadataSchema = z.object({ channel: z.string().optional() });

export const appHomeOpenedSchema = z.looseObject({
  user: z.string().min(1),
  tab: z.string().optional(),
});

/** The note modal's submission. */
export const noteSubmissionSchema = viewSubmissionSchema;

/** What the note modal carries from the card to its submission. */
export const noteMetadataSchema = z.object({
  r: z.string().min(1),
  c: z.string().optional(),
  t: z.string().optional(),
  /** Written from a private channel: the note stays there unless shared. */
  p: z.literal(1).optional(),
});

/** `@rwerror` in a channel or thread. */
export const appMentionSchema = z.looseObject({
  type: z.literal("app_mention"),
  channel: z.string().min(1),
  ts: z.string().min(1),
  thread_ts: z.string().optional(),
  user: z.string().optional(),
  text: z.string().optional().default(""),
});

/** conversations.replies: the thread's messages, oldest first. */
export const threadRepliesSchema = z.looseObject({
  messages: z
    .array(
      z.looseObject({
        ts: z.string(),
        text: z.string().optional().default(""),
        user: z.string().optional(),
        bot_id: z.string().optional(),
      }),
    )
    .optional()
    .default([]),
});

/** A static select on a card (*Mute in this channel ▾*): the option picked. */
export const selectSchema = z.looseObject({
  action_id: z.string(),
  selected_option: z.looseObject({ value: z.string() }),
});

/** The mute menu's option value: which record, for how long. */
export const muteChoiceSchema = z.object({ r: z.string().min(1), d: z.enum(["1h", "24h", "7d"]) });

/** *Undo* and *Unmute*: which mute. */
export const muteTargetSchema = z.object({ r: z.string().min(1), c: z.string().min(1) });
