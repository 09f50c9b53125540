import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { kitCss } from '../shared/ui'
import { placementsCss } from './labels'
import { PlacementSign, type PlacementSignProps } from './sign'
import { PlacementStudent, type PlacementStudentProps } from './student'
import { PlacementSupervisor, type PlacementSupervisorProps } from './supervisor'

/**
 * The placements bundle (/elements/placements.js):
 * - `<zx-placement-student>` (no attributes): the student's work placement,
 *   the day's log (draft kept on the phone until sent), logs sent, weeks signed.
 * - `<zx-placement-supervisor client-type>`: a teacher's students on placement
 *   (a manager's: all) with last log, unsigned weeks, signing links and alerts.
 * - `<zx-placement-sign token>`: the company mentor's page, no account needed.
 */
const css = [kitCss, placementsCss].join('\n')
/**
 * The student's work placement: the day's log with photos, logs sent, weeks
 * signed by the mentor. No attributes.
 * @tag zx-placement-student
 * @csspart base - the whole page
 * @csspart header - the title
 * @csspart body - the placements, or the empty state
 * @csspart actions - Send under the weekly log form
 */
defineZxElement<PlacementStudentProps>('zx-placement-student', PlacementStudent, { css })
/**
 * Placements a teacher supervises (a manager: all): last log, unsigned weeks
 * with a signing link and QR code, open alerts, and a form for a new one.
 * @attr client-type - '1' teacher, '2' manager; default: the session's
 * @tag zx-placement-supervisor
 * @csspart base - the whole page
 * @csspart header - the title
 * @csspart body - the supervised placements, or the empty state
 * @csspart actions - Export
 */
defineZxElement<PlacementSupervisorProps>('zx-placement-supervisor', PlacementSupervisor, { css, props: { clientType: 'string' } })
/**
 * The company mentor's page for a sign link, public (no account): one week's
 * logs of one student and a sign button; a used or expired link is refused.
 * @prop {string} token - the link's token (default: `?token=` of the page)
 * @tag zx-placement-sign
 * @csspart base - the whole page
 * @csspart header - the title
 * @csspart body - the week to sign
 * @csspart actions - Sign
 */
defineZxElement<PlacementSignProps>('zx-placement-sign', PlacementSign, { css, props: { token: 'string' } })
