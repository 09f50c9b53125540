// The one paid call that creates a task upstream, guarded so a job is never
// submitted twice: marked 'sending' first; an answer with an error means
// nothing was created (the job may retry); no answer at all (timeout, a
// connection dropped after sending) means the outcome is unknown, so the job
// fails saying so rather than sending again.
import { GenerationError, type JobTools } from './kinds.js';
import { ProviderUnreachable } from './provider-http.js';

export const CREATE_UNKNOWN_MESSAGE = '模型服务未及时确认是否已收到任务；为避免重复扣费，该任务已停止，请稍后重新生成';

export async function guardedCreate<T>(tools: JobTools, create: () => Promise<T>): Promise<T> {
  await tools.beginCreate();
  try {
    return await create();
  } catch (error) {
    if (tools.signal.aborted) throw error;
    const answered = error instanceof GenerationError && !(error instanceof ProviderUnreachable && error.maybeSent);
    if (!answered) throw new GenerationError(CREATE_UNKNOWN_MESSAGE);
    await tools.createRefused();
    throw error;
  }
}
