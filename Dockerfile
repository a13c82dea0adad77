# Vecindad: one image for the server and the worker (docker-compose.yml runs both).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --include=dev
COPY . .
# The client, and the server, worker, scripts and migrations compiled to JavaScript (dist/app).
RUN npm run build
EXPOSE 3000
CMD ["node", "dist/app/server/index.js"]
