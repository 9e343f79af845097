/** A local Socket Mode endpoint: says hello on connect, sends envelopes, records the app's acks. */
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";

export interface SocketAck {
  envelope_id: string;
  payload?: unknown;
}

export interface FakeSocketServer {
  /** The URL apps.connections.open should answer. */
  readonly url: string;
  readonly acks: SocketAck[];
  waitForConnection(timeoutMs?: number): Promise<void>;
  /** Sends an `events_api` envelope and returns its envelope_id. */
  sendEvent(body: Record<string, unknown>, retryAttempt?: number): string;
  /** Sends any envelope type (slash_commands, interactive) and returns its envelope_id. */
  sendEnvelope(type: string, payload: Record<string, unknown>): string;
  close(): Promise<void>;
}

export async function startFakeSocketServer(): Promise<FakeSocketServer> {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await once(wss, "listening");
  const { port } = wss.address() as AddressInfo;
  const acks: SocketAck[] = [];
  let socket: WebSocket | undefined;
  let counter = 0;

  wss.on("connection", (ws) => {
    socket = ws;
    ws.on("message", (data) => {
      try {
        acks.push(JSON.parse(String(data)) as SocketAck);
      } catch {
        // not an ack: ignore
      }
    });
    ws.send(JSON.stringify({ type: "hello", num_connections: 1, debug_info: { host: "fake" } }));
  });

  const send = (message: Record<string, unknown>) => {
    if (socket === undefined) throw new Error("no Socket Mode client connected");
    socket.send(JSON.stringify(message));
  };

  return {
    url: `ws://127.0.0.1:${port}/link/?ticket=fake`,
    acks,
    waitForConnection: async (timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (socket === undefined) {
        if (Date.now() > deadline) throw new Error("no Socket Mode connection");
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    sendEvent: (body, retryAttempt = 0) => {
      counter += 1;
      const envelopeId = `env-${counter}`;
      send({
        envelope_id: envelopeId,
        payload: body,
        type: "events_api",
        accepts_response_payload: false,
        retry_attempt: retryAttempt,
        retry_reason: retryAttempt > 0 ? "timeout" : "",
      });
      return envelopeId;
    },
    sendEnvelope: (type, payload) => {
      counter += 1;
      const envelopeId = `env-${counter}`;
      send({ envelope_id: envelopeId, payload, type, accepts_response_payload: type !== "events_api" });
      return envelopeId;
    },
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
