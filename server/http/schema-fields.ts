// Schema fields every area's requests share. Titles (in Chinese) name the
// field in validation messages a person reads (validation-messages.ts).
import { Type } from 'typebox';

/** An object's id as a request names it. */
export const Id = (title: string) => Type.String({ title, minLength: 1, maxLength: 64 });

/** `/:id` route parameters. */
export const IdParams = Type.Object({ id: Id('编号') });
