// What the people routes answer, as compiled response schemas: a field not
// listed here (a password hash, a token) is never sent, whatever the
// service returns.
import { Type } from 'typebox';

const ClientType = Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3')]);

/** An account as a manager sees it (Person in people-service.ts). */
export const PersonSchema = Type.Object({
  id: Type.String(),
  username: Type.String(),
  name: Type.String(),
  nickname: Type.String(),
  clientTypes: Type.Array(ClientType),
  admin: Type.Boolean(),
  disabled: Type.Boolean(),
  mustChangePassword: Type.Boolean(),
  menus: Type.Union([Type.String(), Type.Null()]),
  classes: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  email: Type.String(),
  number: Type.String(),
  createdAt: Type.Number(),
});

export const PeoplePageSchema = Type.Object({ items: Type.Array(PersonSchema), total: Type.Number() });

/** A new account or a reset password: the one-time password, shown to the manager once. */
export const PersonWithPasswordSchema = Type.Object({ person: PersonSchema, oneTimePassword: Type.String() });
