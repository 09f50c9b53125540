// The resource library's calls (docs/api/knowledge.md "Resource library"), all signed in:
//   GET    /course/resource/list                 the caller's library: one folder (?folderId) or a search (?keyword, ?tag, ?kind)
//   GET    /course/resource/shared               resources shared with the caller through their courses (?courseId, ?keyword)
//   GET    /course/resource/course/:id           one course's shared materials, for whoever may read the course (its page)
//   POST   /course/resource                      add uploaded files {fileIds, folderId?, tags?}
//   GET    /course/resource/:id                  one resource (owner, or a member of a course it is shared with)
//   PUT    /course/resource/:id                  rename, move, tag {name?, folderId?, tags?}
//   DELETE /course/resource/:id                  delete (undo with restore within 30 days)
//   POST   /course/resource/:id/restore          undo a delete
//   PUT    /course/resource/:id/shares           share with courses the caller teaches {courseIds}
//   POST   /course/resource/folder               {name, parentId?}
//   PUT    /course/resource/folder/:id           rename or move {name?, parentId?}
//   DELETE /course/resource/folder/:id           delete with its contents (undoable)
//   POST   /course/resource/folder/:id/restore   undo
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context.js';
import { everyOnOneInstance } from '../../coordination/index.js';
import { currentUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { allowFileReaders } from '../uploads/index.js';
import { AddBody, FolderBody, FolderUpdateBody, IdParams, LibraryQuery, ResourceUpdateBody, ShareBody, SharedQuery } from './schemas.js';
import {
  UNDO_DAYS,
  addResources,
  changeFolder,
  changeResource,
  courseResources,
  createFolder,
  deleteFolder,
  deleteResource,
  getResource,
  listLibrary,
  mayReadSharedFile,
  restoreFolder,
  restoreResource,
  shareResource,
  sharedWithMe,
} from './service.js';
import { purgeDeleted } from './store.js';

const BASE = '/course/resource';

export const resourcesRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  allowFileReaders(ctx, mayReadSharedFile);
  // Hourly, on one instance at a time.
  const stopPurge = everyOnOneInstance(
    ctx.coordination,
    { name: 'resources-purge', everyMs: 3600_000, onError: (error) => app.log.warn({ err: error }, 'purging deleted resources failed') },
    () => purgeDeleted(ctx.db, ctx.now() - UNDO_DAYS * 86400_000),
  );
  app.addHook('onClose', async () => stopPurge());

  const auth = { preHandler: app.requireUser };
  const uid = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get(`${BASE}/list`, { ...auth, schema: { querystring: LibraryQuery } }, async (request) =>
    ok(await listLibrary(ctx, currentUser(request), request.query)),
  );
  app.get(`${BASE}/shared`, { ...auth, schema: { querystring: SharedQuery } }, async (request) =>
    ok(await sharedWithMe(ctx, currentUser(request), request.query)),
  );
  app.get(`${BASE}/course/:id`, { ...auth, schema: { params: IdParams } }, async (request) =>
    ok(await courseResources(ctx, currentUser(request), request.params.id)),
  );
  app.post(BASE, { ...auth, schema: { body: AddBody } }, async (request) => ok(await addResources(ctx, currentUser(request), request.body)));

  app.post(`${BASE}/folder`, { ...auth, schema: { body: FolderBody } }, async (request) => ok(await createFolder(ctx, uid(request), request.body)));
  app.put(`${BASE}/folder/:id`, { ...auth, schema: { params: IdParams, body: FolderUpdateBody } }, async (request) =>
    ok(await changeFolder(ctx, uid(request), request.params.id, request.body)),
  );
  app.delete(`${BASE}/folder/:id`, { ...auth, schema: { params: IdParams } }, async (request) => ok(await deleteFolder(ctx, uid(request), request.params.id)));
  app.post(`${BASE}/folder/:id/restore`, { ...auth, schema: { params: IdParams } }, async (request) =>
    ok(await restoreFolder(ctx, uid(request), request.params.id)),
  );

  app.get(`${BASE}/:id`, { ...auth, schema: { params: IdParams } }, async (request) => ok(await getResource(ctx, currentUser(request), request.params.id)));
  app.put(`${BASE}/:id`, { ...auth, schema: { params: IdParams, body: ResourceUpdateBody } }, async (request) =>
    ok(await changeResource(ctx, currentUser(request), request.params.id, request.body)),
  );
  app.delete(`${BASE}/:id`, { ...auth, schema: { params: IdParams } }, async (request) => ok(await deleteResource(ctx, uid(request), request.params.id)));
  app.post(`${BASE}/:id/restore`, { ...auth, schema: { params: IdParams } }, async (request) =>
    ok(await restoreResource(ctx, currentUser(request), request.params.id)),
  );
  app.put(`${BASE}/:id/shares`, { ...auth, schema: { params: IdParams, body: ShareBody } }, async (request) =>
    ok(await shareResource(ctx, currentUser(request), request.params.id, request.body.courseIds)),
  );
};
