# syntax=docker/dockerfile:1
# The portal as one image (ADR 032): the SPA is built with every dependency, the runtime stage
# gets production dependencies only and runs as the unprivileged `node` user.
# Build: docker build -t teileportal .     Run several of it behind a proxy: compose.yaml.

ARG NODE_IMAGE=node:20-bookworm-slim

# --- everything the build needs (vite, lingui, babel are runtime dependencies of the build) ---------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# SPA build settings (vite.config.ts): APP_ENV defaults to production for builds; service URLs
# default to paths on the same origin, which is what the proxy in compose.yaml serves.
ARG PORTAL_KIND=workshop
ENV PORTAL_KIND=${PORTAL_KIND}
RUN npm run build

# --- production dependencies only ------------------------------------------------------------------
FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- the runtime ---------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    APP_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    STATIC_DIR=/app/dist \
    DATA_DIR=/app/data
WORKDIR /app
# Owned by root and read-only for the process: only DATA_DIR is writable.
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY server ./server
COPY common ./common
COPY machines ./machines
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000 9464
# Liveness: the process answers and reaches its database. compose.yaml checks readiness instead.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `node` itself is PID 1 (no npm in between), so SIGTERM reaches the server's graceful stop.
CMD ["node", "--import", "tsx", "server/main.ts"]
