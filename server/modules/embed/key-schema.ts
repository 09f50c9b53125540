// What the owner's embed-key routes answer, as compiled response schemas: a
// field not listed here is never sent (the secret's hash, the owner's id).
import { Type } from 'typebox';

const Limits = Type.Object({
  visitorDailyMessages: Type.Number(),
  visitorDailyTokens: Type.Number(),
  dailyMessages: Type.Number(),
  dailyTokens: Type.Number(),
});

/** An embed key as its owner sees it (KeyView in keys.ts); `secret` only right after it was made. */
export const KeySchema = Type.Object({
  key: Type.String(),
  name: Type.String(),
  assistantId: Type.String(),
  assistant: Type.Union([Type.Object({ title: Type.String(), avatar: Type.String() }), Type.Null()]),
  origins: Type.Array(Type.String()),
  hostedPages: Type.Boolean(),
  visitors: Type.Union([Type.Literal('anonymous'), Type.Literal('signed'), Type.Literal('any')]),
  hasSecret: Type.Boolean(),
  limits: Limits,
  enabled: Type.Boolean(),
  today: Type.Object({ messages: Type.Number(), tokens: Type.Number(), visitors: Type.Number() }),
  createTime: Type.Number(),
  updateTime: Type.Number(),
  secret: Type.Optional(Type.String()),
});

/** A new identity secret, shown once. */
export const SecretSchema = Type.Object({ secret: Type.String() });
