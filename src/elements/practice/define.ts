import { assistantsCss } from '../shared/assistants/css'
import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { appFrameCss } from './app-frame'
import { Practice, practiceCss, type PracticeProps } from './practice'
import { recordDialogCss } from './record-dialog'

/** The inquiry practice bundle (/elements/practice.js): registers `<zx-practice app-id>` (see practice.tsx). */
defineZxElement<PracticeProps>('zx-practice', Practice, {
  props: { appId: 'string' },
  css: [assistantsCss(), recordDialogCss, appFrameCss, practiceCss].join('\n'),
})
