import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { ResourceLibrary, type ResourceLibraryProps } from './resource-library'

/** The resource library bundle (/elements/resource-library.js, its published name: scripts/bundle-names.mjs): registers `<zx-resource-library>` (attributes in resource-library.tsx; its CSS comes with the component). */

/**
 * A teacher's files in folders: chunked uploads, list or grid, search, tags,
 * rename, move, delete with undo, preview, download, share with a course.
 * @tag zx-resource-library
 * @prop {'list' | 'grid'} view - the layout (default `list`)
 * @prop {'mine' | 'shared'} mode - `mine` (default) or only what courses share with the user
 * @prop {string} courseId - with mode `shared`: only what this course shares
 * @csspart base - the whole library (outlined while files are dragged over it)
 * @csspart header - the title, the tabs and the buttons
 * @csspart actions - New folder and Upload
 * @csspart toolbar - breadcrumbs, search, filters and the list/grid switch
 * @csspart body - the files: skeleton, failure, empty state, table or grid
 */
defineZxElement<ResourceLibraryProps>('zx-resource-library', ResourceLibrary, {
  props: { view: 'string', mode: 'string', courseId: 'string' },
})
