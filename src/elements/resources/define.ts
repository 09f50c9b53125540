import '../shared/define'
import { kitCss } from '../shared/ui'
import { defineZxElement } from '../shared/define-element'
import { markdownCss } from '../shared/markdown'
import { dialogsCss } from '../shared/library/dialogs'
import { previewCss } from './preview'
import { libraryCss } from '../shared/library/library-css'
import { ResourceLibrary, type ResourceLibraryProps } from './resource-library'
import { uploadPanelCss } from '../shared/library/upload-panel'

/** The resource library bundle (/elements/resource-library.js, its published name: scripts/bundle-names.mjs): registers `<zx-resource-library>` (attributes in resource-library.tsx). */
export const resourceLibraryElementCss = [kitCss, markdownCss, uploadPanelCss, dialogsCss, previewCss, libraryCss].join('\n')

/**
 * A teacher's files in folders: chunked uploads, list or grid, search, tags,
 * rename, move, delete with undo, preview, download, share with a course.
 * @tag zx-resource-library
 * @prop {'list' | 'grid'} view - the layout (default `list`)
 * @prop {'mine' | 'shared'} mode - `mine` (default) or only what courses share with the user
 * @prop {string} courseId - with mode `shared`: only what this course shares
 */
defineZxElement<ResourceLibraryProps>('zx-resource-library', ResourceLibrary, {
  props: { view: 'string', mode: 'string', courseId: 'string' },
  css: resourceLibraryElementCss,
})
