import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { uplotCss } from '../shared/charts/uplot-css'
import { stackTableCss } from '../shared/ui'
import { DataBoard, type DataBoardProps } from './data-board'
import { OperationRecords } from './operation-records'
import { boardCss } from './styles'

/**
 * The board bundle (/elements/board.js), client type 2:
 *   <zx-data-board records-href>   the data board (docs/api/board.md)
 *   <zx-operation-records>         the operation records with the chain check
 */
/**
 * The school leader's data board (client type 2): date range, class / major /
 * course filters, the previous period beside each figure, auto-refresh, a
 * big-screen mode, every chart as a table too, XLSX export (docs/api/board.md).
 * @tag zx-data-board
 * @prop {string} recordsHref - where the "operation records" link goes
 */
defineZxElement<DataBoardProps>('zx-data-board', DataBoard, { props: { recordsHref: 'string' }, css: [uplotCss, boardCss].join('\n') })
/**
 * The operation records with the hash-chain check. No attributes.
 * @tag zx-operation-records
 */
defineZxElement('zx-operation-records', OperationRecords, { css: [stackTableCss, boardCss].join('\n') })
