// A fake OpenAI-compatible model in its own process (the server tests' fake): answers every request
// with FAKE_MODEL_REPLY, prints its URL on the first line, and stops on SIGTERM. Used by e2e.mjs.
import { startFakeLlm } from '../apps/server/test/fake-llm-server.ts';

const fake = await startFakeLlm();
fake.fallback = { text: [process.env.FAKE_MODEL_REPLY ?? 'OK'] };
console.log(fake.url);
process.on('SIGTERM', () => {
  void fake.close().then(() => process.exit(0));
});
