export { handleOnce } from "./claims.ts";
export { cleanPasted, plainTextFromSlack, unescapeSlack } from "./clean.ts";
export { baseContext, type CardPlace, cardContext, channelMatchContext, refFacts } from "./context.ts";
export { answerPaste, answerRead, firstErrorIn, type Reply, readPaste } from "./flow.ts";
export { occurrenceFromResult } from "./occurrence.ts";
export {
  createOutbox,
  type Delivery,
  type DeliveryPort,
  type Outbox,
  type OutboxEvents,
  type OutboxOptions,
  retryDelay,
  type Sent,
} from "./outbox.ts";
export { CARD_WINDOW_MS, cardMatch, confidentMatch, REPEAT_WINDOW_MS } from "./policy.ts";
export { blockKit, terminalText } from "./renderers.ts";
export type {
  AnswerDeps,
  AnswerMode,
  AnswerOutcome,
  AnswerPort,
  AnswerRenderer,
  AnswerSettings,
  CardCap,
  Paste,
  ReadPaste,
  Where,
} from "./types.ts";
