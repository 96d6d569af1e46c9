# One image recipe for every part of the system. Services and the gateway run compiled JavaScript (`node dist/main.js`,
# built by `npm run build -w <workspace>`, no transpiler at run time) with only their own workspace's production
# dependencies; `npm start` and the tests run the TypeScript through tsx.
#   services:  docker build --target service --build-arg SERVICE=identity -t act/identity .
#   gateway:   docker build --target gateway -t act/gateway .      (also builds the shell, never a remote)
#   remotes:   docker build --target remote --build-arg REMOTE=prompt -t act/remote-prompt .
#              (one remote's static bundle alone, served by an unprivileged nginx: a team ships it without the rest)
# `npm run images` builds them all with the tags docker-compose.yml uses. No `# syntax=` line: the engine's built-in
# frontend builds this file, so no frontend image is fetched (an air-gapped build farm has none to fetch).
# The `npm ci` steps take the registry from NPM_CONFIG_REGISTRY and trust an extra CA bundle passed as the BuildKit
# secret `build_ca` (docker build --secret id=build_ca,src=company-ca.pem): the secret is mounted for those steps
# only and no layer holds it. See docs/images.md.
ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.27-alpine

# Only the manifests, so the dependency layer is rebuilt when they change and not on every source edit.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /out \
 && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents {} /out \; \
 && cp package-lock.json .npmrc /out/ \
 && cp -r patches /out/

# The whole locked tree, for building (esbuild, rsbuild); no final image holds it.
FROM ${NODE_IMAGE} AS deps
ARG NPM_CONFIG_REGISTRY
WORKDIR /app
COPY --from=manifests /out/ ./
# npm's cache is a BuildKit cache mount shared by every `npm ci` here, so the per-workspace installs below reuse
# what this one downloaded; the CA secret is used by this step alone.
RUN --mount=type=secret,id=build_ca --mount=type=cache,id=act-npm,target=/root/.npm \
    if [ -s /run/secrets/build_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/build_ca; fi \
 && npm ci --no-fund --no-audit

FROM deps AS source
COPY . .

# The shell only: each remote ships in its own image (the `remote` target below), so shipping one rebuilds nothing else.
FROM source AS frontend
RUN node scripts/build.mjs --force shell

# A server workspace: services/${SERVICE}, or the gateway when SERVICE is empty (the `gateway` target).
# Its production dependencies alone, placed as the lockfile places them (rebuilt only when a manifest changes). The
# links to the workspace packages are dropped (their code is bundled into dist/), and only the root node_modules and
# the workspace's own are kept: packages nested under a shared package (such as service-kit's koa) are bundled too.
# No install scripts run here: the root's postinstall applies patches/ to the build tree (a patched package is
# bundled from there), and no production dependency has an allowed install script.
FROM ${NODE_IMAGE} AS server-deps
ARG SERVICE
ARG NPM_CONFIG_REGISTRY
WORKDIR /app
COPY --from=manifests /out/ ./
RUN --mount=type=secret,id=build_ca --mount=type=cache,id=act-npm,target=/root/.npm \
    if [ -s /run/secrets/build_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/build_ca; fi \
 && ws="${SERVICE:+services/${SERVICE}}" && ws="${ws:-gateway}" \
 && npm ci --omit=dev --workspace "${ws}" --include-workspace-root=false --ignore-scripts --prefer-offline --no-fund --no-audit \
 && rm -rf node_modules/@act \
 && mkdir -p "/prod/${ws}/node_modules" \
 && mv node_modules /prod/node_modules \
 && if [ -d "${ws}/node_modules" ]; then cp -a "${ws}/node_modules/." "/prod/${ws}/node_modules/"; fi \
 && cp "${ws}/package.json" "/prod/${ws}/"

# Its compiled entry: dist/main.js (and any worker entry), source maps, and the SQL migrations beside them.
FROM source AS server-build
ARG SERVICE
RUN ws="${SERVICE:+services/${SERVICE}}" && ws="${ws:-gateway}" \
 && test -f "${ws}/src/main.ts" \
 && npm run build --workspace "${ws}" \
 && mkdir -p "/prod/${ws}" && cp -a "${ws}/dist" "/prod/${ws}/dist"

FROM ${NODE_IMAGE} AS service
ARG SERVICE
RUN test -n "${SERVICE}"
WORKDIR /app
COPY --from=server-deps /prod/ ./
COPY --from=server-build /prod/ ./
WORKDIR /app/services/${SERVICE}
# Identity keeps its signing keys here (IDENTITY_KEYS_DIR under compose): owned by the image's user, so a named
# volume mounted on it starts with that owner and identity can write the keys it generates on first start.
RUN if [ "${SERVICE}" = identity ]; then install -d -o node -g node -m 0700 /var/lib/act/identity-keys; fi
ENV NODE_ENV=production HOST=0.0.0.0 SERVICE=${SERVICE}
# glibc's allocator: two arenas, freed memory handed back; without them libvips' freed buffers stay resident and the
# upload guard refuses large bodies (docs/limits.md#native-memory; the same values as dev-infra's NATIVE_MEMORY_ENV).
ENV MALLOC_ARENA_MAX=2 MALLOC_TRIM_THRESHOLD_=131072
USER node
# Probes answer on OPS_PORT only (set per service by docker-compose and k8s: the service port + 1000).
HEALTHCHECK --interval=10s --timeout=10s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.OPS_PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "dist/main.js"]

# One remote, built alone from its workspace (`npm run build -w remotes/<family>`, plus its precompressed .gz/.br
# copies), as a static bundle.
FROM source AS remote-build
ARG REMOTE
RUN test -n "${REMOTE}" && test -f "remotes/${REMOTE}/rsbuild.config.ts"
RUN node scripts/build.mjs --force "remotes/${REMOTE}"

# Its server: nginx as an unprivileged user (uid 101) with scripts/docker/remote.conf.template (CORS for the shell's
# origin, no-cache on the manifest, immutable hashed files, /healthz). The bundle sits at /remotes/<family>/, as the
# gateway and the Ingress serve it. SHELL_ORIGIN is the shell's public origin (compose and k8s set it).
FROM ${NGINX_IMAGE} AS remote
ARG REMOTE
ENV PORT=8080 STATIC_ROOT=/usr/share/nginx/html SHELL_ORIGIN=http://localhost:8080
# The entrypoint renders templates/default.conf.template over the image's own conf.d/default.conf at start.
COPY scripts/docker/remote.conf.template /etc/nginx/templates/default.conf.template
COPY --from=remote-build /app/remotes/${REMOTE}/dist /usr/share/nginx/html/remotes/${REMOTE}
USER 101
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD wget -q -O /dev/null http://127.0.0.1:8080/healthz || exit 1

FROM ${NODE_IMAGE} AS gateway
WORKDIR /app
COPY --from=server-deps /prod/ ./
COPY --from=server-build /prod/ ./
COPY --from=frontend /app/shell/dist ./shell/dist
WORKDIR /app/gateway
# /remotes.json comes from the environment: REMOTES_CONFIG (k8s's ConfigMap) or REMOTE_<FAMILY>_URL (compose).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 OPS_PORT=9080 STATIC_DIR=/app/shell/dist
USER node
# 8080 is public; 9080 (probes, metrics) is for the orchestrator and Prometheus only.
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=10s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:9080/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "dist/main.js"]
