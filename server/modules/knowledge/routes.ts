// The knowledge library's calls (docs/api/knowledge.md), all signed in:
//   GET    /course/ragDataset/ragDsSelect           datasets the user may pick for a chat, assistant or course
//   GET    /course/ragDataset/list                  datasets the user may read (?keyword, ?scope=all|mine|shared)
//   POST   /course/ragDataset                       create (teachers and managers)
//   GET    /course/ragDataset/:id                   one dataset
//   PUT    /course/ragDataset/:id                   change name, description, visibility, linked courses (owner)
//   DELETE /course/ragDataset/:id                   delete with its documents (owner)
//   GET    /course/ragDataset/:id/documents         its documents with status and errors
//   POST   /course/ragDataset/:id/documents         add uploaded files {fileIds} (owner); parsed in the background
//   GET    /course/ragDataset/document/:id          one document (poll while parsing)
//   DELETE /course/ragDataset/document/:id          remove a document (owner)
//   POST   /course/ragDataset/document/:id/reindex  parse again (owner)
//   GET    /course/ragDataset/document/:id/chunks   its passages (?page, ?pageSize, ?keyword)
//   GET    /course/ragDataset/chunk/:id             one passage with its document (a source opened from an answer)
//   PUT    /course/ragDataset/chunk/:id             edit a passage {content} (owner)
//   DELETE /course/ragDataset/chunk/:id             delete a passage (owner)
//   POST   /course/ragDataset/search                search test {datasetIds, query, limit}: hits with scores
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/auth.js';
import { allowFileReaders } from '../uploads/index.js';
import { requestLocale } from '../../i18n/install.js';
import { mayReadDocumentFile } from './access.js';
import { documentInLocale, documentsInLocale } from './views.js';
import type { KnowledgeRuntime } from './runtime.js';
import { AddDocumentsBody, ChunkBody, ChunksQuery, DatasetBody, DatasetUpdateBody, IdParams, ListQuery, SearchBody } from './schemas.js';
import {
  addDocuments,
  changeDataset,
  createDataset,
  datasetDocuments,
  deleteChunk,
  deleteDataset,
  deleteDocument,
  documentChunks,
  editChunk,
  getChunk,
  getDataset,
  getDocument,
  listDatasets,
  reindexDocument,
  searchTest,
  selectableDatasets,
} from './service.js';

const BASE = '/course/ragDataset';
/** How long after the server is ready it looks for documents left to index. */
const RESUME_AFTER_READY_MS = 1000;

/** The library's routes over the runtime `server/modules/index.ts` made (the same one behind `ctx.knowledge`). */
export const knowledgeRoutes =
  (rt: KnowledgeRuntime): FastifyPluginAsyncTypebox<ModuleOptions> =>
  async (app, { ctx }) => {
    allowFileReaders(ctx, mayReadDocumentFile);
    // Documents a stopped server left, and the demo school's at a first
    // start, are picked up a moment after the server is ready, so that the
    // parse worker starting does not take CPU from the start's first
    // answers. A document uploaded meanwhile is queued at once, as always.
    let resumeLater: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      resumeLater = setTimeout(() => {
        rt.indexer.resume().catch((error: unknown) => app.log.warn({ err: error }, 'looking for documents to index failed'));
      }, RESUME_AFTER_READY_MS);
      resumeLater.unref();
    });
    app.addHook('onClose', async () => {
      clearTimeout(resumeLater);
      await rt.indexer.stop();
    });

    const auth = { preHandler: app.requireUser };

    app.get(`${BASE}/ragDsSelect`, auth, async (request) => ok(await selectableDatasets(ctx, currentUser(request).id)));

    app.get(`${BASE}/list`, { ...auth, schema: { querystring: ListQuery } }, async (request) =>
      ok(await listDatasets(ctx, currentUser(request).id, request.query)),
    );

    app.post(BASE, { ...auth, schema: { body: DatasetBody } }, async (request) => {
      const user = currentUser(request);
      return ok(await createDataset(ctx, user.id, user.clientType, request.body));
    });

    app.post(`${BASE}/search`, { ...auth, schema: { body: SearchBody } }, async (request) =>
      ok(await searchTest(ctx, rt, currentUser(request).id, request.body)),
    );

    app.get(`${BASE}/document/:id`, { ...auth, schema: { params: IdParams } }, async (request) =>
      ok(documentInLocale(await getDocument(ctx, currentUser(request), request.params.id), requestLocale(request))),
    );

    app.delete(`${BASE}/document/:id`, { ...auth, schema: { params: IdParams } }, async (request) => {
      await deleteDocument(ctx, currentUser(request).id, request.params.id);
      return ok(null);
    });

    app.post(`${BASE}/document/:id/reindex`, { ...auth, schema: { params: IdParams } }, async (request) =>
      ok(documentInLocale(await reindexDocument(ctx, rt, currentUser(request), request.params.id), requestLocale(request))),
    );

    app.get(`${BASE}/document/:id/chunks`, { ...auth, schema: { params: IdParams, querystring: ChunksQuery } }, async (request) =>
      ok(await documentChunks(ctx, currentUser(request).id, request.params.id, request.query)),
    );

    app.get(`${BASE}/chunk/:id`, { ...auth, schema: { params: IdParams } }, async (request) =>
      ok(await getChunk(ctx, currentUser(request), request.params.id)),
    );

    app.put(`${BASE}/chunk/:id`, { ...auth, schema: { params: IdParams, body: ChunkBody } }, async (request) =>
      ok(await editChunk(ctx, rt, currentUser(request).id, request.params.id, request.body.content)),
    );

    app.delete(`${BASE}/chunk/:id`, { ...auth, schema: { params: IdParams } }, async (request) => {
      await deleteChunk(ctx, currentUser(request).id, request.params.id);
      return ok(null);
    });

    app.get(`${BASE}/:id`, { ...auth, schema: { params: IdParams } }, async (request) => ok(await getDataset(ctx, currentUser(request).id, request.params.id)));

    app.put(`${BASE}/:id`, { ...auth, schema: { params: IdParams, body: DatasetUpdateBody } }, async (request) =>
      ok(await changeDataset(ctx, currentUser(request).id, request.params.id, request.body)),
    );

    app.delete(`${BASE}/:id`, { ...auth, schema: { params: IdParams } }, async (request) => {
      await deleteDataset(ctx, currentUser(request).id, request.params.id);
      return ok(null);
    });

    app.get(`${BASE}/:id/documents`, { ...auth, schema: { params: IdParams } }, async (request) =>
      ok(documentsInLocale(await datasetDocuments(ctx, currentUser(request), request.params.id), requestLocale(request))),
    );

    app.post(`${BASE}/:id/documents`, { ...auth, schema: { params: IdParams, body: AddDocumentsBody } }, async (request) =>
      ok(documentsInLocale(await addDocuments(ctx, rt, currentUser(request), request.params.id, request.body.fileIds), requestLocale(request))),
    );
  };
