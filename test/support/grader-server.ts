// A test server whose only language model is the stub, answering with
// `reply`: what the AI grading tests of evaluations start from.
import { startTestServer, type TestServer } from './server.js';
import { startStubLlm, type StubLlm } from './stub-llm.js';

export async function startGraderServer(reply: (body: Record<string, any>) => string): Promise<{ stub: StubLlm; server: TestServer }> {
  const stub = await startStubLlm({ reply });
  const server = await startTestServer({ env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_MODELS: 'stub-grader', ZX_BUILTIN: 'on' } });
  return { stub, server };
}
