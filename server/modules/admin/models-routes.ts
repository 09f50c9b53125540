// Models in school administration, relative to /new-chat (a manager holding
// the admin right; others get 403). An API key goes in, never out.
//   GET    /course/admin/models                      → ModelsOverview
//   POST   /course/admin/models/providers            {name, baseUrl, apiKey?, models, timeoutSeconds?, enabled?} → AdminProvider
//   PUT    /course/admin/models/providers/:id        {name?, baseUrl?, apiKey? ('' removes it; required with a new baseUrl), models?, timeoutSeconds?, enabled?} → AdminProvider
//   DELETE /course/admin/models/providers/:id
//   POST   /course/admin/models/test                 {providerId?, baseUrl?, apiKey?, model, version?} → {ok, latencyMs, message}
//   PUT    /course/admin/models/settings             {defaultModel?, access?: {model: clientTypes}} → ModelsOverview
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ModuleOptions } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { modelLabelIn } from '../../ai/catalogue.js';
import { localizedName, requestLocale } from '../../i18n/install.js';
import { Id, IdParams } from '../chat/index.js';
import { recordAdminAction } from './audit.js';
import { adminOnly } from './guard.js';
import {
  createProvider,
  installModelReloading,
  modelsOverview,
  removeProvider,
  testConnection,
  updateModelSettings,
  updateProvider,
  useSecretBox,
  type ModelsOverview,
} from './models-service.js';
import { secretBoxFrom } from './secret-box.js';

const ModelName = (title: string) => Type.String({ title, minLength: 1, maxLength: 100 });
const ClientTypeSchema = Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3')], { title: '身份' });
const ModelBody = Type.Object(
  {
    name: ModelName('模型名称'),
    label: Type.Optional(Type.String({ title: '显示名称', maxLength: 60 })),
    versions: Type.Optional(Type.Array(ModelName('版本'), { title: '版本', maxItems: 20 })),
    vision: Type.Optional(Type.Boolean({ title: '识图' })),
    contextTokens: Type.Optional(Type.Integer({ title: '上下文长度', minimum: 512, maximum: 10_000_000 })),
  },
  { additionalProperties: false },
);
const ProviderFields = {
  name: Type.String({ title: '服务名称', minLength: 1, maxLength: 60 }),
  baseUrl: Type.String({ title: '服务地址', minLength: 1, maxLength: 500 }),
  apiKey: Type.String({ title: 'API Key', maxLength: 500 }),
  models: Type.Array(ModelBody, { title: '模型', minItems: 1, maxItems: 50 }),
  timeoutSeconds: Type.Integer({ title: '超时秒数', minimum: 1, maximum: 600 }),
  enabled: Type.Boolean({ title: '启用' }),
};
const CreateBody = Type.Object(
  {
    name: ProviderFields.name,
    baseUrl: ProviderFields.baseUrl,
    apiKey: Type.Optional(ProviderFields.apiKey),
    models: ProviderFields.models,
    timeoutSeconds: Type.Optional(ProviderFields.timeoutSeconds),
    enabled: Type.Optional(ProviderFields.enabled),
  },
  { additionalProperties: false },
);
const UpdateBody = Type.Partial(Type.Object(ProviderFields), { additionalProperties: false });
const TestBody = Type.Object(
  {
    providerId: Type.Optional(Id('模型服务')),
    baseUrl: Type.Optional(ProviderFields.baseUrl),
    apiKey: Type.Optional(ProviderFields.apiKey),
    model: ModelName('模型名称'),
    version: Type.Optional(Type.String({ title: '版本', maxLength: 100 })),
  },
  { additionalProperties: false },
);
const SettingsBody = Type.Object(
  {
    defaultModel: Type.Optional(ModelName('默认模型')),
    access: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.Array(ClientTypeSchema, { maxItems: 3 }), { title: '可用身份' })),
  },
  { additionalProperties: false },
);

export const modelsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  useSecretBox(ctx, secretBoxFrom(ctx.config.env));
  installModelReloading(app, ctx);
  const admins = adminOnly(app, ctx);
  const localized = (request: Parameters<typeof localizedName>[0], overview: ModelsOverview): ModelsOverview => ({
    ...overview,
    models: overview.models.map((m) => ({ ...m, label: modelLabelIn(m.label, requestLocale(request)) })),
  });

  app.get('/course/admin/models', admins, async (request) => ok(localized(request, await modelsOverview(ctx))));

  app.post('/course/admin/models/providers', { ...admins, schema: { body: CreateBody } }, async (request) => {
    const provider = await createProvider(ctx, request.body);
    await recordAdminAction(ctx, request, {
      action: 'settings',
      objectType: 'model_provider',
      objectId: provider.id,
      objectName: provider.name,
      summary: `baseUrl: ${provider.baseUrl}; models: ${provider.models.map((m) => m.name).join(', ')}; key: ${provider.hasKey ? 'set' : 'none'}`,
    });
    return ok(provider, '模型服务已添加');
  });

  app.put('/course/admin/models/providers/:id', { ...admins, schema: { params: IdParams, body: UpdateBody } }, async (request) => {
    const { provider, keyChanged, addressChange } = await updateProvider(ctx, request.params.id, request.body);
    const fields = Object.keys(request.body).filter((k) => k !== 'apiKey' && (k !== 'baseUrl' || addressChange === null));
    await recordAdminAction(ctx, request, {
      action: 'settings',
      objectType: 'model_provider',
      objectId: provider.id,
      objectName: provider.name,
      summary: [
        ...fields,
        ...(addressChange ? [`baseUrl: ${addressChange.fromHost} → ${addressChange.toHost}`] : []),
        ...(keyChanged ? ['key changed'] : []),
      ].join(', '),
    });
    return ok(provider, '已保存');
  });

  app.delete('/course/admin/models/providers/:id', { ...admins, schema: { params: IdParams } }, async (request) => {
    const removed = await removeProvider(ctx, request.params.id);
    await recordAdminAction(ctx, request, {
      action: 'settings',
      objectType: 'model_provider',
      objectId: removed.id,
      objectName: removed.name,
      summary: 'deleted',
    });
    return ok(null, '模型服务已删除');
  });

  app.post('/course/admin/models/test', { ...admins, schema: { body: TestBody } }, async (request) => {
    const result = await testConnection(ctx, request.body);
    return ok({ ...result, message: localizedName(request, result.message) });
  });

  app.put('/course/admin/models/settings', { ...admins, schema: { body: SettingsBody } }, async (request) => {
    const overview = await updateModelSettings(ctx, request.body);
    await recordAdminAction(ctx, request, {
      action: 'settings',
      objectType: 'model_settings',
      summary: `default: ${overview.defaultModel}; access: ${JSON.stringify(overview.access)}`,
    });
    return ok(localized(request, overview), '已保存');
  });
};
