/**
 * On phones the floating panel is full screen. When the on-screen keyboard
 * opens, the layout viewport does not shrink on every browser (iOS Safari),
 * so the panel follows the visual viewport instead: its box becomes the part
 * of the page the visitor can see (also on pages wider than the phone), and the question box
 * stays just above the keyboard. Only the panel's own box is touched.
 */
const PHONE = '(max-width: 640px)'

export function followVisualViewport(box: HTMLElement): () => void {
  const viewport = window.visualViewport
  if (!viewport) return () => undefined
  const phone = matchMedia(PHONE)
  const update = () => {
    if (phone.matches) {
      box.style.setProperty('--zx-vh', `${Math.round(viewport.height)}px`)
      box.style.setProperty('--zx-vt', `${Math.round(viewport.offsetTop)}px`)
      box.style.setProperty('--zx-vw', `${Math.round(viewport.width)}px`)
      box.style.setProperty('--zx-vl', `${Math.round(viewport.offsetLeft)}px`)
    } else {
      for (const name of ['--zx-vh', '--zx-vt', '--zx-vw', '--zx-vl']) box.style.removeProperty(name)
    }
  }
  viewport.addEventListener('resize', update)
  viewport.addEventListener('scroll', update)
  phone.addEventListener('change', update)
  update()
  return () => {
    viewport.removeEventListener('resize', update)
    viewport.removeEventListener('scroll', update)
    phone.removeEventListener('change', update)
  }
}
