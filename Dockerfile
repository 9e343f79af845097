# rwerror on Node 24 LTS. Three stages: `pack` builds dist/ and packs the package, `install` installs
# the packed package from the lockfile without devDependencies (the one native build, better-sqlite3),
# and the final stage copies the result: no compiler, no devDependency, no source in the image.
# Both install steps are scripts/install-prod.sh, the production install .ci/run performs and checks
# on Node 20 and on Node 24, so CI proves these steps without a Docker engine.
#
# The base image: NODE_VERSION is the exact Node release (.ci/run tests this version too);
# NODE_DIGEST pins the multi-arch index of node:NODE_VERSION-bookworm-slim by digest, so a re-pushed
# tag cannot change what is built. Resolve and write it with `npx tsx scripts/pin-node-image.ts pin`,
# verify it with `… check` (the registry must serve the digest, and its bytes must hash to it);
# both need Docker Hub. Empty means "the tag as the registry serves it today" (unpinned).
ARG NODE_VERSION=24.22.3
ARG NODE_DIGEST=
FROM node:${NODE_VERSION}-bookworm-slim${NODE_DIGEST} AS pack
WORKDIR /src
COPY package.json package-lock.json ./
# tsc needs the devDependencies, not their install scripts: no native build in this stage.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN bash scripts/install-prod.sh pack /pkg

FROM node:${NODE_VERSION}-bookworm-slim${NODE_DIGEST} AS install
# better-sqlite3 compiles from source when no prebuilt binary for this Node can be fetched.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY --from=pack /pkg /pkg
COPY --from=pack /src/scripts/install-prod.sh /pkg/install-prod.sh
RUN bash /pkg/install-prod.sh install /pkg /app

FROM node:${NODE_VERSION}-bookworm-slim${NODE_DIGEST}
ARG NODE_VERSION
ARG NODE_DIGEST
ARG RWERROR_VERSION=0.1.0
ARG REVISION=unknown
ARG CREATED=unknown
ARG SOURCE=
LABEL org.opencontainers.image.title="rwerror" \
      org.opencontainers.image.description="Slack incident bot for RisingWave: recognises pasted errors, answers with remediation, counts occurrences" \
      org.opencontainers.image.version="${RWERROR_VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.licenses="Apache-2.0" \
      org.opencontainers.image.base.name="docker.io/library/node:${NODE_VERSION}-bookworm-slim${NODE_DIGEST}"
# The default database is $XDG_STATE_HOME/rwerror/rwerror.sqlite = /var/lib/rwerror/rwerror.sqlite,
# the volume. RWERROR_DB is left unset so that RWERROR_DB_FILE (a mounted postgres:// URL) can be used.
ENV NODE_ENV=production \
    PORT=3000 \
    XDG_STATE_HOME=/var/lib
RUN mkdir -p /var/lib/rwerror && chown node:node /var/lib/rwerror
WORKDIR /app
# Owned by root, run as node: the running bot cannot rewrite its own code or data.
COPY --from=install /app /app
USER node
EXPOSE 3000
VOLUME ["/var/lib/rwerror"]
# Readiness: GET /readyz is 503 only when the bot cannot serve Slack (no catalog, shutting down, Socket
# Mode disconnected); a sick database keeps it 200 ("degraded"), since answers still flow.
# Liveness (Kubernetes livenessProbe): GET /livez, 200 while the process and its event loop answer.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains running handlers (RWERROR_SHUTDOWN_GRACE_MS, 10 s) before the database closes: give
# `docker stop` more than that (`--stop-timeout 30`; compose and Kubernetes set 30 s).
STOPSIGNAL SIGTERM
CMD ["node", "bin/rwerror.js", "serve"]
