import { useState } from 'react'

/** Served from src/host-app/public; used when the session has no avatar or it fails to load. */
export const DEFAULT_AVATAR = '/avatar.svg'

export function Avatar({ src, alt, size = 40 }: { src?: string; alt: string; size?: number }) {
  const [failed, setFailed] = useState<string>()
  const url = src && failed !== src ? src : DEFAULT_AVATAR
  return <img className="zx-avatar" src={url} alt={alt} width={size} height={size} onError={() => setFailed(src)} draggable={false} />
}
