import { assistantsCss } from '../shared/assistants/css'
import { formAppCss } from './form-app'
import { formFieldCss } from './form-field'

/** Everything the gallery draws: the shared assistant cards, sections and editor, plus the form apps. */
export const appsElementCss = assistantsCss(formFieldCss, formAppCss)
