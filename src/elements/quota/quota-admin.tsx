import { useStore } from '@nanostores/react'
import { useState, type ReactNode } from 'react'
import { $quotaMessages } from '../../i18n'
import type { ElementProps } from '../shared/define-element'
import { TabBar } from '../shared/ui'
import { AllowancesPanel } from './allowances-panel'
import { CodesPanel } from './codes-panel'
import { OrdersPanel } from './orders-panel'
import { PackagesPanel } from './packages-panel'
import { PricesPanel } from './prices-panel'
import { UsagePanel } from './usage-panel'

export type QuotaAdminProps = ElementProps

type Tab = 'allowances' | 'prices' | 'usage' | 'codes' | 'packages' | 'orders'

/** `<zx-quota-admin>` (no attributes): managers' AI credits administration, one tab per part. */
export function QuotaAdmin(_props: QuotaAdminProps) {
  const t = useStore($quotaMessages)
  const [tab, setTab] = useState<Tab>('allowances')
  const tabs: Record<Tab, string> = {
    allowances: t.tabAllowances,
    prices: t.tabPrices,
    usage: t.tabUsage,
    codes: t.tabCodes,
    packages: t.tabPackages,
    orders: t.tabOrders,
  }
  const panels: Record<Tab, () => ReactNode> = {
    allowances: () => <AllowancesPanel />,
    prices: () => <PricesPanel />,
    usage: () => <UsagePanel />,
    codes: () => <CodesPanel />,
    packages: () => <PackagesPanel />,
    orders: () => <OrdersPanel />,
  }
  return (
    <div className="quota-admin" part="base" data-testid="quota-admin">
      <h2 className="title" part="header">
        {t.adminTitle}
      </h2>
      <TabBar tabs={tabs} active={tab} onSelect={setTab} testIdPrefix="quota-tab-" />
      <div role="tabpanel" part="body">
        {panels[tab]()}
      </div>
    </div>
  )
}

export const quotaAdminCss = `
.quota-admin { display: flex; flex-direction: column; gap: 16px; padding: 4px 0 32px; }
.title { margin: 0; font-size: 20px; }
.panel { display: flex; flex-direction: column; gap: 16px; }
.toolbar, .segmented, .row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.row .input { flex: 1 1 140px; min-width: 0; }
.card { border: 1px solid var(--_border); border-radius: 12px; padding: 16px; display: flex; flex-direction: column; gap: 12px; background: var(--_bg-elevated); }
.card h3 { margin: 0; font-size: 16px; }
/* A row of fields from the left, also when the form is itself a .card (a column). */
.form-row { display: flex; flex-direction: row; flex-wrap: wrap; gap: 12px; align-items: flex-end; }
.form-row .field { flex: 1 1 160px; min-width: 0; }
.error { color: var(--_danger); font-size: 13px; margin: 0; }
.table-wrap { overflow-x: auto; }
table { width: 100%; border-collapse: collapse; font-size: 14px; }
th, td { text-align: left; padding: 8px 10px; border-bottom: 1px solid var(--_border); vertical-align: top; }
th { color: var(--_text-muted); font-weight: 500; white-space: nowrap; }
td.actions { white-space: nowrap; display: flex; gap: 4px; flex-wrap: wrap; }
td.muted { color: var(--_text-muted); }
.checks { display: flex; gap: 12px; flex-wrap: wrap; font-size: 14px; align-items: center; }
.checks label { display: inline-flex; gap: 4px; align-items: center; }
.secret { font-family: ui-monospace, monospace; font-size: 14px; padding: 10px 12px; border-radius: 8px; background: var(--_bg-subtle); user-select: all; max-height: 240px; overflow: auto; margin: 0; }
.made { display: flex; flex-direction: column; gap: 8px; }
@media (max-width: 639px) {
  th.optional, td.optional { display: none; }
  .form-row .field { flex-basis: 100%; }
}
`
