# syntax=docker/dockerfile:1
# One image recipe for every part of the system. TypeScript runs through tsx (no build step for services).
#   services:  docker build --target service --build-arg SERVICE=identity -t act/identity .
#   gateway:   docker build --target gateway -t act/gateway .      (also builds the shell and remotes)
ARG NODE_IMAGE=node:20-bookworm-slim

# Only the manifests, so the dependency layer is rebuilt when they change and not on every source edit.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /out \
 && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents {} /out \; \
 && cp package-lock.json .npmrc /out/

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY --from=manifests /out/ ./
# The whole locked tree: tsx is a root devDependency and is needed at run time.
RUN npm ci --no-fund --no-audit && npm cache clean --force

FROM deps AS source
COPY . .

FROM source AS frontend
RUN node scripts/build.mjs --force

FROM source AS service
ARG SERVICE
RUN test -n "${SERVICE}" && test -f "services/${SERVICE}/src/main.ts"
ENV NODE_ENV=production HOST=0.0.0.0 SERVICE=${SERVICE}
# tsx keeps its transpile cache in the temp dir: give the non-root user its own.
ENV TMPDIR=/tmp
USER node
# Probes answer on OPS_PORT only (set per service by docker-compose and k8s: the service port + 1000).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.OPS_PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["sh", "-c", "exec node --import tsx services/${SERVICE}/src/main.ts"]

FROM source AS gateway
COPY --from=frontend /app/shell/dist ./shell/dist
COPY --from=frontend /app/remotes ./remotes
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 OPS_PORT=9080 STATIC_DIR=/app/shell/dist REMOTES_DIR=/app/remotes TMPDIR=/tmp
USER node
# 8080 is public; 9080 (probes, metrics) is for the orchestrator and Prometheus only.
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:9080/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "gateway/src/main.ts"]
