// Pictures users choose (assistant avatars, practice-app icons): one of our
// uploads (served from /new-chat/app/api/file/<id>) or an http(s) address.
// Anything else (javascript:, data:, quotes) is refused before it reaches an <img>.
export const IMAGE_URL_PATTERN = /^(\/new-chat\/app\/api\/file\/[A-Za-z0-9_-]{1,64}|https?:\/\/[^\s"'<>]+)$/u;

export function isImageUrl(value: string): boolean {
  return IMAGE_URL_PATTERN.test(value);
}
