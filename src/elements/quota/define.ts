import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { redeemFormCss } from '../shared/redeem-form'
import { kitCss } from '../shared/ui'
import { QuotaAdmin, quotaAdminCss, type QuotaAdminProps } from './quota-admin'
import { QuotaWallet, quotaCss, type QuotaWalletProps } from './wallet'

/**
 * The quota bundle (/elements/quota.js):
 * - `<zx-quota-wallet>` (no attributes): a person's credits in the profile —
 *   balance, redeem a code, buy a package (QR code, Alipay page or transfer),
 *   history and orders. Emits nothing.
 * - `<zx-quota-admin>` (no attributes): managers' allowances, prices, use,
 *   redemption code batches, packages and orders.
 */
const css = [kitCss, redeemFormCss, quotaCss].join('\n')
/**
 * A person's credits in the profile: balance, redeem a code, buy a package,
 * history and orders. No attributes.
 * @tag zx-quota-wallet
 * @csspart base - the whole wallet
 * @csspart header - the title
 * @csspart body - the balance and its facts
 * @csspart actions - the redeem form and Buy
 */
defineZxElement<QuotaWalletProps>('zx-quota-wallet', QuotaWallet, { css })
/**
 * Managers' allowances, prices, use, redemption code batches, packages and
 * orders. No attributes.
 * @tag zx-quota-admin
 * @csspart base - the whole page
 * @csspart header - the title
 * @csspart body - the open tab
 * @csspart actions - the open tab's form or toolbar
 */
defineZxElement<QuotaAdminProps>('zx-quota-admin', QuotaAdmin, { css: [css, quotaAdminCss].join('\n') })
