import { kitCss } from '../shared/ui'
import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { SchoolAdmin, schoolAdminCss, type SchoolAdminProps } from './school-admin'

/**
 * The school administration bundle (/elements/admin.js): registers
 * `<zx-school-admin>` (no attributes): people, classes with majors and
 * terms, models, content safety, school sign-on and site settings, for
 * managers holding the admin right.
 */
/**
 * School administration for managers holding the admin right: people,
 * classes with majors and terms, models, content safety, school sign-on
 * and site settings. No attributes.
 * @tag zx-school-admin
 * @csspart base - the whole administration page
 * @csspart header - the title
 * @csspart body - the open tab
 * @csspart actions - the open tab's toolbar: search, filters and its main button
 */
defineZxElement<SchoolAdminProps>('zx-school-admin', SchoolAdmin, { css: [kitCss, schoolAdminCss].join('\n') })
