import { useStore } from '@nanostores/react'
import { useState, type ReactNode } from 'react'
import { $menuMessages, $shellMessages } from '../../i18n'
import { $session } from '../../stores/auth'
import { $appSetting, setSiderCollapsed } from '../../stores/settings'
import { Avatar } from '../components/avatar'
import { ThemeCycleButton } from '../components/preferences'
import { ProfileDialog } from '../components/profile-dialog'
import { useIsMobile } from '../hooks'
import { Icon } from '../icons'
import { activeMenuId, visibleMenu } from '../menu'
import { signOutAndLeave } from '../session-actions'

/** Served from src/host-app/public when the site sets no logo. */
export const DEFAULT_LOGO = '/logo.svg'

/**
 * Main and student layouts (SPEC §2): an 80px sidebar rail with the menu,
 * and the content beside it. Below 640px the rail becomes a top bar plus a
 * bottom tab bar, and the avatar no longer opens the profile dialog.
 */
export function ShellLayout({ variant, path, fullPage, children }: { variant: 'main' | 'student'; path: string; fullPage: boolean; children: ReactNode }) {
  const session = useStore($session)
  const setting = useStore($appSetting)
  const menu = useStore($menuMessages)
  const t = useStore($shellMessages)
  const mobile = useIsMobile()
  const [profileOpen, setProfileOpen] = useState(false)

  const student = variant === 'student'
  const items = visibleMenu(session)
  const active = activeMenuId(items, path)
  const collapsed = setting.siderCollapsed && !mobile
  const { siteLogo, textLogo, siteTitle } = setting.baseInfo
  const logoSrc = (student ? textLogo : siteLogo) || siteLogo || DEFAULT_LOGO
  // A text logo (the school's name as a picture) is unreadable squeezed into the
  // 80px rail: on desktop the rail keeps the square logo and the text logo
  // heads the content at a size its letters can be read.
  const brandBar = student && !!textLogo && !mobile && !fullPage
  const railLogo = brandBar ? siteLogo || DEFAULT_LOGO : logoSrc

  const links = items.map(item => (
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
  ))

  return (
    <div className="zx-shell" data-layout={variant} data-collapsed={collapsed || undefined} data-mobile={mobile || undefined} data-full-page={fullPage || undefined}>
      {mobile ? (
        <header className="zx-topbar">
          <img className="zx-logo" src={logoSrc} alt={siteTitle || t.logoAlt} />
          {/* A student text logo already carries the name. */}
          <span className="zx-topbar-title">{student && textLogo ? null : siteTitle}</span>
          <ThemeCycleButton />
          <span className="zx-avatar-static" data-testid="avatar">
            <Avatar src={session?.avatar} alt={t.avatarAlt} size={32} />
          </span>
          <button type="button" className="zx-icon-button" aria-label={t.signOut} title={t.signOut} onClick={() => void signOutAndLeave()}>
            <Icon name="signOut" />
          </button>
        </header>
      ) : (
        <aside className="zx-sidebar" hidden={collapsed}>
          <a className="zx-logo-link" href="/course/dialogue">
            <img className="zx-logo" src={railLogo} alt={siteTitle || t.logoAlt} />
          </a>
          <nav className="zx-menu" aria-label={t.mainNavigation}>
            {links}
          </nav>
          <div className="zx-sidebar-footer">
            <ThemeCycleButton />
            <button type="button" className="zx-icon-button" aria-label={t.collapse} title={t.collapse} onClick={() => setSiderCollapsed(true)} data-testid="sider-collapse">
              <Icon name="collapse" />
            </button>
            <button type="button" className="zx-avatar-button" aria-label={t.profile} title={t.profile} data-testid="avatar" onClick={() => setProfileOpen(true)}>
              <Avatar src={session?.avatar} alt={t.avatarAlt} size={40} />
            </button>
          </div>
        </aside>
      )}
      {collapsed ? (
        <button type="button" className="zx-icon-button zx-expand" aria-label={t.expand} title={t.expand} onClick={() => setSiderCollapsed(false)} data-testid="sider-expand">
          <Icon name="expand" />
        </button>
      ) : null}
      <main className="zx-content" id="zx-content">
        {brandBar ? (
          <header className="zx-brand-bar">
            <img className="zx-text-logo" src={textLogo} alt={siteTitle || t.logoAlt} />
          </header>
        ) : null}
        <div className="zx-page">{children}</div>
      </main>
      {mobile ? (
        <nav className="zx-tabbar" aria-label={t.mainNavigation}>
          {links}
        </nav>
      ) : null}
      {profileOpen && !mobile ? <ProfileDialog onClose={() => setProfileOpen(false)} /> : null}
    </div>
  )
}
