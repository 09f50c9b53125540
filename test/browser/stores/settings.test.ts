/// <reference types="mocha" />
import { expect, waitUntil } from '@open-wc/testing'
import { $common, $locale } from '../../../src/i18n'
import { applyPageSettings } from '../../../src/host-app/page-settings'
import { $appSetting, defaultAppSetting, reloadAppSetting, setLanguage, setSiderCollapsed, setTheme } from '../../../src/stores/settings'

function stored() {
  return JSON.parse(localStorage.getItem('appSetting')!) as { data: ReturnType<typeof defaultAppSetting>; expire: number | null }
}

describe('app settings (SPEC §3/§4)', () => {
  let stop: () => void
  beforeEach(() => {
    $appSetting.set(defaultAppSetting())
    stop = applyPageSettings()
  })
  afterEach(() => {
    stop()
    $appSetting.set(defaultAppSetting())
    localStorage.removeItem('appSetting')
  })

  it('defaults to the light theme, zh-CN and an open sidebar', () => {
    expect($appSetting.get()).to.include({ theme: 'light', language: 'zh-CN', siderCollapsed: false })
    expect(document.documentElement.dataset.theme).to.equal('light')
  })

  it('applies a theme at once and keeps it, without expiry, across a reload', () => {
    setTheme('dark')
    expect(document.documentElement.dataset.theme).to.equal('dark')
    expect(stored().data.theme).to.equal('dark')
    expect(stored().expire).to.equal(null)

    $appSetting.set(defaultAppSetting()) // forget in memory, as a new page would
    localStorage.setItem('appSetting', JSON.stringify({ data: { ...defaultAppSetting(), theme: 'auto' }, expire: null }))
    reloadAppSetting()
    expect($appSetting.get().theme).to.equal('auto')
    expect(document.documentElement.dataset.theme).to.equal('auto')
  })

  it('switches the language of the interface and the document, never through the base language', async () => {
    expect($common.get().empty).to.equal('暂无数据')
    const shown: string[] = []
    const unlisten = $common.listen(words => shown.push(words.empty))
    try {
      setLanguage('en-US')
      expect($locale.get()).to.equal('en-US')
      expect(document.documentElement.lang).to.equal('en-US')
      expect(stored().data.language).to.equal('en-US')
      // Each language other than zh-CN is a file fetched on first use.
      await waitUntil(() => $common.get().empty === 'No data', 'the English words did not arrive', { timeout: 10_000 })
      setLanguage('ru-RU')
      await waitUntil(() => $common.get().empty === 'Нет данных', 'the Russian words did not arrive', { timeout: 10_000 })
    } finally {
      unlisten()
    }
    // While a language's file loads, the words stay in the language shown.
    expect([...new Set(shown)]).to.deep.equal(['No data', 'Нет данных'])
  })

  it('skips a language change equal to the current one', () => {
    let changes = 0
    const unlisten = $appSetting.listen(() => changes++)
    setLanguage('zh-CN')
    unlisten()
    expect(changes).to.equal(0)
  })

  it('persists the sidebar state', () => {
    setSiderCollapsed(true)
    expect(stored().data.siderCollapsed).to.equal(true)
  })

  it('falls back to en-US for a stored language it does not support', () => {
    localStorage.setItem('appSetting', JSON.stringify({ data: { language: 'fr-FR' }, expire: null }))
    reloadAppSetting()
    expect($appSetting.get().language).to.equal('en-US')
  })

  it('sets the page title from the site title, with the product title as fallback', () => {
    expect(document.title).to.equal('职业院校一站式AI大模型应用服务平台')
    $appSetting.setKey('baseInfo', { siteTitle: '示范学校', siteLogo: '/files/logo.png' })
    expect(document.title).to.equal('示范学校')
    expect(document.querySelector<HTMLLinkElement>('link[rel~="icon"]')!.getAttribute('href')).to.equal('/files/logo.png')
  })
})
