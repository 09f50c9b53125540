// What the account routes answer, as compiled response schemas: a field
// not listed here is never sent, whatever the service returns (a token's
// id, a password hash), so a new column cannot leak by accident.
import { Type } from 'typebox';

export const ClientTypeSchema = Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3')]);

/** GET and PUT /app/user: who is signed in (Session in service.ts). */
export const SessionSchema = Type.Object({
  id: Type.String(),
  username: Type.String(),
  name: Type.String(),
  nickname: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  clientType: ClientTypeSchema,
  clientTypes: Type.Array(ClientTypeSchema),
  menus: Type.String(),
  admin: Type.Boolean(),
  mustChangePassword: Type.Boolean(),
});

/**
 * POST /app/api/oauth/token: the bearer token, never its stored id. A phone
 * sign-in answers without `mustChangePassword` (the session says it).
 */
export const TokenSchema = Type.Object({
  token: Type.String(),
  expiresIn: Type.Number(),
  mustChangePassword: Type.Optional(Type.Boolean()),
});

/** The teacher switch: a token for the other side. */
export const SwitchSchema = Type.Object({
  token: Type.String(),
  expiresIn: Type.Number(),
  clientType: ClientTypeSchema,
});
