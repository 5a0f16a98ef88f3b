# syntax=docker/dockerfile:1.7
#
# One image, a target per process:
#   docker build --target api        -t mirrorverse-api .
#   docker build --target worker     -t mirrorverse-worker .
#   docker build --target all-in-one -t mirrorverse .      (also the default target)
#
# Debian (glibc), not Alpine: sharp and rolldown load prebuilt glibc binaries from their
# optional packages, and the lockfile was made on glibc.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app

# Only the manifests first, so source edits do not invalidate the npm ci layers.
FROM base AS manifests
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY migrations/package.json migrations/
COPY api/package.json api/
COPY worker/package.json worker/
COPY web/package.json web/

# --ignore-scripts mirrors package.json's allowScripts (npm 11) on the image's npm 10:
# no package needs its install script (native parts come as prebuilt optional packages).
FROM manifests AS deps
RUN --mount=type=cache,target=/root/.npm \
    npm ci --ignore-scripts --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

# The bundles keep npm packages external, so the runtime needs the production tree.
# node_modules/@app/* are symlinks to the workspace folders, hence the manifests above.
FROM manifests AS prod-deps
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --ignore-scripts --no-audit --no-fund

FROM base AS runtime-base
# tini as PID 1: forwards SIGTERM to node (graceful shutdown) and reaps the children
# (ffmpeg, the embedded redis-server) that node spawns.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
# HOST=0.0.0.0: a container is reached through its network interface (the app's default is
# 127.0.0.1, loopback only); publish the port deliberately (docker run -p / compose ports).
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST_DIR=/app/web/dist
# Code stays root-owned (read-only for the app); only DATA_DIR is writable by `node`.
COPY --from=prod-deps /app ./
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
# The web's server bundle: the api draws the home's first screen with it (beside web/dist).
COPY --from=build /app/web/dist-ssr ./web/dist-ssr
# ComfyUI's default workflows (COMFYUI_WORKFLOWS_DIR is relative to /app).
COPY worker/comfyui-workflows ./worker/comfyui-workflows
RUN mkdir -p /data && chown node:node /data
USER node
ENTRYPOINT ["/usr/bin/tini", "--"]

# Global fetch instead of curl/wget, which the slim image lacks.
FROM runtime-base AS api
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/api.js"]

# ffmpeg for the video pipeline. No HTTP port, hence no HEALTHCHECK.
FROM runtime-base AS worker
USER root
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg \
 && rm -rf /var/lib/apt/lists/*
USER node
CMD ["node", "dist/worker.js"]

# Everything in one container on the embedded defaults (PGlite, local media, a redis-server
# child): without REDIS_URL the process starts the machine's redis-server itself; ffmpeg
# because the worker runs in this process too.
# Set JWT_SECRET (>= 32 random chars) when running it: NODE_ENV=production requires it and
# refuses known or guessable values.
FROM runtime-base AS all-in-one
USER root
RUN apt-get update \
 && apt-get install -y --no-install-recommends redis-server ffmpeg \
 && rm -rf /var/lib/apt/lists/*
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/all-in-one.js"]
