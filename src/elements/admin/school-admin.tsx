import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { $adminMessages, $ltiMessages, $safetyMessages, $signonMessages } from '../../i18n'
import type { ElementProps } from '../shared/define-element'
import { TabBar } from '../shared/ui'
import { ClassesPanel } from './classes-panel'
import { LtiPanel } from './lti-panel'
import { ModelsPanel } from './models-panel'
import { PeoplePanel } from './people-panel'
import { SafetyPanel } from './safety-panel'
import { SignonPanel } from './signon-panel'
import { SitePanel } from './site-panel'

export type SchoolAdminProps = ElementProps

type Tab = 'people' | 'classes' | 'models' | 'safety' | 'signon' | 'lti' | 'site'

/** `<zx-school-admin>`: the parts of school administration, one tab each. */
export function SchoolAdmin(_props: SchoolAdminProps) {
  const t = useStore($adminMessages)
  const safety = useStore($safetyMessages)
  const signon = useStore($signonMessages)
  const lti = useStore($ltiMessages)
  const [tab, setTab] = useState<Tab>('people')
  const tabs: Record<Tab, string> = {
    people: t.tabPeople,
    classes: t.tabClasses,
    models: t.tabModels,
    safety: safety.tab,
    signon: signon.tab,
    lti: lti.tab,
    site: t.tabSite,
  }
  return (
    <div className="school-admin" part="base">
      <h2 className="title" part="header">
        {t.title}
      </h2>
      <TabBar tabs={tabs} active={tab} onSelect={setTab} testIdPrefix="admin-tab-" />
      <div role="tabpanel" part="body">
        {tab === 'people' ? (
          <PeoplePanel />
        ) : tab === 'classes' ? (
          <ClassesPanel />
        ) : tab === 'models' ? (
          <ModelsPanel />
        ) : tab === 'safety' ? (
          <SafetyPanel />
        ) : tab === 'signon' ? (
          <SignonPanel />
        ) : tab === 'lti' ? (
          <LtiPanel />
        ) : (
          <SitePanel />
        )}
      </div>
    </div>
  )
}

export const schoolAdminCss = `
:host { display: block; }
.school-admin { display: flex; flex-direction: column; gap: 16px; padding: 4px 0 32px; }
.title { margin: 0; font-size: 20px; }
.panel { display: flex; flex-direction: column; gap: 16px; }
.toolbar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.toolbar .input { width: auto; min-width: 180px; flex: 1 1 200px; }
.card { border: 1px solid var(--_border); border-radius: 12px; padding: 16px; display: flex; flex-direction: column; gap: 12px; background: var(--_bg-elevated); }
.card h3 { margin: 0; font-size: 16px; }
.muted { color: var(--_text-muted); font-size: 13px; margin: 0; line-height: 1.6; }
.table-wrap { overflow-x: auto; }
table { width: 100%; border-collapse: collapse; font-size: 14px; }
th, td { text-align: left; padding: 8px 10px; border-bottom: 1px solid var(--_border); vertical-align: top; }
th { color: var(--_text-muted); font-weight: 500; white-space: nowrap; }
td .actions { display: flex; gap: 4px; flex-wrap: wrap; }
td.actions-cell { width: 1%; white-space: nowrap; }
.badges { display: flex; gap: 4px; flex-wrap: wrap; }
.problems { margin: 0; padding-left: 20px; color: var(--_danger); font-size: 13px; line-height: 1.7; }
.ok { color: var(--_success, #1a7f37); font-size: 13px; margin: 0; }
.error { color: var(--_danger); font-size: 13px; margin: 0; }
.secret { font-family: ui-monospace, monospace; font-size: 20px; letter-spacing: 1px; padding: 10px 12px; border-radius: 8px; background: var(--_bg-subtle); user-select: all; word-break: break-all; }
.row { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; }
.checks { display: flex; gap: 12px; flex-wrap: wrap; font-size: 14px; }
.checks label { display: inline-flex; gap: 4px; align-items: center; }
.pager { display: flex; gap: 8px; align-items: center; justify-content: flex-end; font-size: 13px; color: var(--_text-muted); }
.grid-2 { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 16px; }
.signon-result { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; margin: 0; font-size: 14px; }
.signon-result dt { color: var(--_text-muted); }
.signon-result dd { margin: 0; word-break: break-word; }
.logo-preview { height: 40px; max-width: 200px; object-fit: contain; }
.tool-urls { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0; font-size: 14px; }
.tool-urls dt { color: var(--_text-muted); }
.tool-urls dd { margin: 0; font-family: ui-monospace, monospace; word-break: break-all; user-select: all; }
@media (max-width: 640px) {
  th.optional, td.optional { display: none; }
  .toolbar .input { min-width: 0; }
  td.actions-cell { width: 100%; white-space: normal; }
  .tool-urls { grid-template-columns: 1fr; }
}
`
