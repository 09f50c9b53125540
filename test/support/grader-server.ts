// A test server whose only language model is the stub, answering with
// `reply`: what the AI grading tests of evaluations start from.
import { startTestServer, type TestServer } from './server.js';
import { startStubLlm, type StubLlm } from './stub-llm.js';

/** The environment of a server whose only language model is `stub`. */
export const graderEnv = (stub: StubLlm) => ({ ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_MODELS: 'stub-grader', ZX_BUILTIN: 'on' });

export async function startGraderServer(reply: (body: Record<string, any>) => string): Promise<{ stub: StubLlm; server: TestServer }> {
  const stub = await startStubLlm({ reply });
  return { stub, server: await startTestServer({ env: graderEnv(stub) }) };
}
