# syntax=docker/dockerfile:1.7
# query-service: build from the repository root:
#   docker build -f deploy/docker/query-service.Dockerfile -t planwerk/query-service .
FROM node:22-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY events/package.json events/
COPY platform/package.json platform/
COPY projector/package.json projector/
COPY command-service/package.json command-service/
COPY query-service/package.json query-service/
COPY deploy/embedded/package.json deploy/embedded/
COPY frontend/package.json frontend/
RUN npm install --no-audit --no-fund --workspace events --workspace platform --workspace projector --workspace query-service
COPY events events
COPY platform platform
COPY projector projector
COPY query-service query-service
# tsc -b follows the project references, so events, platform and projector (read-model tables) are built first.
RUN npx tsc -b query-service

FROM node:22-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY events/package.json events/
COPY platform/package.json platform/
COPY projector/package.json projector/
COPY command-service/package.json command-service/
COPY query-service/package.json query-service/
COPY deploy/embedded/package.json deploy/embedded/
COPY frontend/package.json frontend/
RUN npm install --omit=dev --no-audit --no-fund --workspace events --workspace platform --workspace projector --workspace query-service \
  && npm cache clean --force
COPY --from=build /app/events/dist events/dist
COPY --from=build /app/platform/dist platform/dist
COPY --from=build /app/projector/dist projector/dist
COPY --from=build /app/query-service/dist query-service/dist
USER node
ENV PORT=3002
EXPOSE 3002
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3002/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "query-service/dist/main.js"]
