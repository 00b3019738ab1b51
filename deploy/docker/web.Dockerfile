# syntax=docker/dockerfile:1.7
# The console behind nginx, which also routes /v5 (deploy/nginx/planwerk.conf):
#   docker build -f deploy/docker/web.Dockerfile -t planwerk/web .
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
RUN npm install --no-audit --no-fund --include-workspace-root --workspace events --workspace frontend
# The console imports the browser-safe constants from events/src/constants.
COPY events events
COPY frontend frontend
COPY deploy/docker/inject-version-meta.ts deploy/docker/
RUN npm run build -w frontend \
  && npx tsx deploy/docker/inject-version-meta.ts frontend/dist/index.html

FROM nginx:1.27-alpine AS runtime
COPY deploy/nginx/planwerk.conf /etc/nginx/templates/default.conf.template
COPY --from=build /app/frontend/dist /usr/share/nginx/html
# Upstreams are set per environment (compose: service names; k8s: Service names).
# NGINX_REAL_IP_FROM: the proxy in front of nginx whose X-Forwarded-For is believed (one CIDR).
ENV COMMAND_SERVICE_ADDR=command-service:3001 \
    QUERY_SERVICE_ADDR=query-service:3002 \
    NGINX_REAL_IP_FROM=127.0.0.1 \
    NGINX_ENVSUBST_FILTER=_SERVICE_ADDR$|^NGINX_REAL_IP_FROM$
EXPOSE 80
