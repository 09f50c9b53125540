import { useStore } from '@nanostores/react'
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { $menuMessages, $phoneMessages, $shellMessages } from '../../i18n'
import { $session } from '../../stores/auth'
import { $appSetting, setSiderCollapsed } from '../../stores/settings'
import { AlertsBell } from '../components/alerts-bell'
import { Avatar } from '../components/avatar'
import { ThemeCycleButton } from '../components/preferences'
import { MoreSheet } from '../components/more-sheet'
import { SignOutButton } from '../components/sign-out-button'
import { useIsMobile } from '../hooks'
import { Icon } from '../icons'
import { activeMenuId, visibleMenu } from '../menu'
import { navigate } from '../router'
import { shellLogos } from './shell-logos'
import { ZX_EVENTS } from '../../elements/shared/events'

// Opened by a click: its sections (the quota wallet, phone binding) load then,
// not with every page's first load.
const ProfileDialog = lazy(() => import('../components/profile-dialog').then(module => ({ default: module.ProfileDialog })))

/** Menu entries the phone bottom bar shows; the rest go in its "more" sheet (five slots fit 375px). */
export const TABBAR_ITEMS = 4

/**
 * Main and student layouts (SPEC §2): an 80px sidebar rail with the menu,
 * and the content beside it. Below 640px the rail becomes a top bar plus a
 * bottom tab bar of at most four entries and "more" (the other entries, the
 * profile page and sign-out); the avatar opens /profile, not the dialog.
 */
export function ShellLayout({ variant, path, fullPage, children }: { variant: 'main' | 'student'; path: string; fullPage: boolean; children: ReactNode }) {
  const session = useStore($session)
  const setting = useStore($appSetting)
  const menu = useStore($menuMessages)
  const t = useStore($shellMessages)
  const phone = useStore($phoneMessages)
  const mobile = useIsMobile()
  const [profileOpen, setProfileOpen] = useState(false)
  const [moreOpen, setMoreOpen] = useState(false)

  // An element asks for the wallet (the chat's "out of credits" notice): the
  // profile dialog on desktop, the /profile page on phones.
  useEffect(() => {
    const open = () => (mobile ? navigate('/profile') : setProfileOpen(true))
    document.addEventListener(ZX_EVENTS.openWallet, open)
    return () => document.removeEventListener(ZX_EVENTS.openWallet, open)
  }, [mobile])

  const student = variant === 'student'
  const items = visibleMenu(session)
  const active = activeMenuId(items, path)
  const collapsed = setting.siderCollapsed && !mobile
  const { textLogo, siteTitle } = setting.baseInfo
  const logos = shellLogos(setting.baseInfo, { student, mobile, fullPage })

  const link = (item: (typeof items)[number]) => (
    <a
      key={item.id}
      href={item.path}
      className="zx-menu-link"
      data-menu-id={item.id}
      aria-current={item.id === active ? 'page' : undefined}
      title={menu[item.label]}>
      <Icon name={item.icon} student={student} />
      <span className="zx-menu-label">{menu[item.label]}</span>
    </a>
  )
  const links = items.map(link)

  return (
    <div
      className="zx-shell"
      data-layout={variant}
      data-collapsed={collapsed || undefined}
      data-mobile={mobile || undefined}
      data-full-page={fullPage || undefined}>
      {mobile ? (
        <header className="zx-topbar">
          <img className="zx-logo" src={logos.bar} alt={siteTitle || t.logoAlt} />
          {/* A student text logo already carries the name. */}
          <span className="zx-topbar-title">{student && textLogo ? null : siteTitle}</span>
          <AlertsBell />
          <ThemeCycleButton />
          <a className="zx-avatar-static" href="/profile" data-testid="avatar" aria-label={phone.profilePage} title={phone.profilePage}>
            <Avatar src={session?.avatar} alt={t.avatarAlt} size={32} />
          </a>
          <SignOutButton className="zx-icon-button" iconOnly />
        </header>
      ) : (
        <aside className="zx-sidebar" hidden={collapsed}>
          <a className="zx-logo-link" href="/course/dialogue">
            <img className="zx-logo" src={logos.bar} alt={siteTitle || t.logoAlt} />
          </a>
          <nav className="zx-menu" aria-label={t.mainNavigation}>
            {links}
          </nav>
          <div className="zx-sidebar-footer">
            <AlertsBell />
            <ThemeCycleButton />
            <button
              type="button"
              className="zx-icon-button"
              aria-label={t.collapse}
              title={t.collapse}
              onClick={() => setSiderCollapsed(true)}
              data-testid="sider-collapse">
              <Icon name="sidebarCollapse" />
            </button>
            <button
              type="button"
              className="zx-avatar-button"
              aria-label={t.profile}
              title={t.profile}
              data-testid="avatar"
              onClick={() => setProfileOpen(true)}>
              <Avatar src={session?.avatar} alt={t.avatarAlt} size={40} />
            </button>
          </div>
        </aside>
      )}
      {collapsed ? (
        <button
          type="button"
          className="zx-icon-button zx-expand"
          aria-label={t.expand}
          title={t.expand}
          onClick={() => setSiderCollapsed(false)}
          data-testid="sider-expand">
          <Icon name="sidebarExpand" />
        </button>
      ) : null}
      <main className="zx-content" id="zx-content">
        {logos.brand ? (
          <header className="zx-brand-bar">
            <img className="zx-text-logo" src={logos.brand} alt={siteTitle || t.logoAlt} />
          </header>
        ) : null}
        <div className="zx-page">{children}</div>
      </main>
      {mobile ? (
        <nav className="zx-tabbar" aria-label={t.mainNavigation}>
          {items.slice(0, TABBAR_ITEMS).map(link)}
          <button
            type="button"
            className="zx-menu-link"
            data-testid="more-button"
            aria-haspopup="dialog"
            aria-expanded={moreOpen}
            // The page shown is one of the sheet's entries (or the profile): "more" lights up instead.
            data-current={(active && !items.slice(0, TABBAR_ITEMS).some(item => item.id === active)) || path === '/profile' || undefined}
            onClick={() => setMoreOpen(true)}>
            <Icon name="menuMore" />
            <span className="zx-menu-label">{phone.more}</span>
          </button>
        </nav>
      ) : null}
      {mobile && moreOpen ? <MoreSheet links={items.slice(TABBAR_ITEMS).map(link)} onClose={() => setMoreOpen(false)} /> : null}
      {profileOpen && !mobile ? (
        <Suspense fallback={null}>
          <ProfileDialog onClose={() => setProfileOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  )
}
