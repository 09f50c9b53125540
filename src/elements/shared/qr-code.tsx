import qrcode from 'qrcode-generator'
import { useMemo } from 'react'

export interface QrCodeProps {
  /** What the code holds (a URL). */
  text: string
  /** Its accessible name. */
  label: string
  testId?: string
  className?: string
}

/** `text` as an SVG QR code (qrcode-generator draws it; nothing leaves the page). */
export function QrCode({ text, label, testId, className = 'qr' }: QrCodeProps) {
  const svg = useMemo(() => {
    const qr = qrcode(0, 'M')
    qr.addData(text)
    qr.make()
    return qr.createSvgTag({ cellSize: 5, margin: 2, scalable: true })
  }, [text])
  return <div className={className} role="img" aria-label={label} data-testid={testId} data-code-url={text} dangerouslySetInnerHTML={{ __html: svg }} />
}
