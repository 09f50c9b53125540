// The uploads module's public face: what other modules may use. Import this file,
// never another module's store, service or helper directly.
export { allowFileReaders, fileAccessToken, type FileReader, linkSecret } from './file-access.js';
export { formatBytes, readWhole } from './limits.js';
export { FILE_URL_PREFIX, fileInfo, publishAvatar } from './service.js';
export { type FileRecord, findFile } from './store.js';
export { forgetFileRecord, publishFile, recordPrivateFile } from './file-records.js';
export { findReadableFile } from './service.js';
