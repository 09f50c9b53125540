import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { uplotCss } from '../shared/charts/uplot-css'
import { DataBoard, type DataBoardProps } from './data-board'
import { OperationRecords } from './operation-records'
import { boardCss } from './styles'

/**
 * The board bundle (/elements/board.js), client type 2:
 *   <zx-data-board records-href>   the data board (docs/api/board.md)
 *   <zx-operation-records>         the operation records with the chain check
 */
defineZxElement<DataBoardProps>('zx-data-board', DataBoard, { props: { recordsHref: 'string' }, css: [uplotCss, boardCss].join('\n') })
defineZxElement('zx-operation-records', OperationRecords, { css: boardCss })
