import { assistantsCss } from '../shared/assistants/css'
import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { appFrameCss } from './app-frame'
import { Practice, practiceCss, type PracticeProps } from './practice'
import { recordDialogCss } from './record-dialog'

/** The inquiry practice bundle (/elements/practice.js): registers `<zx-practice app-id>` (see practice.tsx). */
/**
 * Inquiry practice (`/course/appsExternal`): guided inquiry assistants, the
 * inquiry records and the school's external practice apps, opened in a
 * sandboxed frame with a way back.
 * @tag zx-practice
 * @prop {string} appId - the open practice app
 * @fires zx:place-change - {params: {appId}, replace}: the open app changed
 * @csspart base - the whole page
 * @csspart header - the title row with the buttons
 * @csspart body - the sections of inquiries, records and practice apps
 * @csspart actions - New inquiry and Add an app (teachers)
 */
defineZxElement<PracticeProps>('zx-practice', Practice, {
  props: { appId: 'string' },
  css: [assistantsCss(), recordDialogCss, appFrameCss, practiceCss].join('\n'),
})
