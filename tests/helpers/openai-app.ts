// A test app staging on the openai engine against the fake OpenAI server (real SDK, real worker pool):
// the setup the engine-health and the staging API tests on a remote engine share.
import { openAIEngineEnv, startFakeOpenAI, type FakeOpenAI } from '#tests/fakes/openai-server.ts';
import { createTestContext, type TestContext } from './context.ts';

export interface OpenAIApp {
  fake: FakeOpenAI;
  t: TestContext;
  /** Closes the app, then the fake. */
  close(): Promise<void>;
}

/** A fresh fake and an app on a fresh database whose engine is openai at that fake; `env` adds to it. */
export async function startOpenAIApp(env: Record<string, string> = {}): Promise<OpenAIApp> {
  const fake = await startFakeOpenAI();
  try {
    const t = await createTestContext({
      ...openAIEngineEnv(fake),
      ...env,
    });
    return {
      fake,
      t,
      close: async () => {
        await t.close();
        await fake.close();
      },
    };
  } catch (err) {
    await fake.close();
    throw err;
  }
}
