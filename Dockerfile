# Tender portal: one image with the API server and the built web app.
#   docker build -t tender-portal .
#   docker run -p 3000:3000 -v portal-data:/data tender-portal                       # embedded database + demo data
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… tender-portal                # PostgreSQL (see compose.yaml)

# ---- build: install everything, build the web app, then drop the dev dependencies ----
FROM node:24-slim AS build
WORKDIR /app
ENV CI=true PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm_config_fund=false npm_config_audit=false
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci
COPY . .
RUN npm run build -w apps/web \
 && npm prune --omit=dev \
 && rm -rf apps/web/src apps/web/node_modules/.vite e2e bench docs .ci

# ---- runtime: Node 24 runs the TypeScript sources directly (type stripping) ----
FROM node:24-slim
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Migrates at start (advisory lock on PostgreSQL), seeds the demo data on an empty embedded database, listens.
CMD ["node", "apps/server/src/main.ts"]
