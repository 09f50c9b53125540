import { useStore } from '@nanostores/react'
import { lazy, Suspense, useEffect, useLayoutEffect } from 'react'
import { AreaView } from './components/area-view'
import { $view, type View } from './guard'
import { BoardLayout } from './layouts/board-layout'
import { ShellLayout } from './layouts/shell-layout'
import { ErrorPage } from './pages/error-page'
import { LoginPage } from './pages/login-page'

// Pages reached only after signing in load with their words (the quota wallet,
// the administrator's password words): /login's first load carries neither.
const ProfilePage = lazy(() => import('./pages/profile-page').then(module => ({ default: module.ProfilePage })))
// The agreement is linked from /login, not shown there: it comes when opened.
const AgreementPage = lazy(() => import('./pages/agreement-page').then(module => ({ default: module.AgreementPage })))
const ChangePasswordPage = lazy(() => import('./pages/change-password-page').then(module => ({ default: module.ChangePasswordPage })))

function Content({ view }: { view: View }) {
  const { page, record } = view
  switch (record.view) {
    case 'login':
      return <LoginPage page={page} />
    case 'agreement':
      return <AgreementPage page={page} />
    case 'notFound':
      return <ErrorPage status={404} />
    case 'profile':
      return <ProfilePage />
    case 'changePassword':
      return <ChangePasswordPage page={page} />
    case 'serverError':
      return <ErrorPage status={500} retryPath={page.search.from} />
    default:
      return <AreaView area={record.view} page={page} />
  }
}

/** The host app: whatever the guard let through, in its layout. */
export function App() {
  const view = useStore($view)

  // index.html's boot spinner goes in the same frame as the first page: before paint, so no blank frame between.
  useLayoutEffect(() => {
    if (view) document.getElementById('zx-boot')?.remove()
  }, [view])

  // SPEC §2: each route change starts at the top.
  useEffect(() => {
    window.scrollTo(0, 0)
    document.getElementById('zx-content')?.scrollTo(0, 0)
  }, [view?.page.path])

  if (!view) return null
  const content = (
    <Suspense fallback={null}>
      <Content view={view} />
    </Suspense>
  )
  const { layout, fullPage = false } = view.record
  if (layout === 'main' || layout === 'student') {
    return (
      <ShellLayout variant={layout} path={view.page.path} fullPage={fullPage}>
        {content}
      </ShellLayout>
    )
  }
  if (layout === 'board') return <BoardLayout>{content}</BoardLayout>
  return content
}
