// Which client types may pick which model (a manager sets it in school
// administration, server/modules/admin). Applied to what a person picks
// freely: the model list, a chat's model and the models compared. A course's
// or an assistant's model is its teacher's choice and is not checked here.
import type { ServerContext } from '../../context.js';
import type { ClientType } from '../../db/schema.js';
import { forbidden } from '../../http/errors.js';

export function checkModelChoice(ctx: ServerContext, clientType: ClientType, names: ReadonlyArray<string | undefined>): void {
  for (const name of names) {
    // Models not offered at all are left to the chat's own check (400 with what to do).
    if (name && ctx.ai.models.some((m) => m.name === name) && !ctx.ai.mayUse(name, clientType)) {
      throw forbidden(`当前身份不能使用模型 ${name}，请重新选择`);
    }
  }
}

/** The names a chat body picks (model and compared models). */
export function pickedModels(body: { model?: string; models?: ReadonlyArray<{ model: string }> }): Array<string | undefined> {
  return [body.model, ...(body.models ?? []).map((m) => m.model)];
}
