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
 * @csspart base - the whole board
 * @csspart header - the title row with the controls
 * @csspart body - the panels of figures and charts
 * @csspart actions - the period, refresh, big screen and export controls
 */
defineZxElement<DataBoardProps>('zx-data-board', DataBoard, { props: { recordsHref: 'string' }, css: [uplotCss, boardCss].join('\n') })
/**
 * The operation records with the hash-chain check. No attributes.
 * @tag zx-operation-records
 * @csspart base - the whole page
 * @csspart header - the title, the chain check and the filters
 * @csspart body - the table of records
 * @csspart actions - the search and the filters
 */
defineZxElement('zx-operation-records', OperationRecords, { css: [stackTableCss, boardCss].join('\n') })
