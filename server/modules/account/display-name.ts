/**
 * The name a person goes by everywhere they appear (course teachers, class
 * teachers, assistant authors): the nickname they chose in their profile,
 * else the name the school gave the account. One rule, so a changed
 * nickname shows the same in AI apps and in courses.
 */
export function displayName(user: { nickname: string | null; name: string }): string {
  return user.nickname?.trim() || user.name;
}
