import qrcode from 'qrcode-generator'
import { useMemo } from 'react'

/** A text (a payment code URL, a signing link) as an SVG QR code (qrcode-generator draws it; nothing leaves the page). */
export function QrCode({ text, testId = 'pay-qr' }: { text: string; testId?: string }) {
  const svg = useMemo(() => {
    const qr = qrcode(0, 'M')
    qr.addData(text)
    qr.make()
    return qr.createSvgTag({ cellSize: 5, margin: 2, scalable: true })
  }, [text])
  return <div className="qr" role="img" aria-label={text} data-testid={testId} data-code-url={text} dangerouslySetInnerHTML={{ __html: svg }} />
}
