# rwerror: multi-stage build. The build stage runs scripts/install-prod.sh, the same production
# install .ci/run performs and checks, so CI proves these steps without a Docker engine.
FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles from source when no prebuilt binary can be fetched.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN bash scripts/install-prod.sh /app

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    RWERROR_DB=/var/lib/rwerror/rwerror.sqlite
RUN mkdir -p /var/lib/rwerror && chown node:node /var/lib/rwerror
WORKDIR /app
# Owned by root, run as node: the running bot cannot rewrite its own code or data.
COPY --from=build /app /app
USER node
EXPOSE 3000
VOLUME ["/var/lib/rwerror"]
# Readiness: GET /readyz is 503 only when the bot cannot serve Slack (no catalog, shutting down, Socket
# Mode disconnected); a sick database keeps it 200 ("degraded"), since answers still flow.
# Liveness (Kubernetes livenessProbe): GET /livez, 200 while the process and its event loop answer.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains running handlers (RWERROR_SHUTDOWN_GRACE_MS, 10 s) before the database closes.
STOPSIGNAL SIGTERM
CMD ["node", "node_modules/rwerror/bin/rwerror.js", "serve"]
