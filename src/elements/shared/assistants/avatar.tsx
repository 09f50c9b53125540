import { isImageUrl } from '../../../../shared/image-url'

/**
 * An assistant's picture: the uploaded image or http(s) address the server
 * accepted, otherwise its first character on a colour picked from its id (so
 * the same assistant always looks the same).
 */
const HUES = [199, 262, 152, 24, 338, 45, 188, 221]

function hueOf(id: string): number {
  let hash = 0
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return HUES[hash % HUES.length]!
}

export function Avatar({ id, title, src, size = 44 }: { id: string; title: string; src?: string; size?: number }) {
  const style = { width: `${size}px`, height: `${size}px`, fontSize: `${Math.round(size * 0.42)}px` }
  // Only what the server accepts as a picture (the same rule); anything else falls back to the initial.
  if (src && isImageUrl(src)) return <img className="avatar" src={src} alt="" style={style} referrerPolicy="no-referrer" />
  const hue = hueOf(id)
  return (
    <span
      className="avatar"
      aria-hidden="true"
      style={{ ...style, background: `linear-gradient(135deg, hsl(${hue} 85% 62%), hsl(${(hue + 28) % 360} 80% 52%))` }}>
      {Array.from(title.trim())[0] ?? '?'}
    </span>
  )
}

export const avatarCss = `
.avatar {
  display: inline-grid; place-items: center; flex: none; border-radius: 14px; object-fit: cover;
  color: #fff; font-weight: 700; line-height: 1; user-select: none;
  box-shadow: inset 0 0 0 1px rgba(255, 255, 255, 0.18);
}
`
