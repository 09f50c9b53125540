// The assistants module's public face: what other modules may use. Import this file,
// never another module's store, service or helper directly.
export { isImageUrl } from '../../../shared/image-url.js';
export { assistantPreset, findAssistantById, findUsableAssistant } from './service.js';
export { assistantPublicInfo, type AssistantPublicInfo } from './views.js';
