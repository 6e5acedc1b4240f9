# The Ssaem image for docs/DEPLOYMENT.md: the API (node apps/server/src/main.ts), the worker
# (node apps/server/src/worker.ts) and migrations (node apps/server/src/cli/migrate.ts).
FROM node:24-bookworm-slim
# Korean and English OCR models for image uploads; ffmpeg for mp4 meeting recordings.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tesseract-ocr-kor tesseract-ocr-eng ffmpeg \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev --workspaces --include-workspace-root
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
EXPOSE 3000
USER node
CMD ["node", "apps/server/src/main.ts"]
