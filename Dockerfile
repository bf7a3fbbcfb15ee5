# Every service's image, from this one file; the build argument SERVICE names the folder of services/:
#   docker build --build-arg SERVICE=ledger -t finance/ledger .
# (snapshot, ledger, statement, console; the statement worker runs from the statement image with its own command.)
#
# Built once: `pnpm build` compiles every workspace package to JavaScript (build/ beside each src/; the console's
# browser application into services/console/dist), and `pnpm deploy` copies the chosen service with its production
# dependencies and the workspace packages it uses, each limited to its package.json "files" (build/, migrations,
# dist/). The image runs that JavaScript on plain Node: no tsx, no TypeScript, no dev dependencies.
ARG NODE_IMAGE=node:24.21-bookworm-slim

FROM ${NODE_IMAGE} AS build
RUN npm install -g pnpm@10.34.9
WORKDIR /repo
# Dependencies from the lockfile alone: this layer is reused until pnpm-lock.yaml changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch --reporter=append-only
# The whole workspace (every packages/* and services/* folder; .dockerignore leaves out node_modules and outputs).
COPY . .
RUN pnpm install --frozen-lockfile --reporter=append-only && pnpm build
ARG SERVICE
# The service's default port (its definition in the code), for the HEALTHCHECK when no <SERVICE>_PORT or PORT is set.
RUN test -n "${SERVICE}" && test -f "services/${SERVICE}/package.json" \
      || { echo "--build-arg SERVICE=<folder of services/> is required (got '${SERVICE}')" >&2; exit 1; } \
 && pnpm --filter "./services/${SERVICE}" deploy --prod --legacy --reporter=append-only /out \
 && node --conditions=compiled -p "Object.values(require('./services/${SERVICE}/build/service.js')).find((d) => d?.defaultPort).defaultPort" \
      > /out/default-port

FROM ${NODE_IMAGE}
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
ARG SERVICE
WORKDIR /app
# The `compiled` export condition sends imports of workspace packages (@finance/*) to their build/ (their default
# export is src/*.ts, for tsx and jest in development); in NODE_OPTIONS so that every command run in the image
# (service, worker, migration job) gets it. NODE_ENV=production: the console serves the dist/ built above and never
# builds; it and the statement service then require their secret keys.
ENV NODE_ENV=production NODE_OPTIONS=--conditions=compiled SERVICE=${SERVICE}
COPY --from=build --chown=node:node /out /app
# The local statement file store (STATEMENT_FILES_DIR in docker-compose): a volume mounted here starts owned by node.
RUN mkdir -p /var/lib/statement-files && chown node:node /var/lib/statement-files
USER node
# The port the service listens on: <SERVICE>_PORT, else PORT, else its default (the order loadConfig reads them in).
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD node -e "const e=process.env,p=e[e.SERVICE.toUpperCase()+'_PORT']||e.PORT||require('fs').readFileSync('default-port','utf8').trim();fetch('http://127.0.0.1:'+p+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# tini is PID 1: it reaps zombies and forwards SIGTERM; the service drains in-flight requests and exits 0.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "build/main.js"]
