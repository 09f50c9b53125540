// Uploading files whole or in chunks (resumable uploads) and downloading them.
import type { Catalogue } from './index.js';

export const uploadMessages: Catalogue = {
  '文件太大，最大 {0} MB，请压缩后再上传': {
    'en-US': 'The file is too large (at most {0} MB). Compress it and upload again',
    'zh-TW': '檔案太大，最大 {0} MB，請壓縮後再上傳',
    'ko-KR': '파일이 너무 큽니다(최대 {0}MB). 압축한 뒤 다시 업로드해 주세요',
    'ru-RU': 'Файл слишком большой (не больше {0} МБ). Сожмите его и загрузите снова',
  },
  '请以 multipart/form-data 方式上传，文件放在字段 file 中': {
    'en-US': 'Upload as multipart/form-data with the file in the field “file”',
    'zh-TW': '請以 multipart/form-data 方式上傳，檔案放在欄位 file 中',
    'ko-KR': 'multipart/form-data 방식으로 업로드하고 파일은 file 필드에 넣어 주세요',
    'ru-RU': 'Загружайте как multipart/form-data, файл — в поле file',
  },
  '没有收到文件，请在字段 file 中上传': {
    'en-US': 'No file was received. Upload it in the field “file”',
    'zh-TW': '沒有收到檔案，請在欄位 file 中上傳',
    'ko-KR': '파일을 받지 못했습니다. file 필드로 업로드해 주세요',
    'ru-RU': 'Файл не получен. Загрузите его в поле file',
  },
  '文件应放在字段 file 中，而不是 {0}': {
    verbatim: [0], // the field name the client sent
    'en-US': 'The file belongs in the field “file”, not {0}',
    'zh-TW': '檔案應放在欄位 file 中，而不是 {0}',
    'ko-KR': '파일은 {0}이(가) 아니라 file 필드에 넣어야 합니다',
    'ru-RU': 'Файл должен быть в поле file, а не в {0}',
  },
  '不支持的文件类型（{0}），支持：{1}': {
    'en-US': 'Unsupported file type ({0}). Supported: {1}',
    'zh-TW': '不支援的檔案類型（{0}），支援：{1}',
    'ko-KR': '지원하지 않는 파일 형식입니다({0}). 지원 형식: {1}',
    'ru-RU': 'Неподдерживаемый тип файла ({0}). Поддерживаются: {1}',
  },
  无扩展名: { 'en-US': 'no extension', 'zh-TW': '無副檔名', 'ko-KR': '확장자 없음', 'ru-RU': 'без расширения' },
  '文件内容与扩展名 .{0} 不符，请上传真实的 {1} 文件': {
    'en-US': 'The content of the file does not match its extension .{0}. Upload a real {1} file',
    'zh-TW': '檔案內容與副檔名 .{0} 不符，請上傳真實的 {1} 檔案',
    'ko-KR': '파일 내용이 확장자 .{0}와 맞지 않습니다. 실제 {1} 파일을 올려 주세요',
    'ru-RU': 'Содержимое файла не соответствует расширению .{0}. Загрузите настоящий файл {1}',
  },
  文件已上传: { 'en-US': 'File uploaded', 'zh-TW': '檔案已上傳', 'ko-KR': '파일을 업로드했습니다', 'ru-RU': 'Файл загружен' },
  该分片已上传: {
    'en-US': 'This chunk was already uploaded',
    'zh-TW': '該分片已上傳',
    'ko-KR': '이 조각은 이미 업로드되었습니다',
    'ru-RU': 'Эта часть уже загружена',
  },
  '请以 multipart/form-data 方式上传分片，分片放在字段 file 中': {
    'en-US': 'Upload chunks as multipart/form-data with the chunk in the field “file”',
    'zh-TW': '請以 multipart/form-data 方式上傳分片，分片放在欄位 file 中',
    'ko-KR': '조각은 multipart/form-data 방식으로 업로드하고 file 필드에 넣어 주세요',
    'ru-RU': 'Загружайте части как multipart/form-data, часть — в поле file',
  },
  '分片应放在字段 file 中，而不是 {0}': {
    verbatim: [0], // the field name the client sent
    'en-US': 'The chunk belongs in the field “file”, not {0}',
    'zh-TW': '分片應放在欄位 file 中，而不是 {0}',
    'ko-KR': '조각은 {0}이(가) 아니라 file 필드에 넣어야 합니다',
    'ru-RU': 'Часть должна быть в поле file, а не в {0}',
  },
  '分片太大，单个分片最大 {0} MB': {
    'en-US': 'The chunk is too large (at most {0} MB per chunk)',
    'zh-TW': '分片太大，單個分片最大 {0} MB',
    'ko-KR': '조각이 너무 큽니다(조각당 최대 {0}MB)',
    'ru-RU': 'Часть слишком большая (не больше {0} МБ)',
  },
  '没有收到分片，请在字段 file 中上传': {
    'en-US': 'No chunk was received. Upload it in the field “file”',
    'zh-TW': '沒有收到分片，請在欄位 file 中上傳',
    'ko-KR': '조각을 받지 못했습니다. file 필드로 업로드해 주세요',
    'ru-RU': 'Часть не получена. Загрузите её в поле file',
  },
  分片已接收: { 'en-US': 'Chunk received', 'zh-TW': '分片已接收', 'ko-KR': '조각을 받았습니다', 'ru-RU': 'Часть получена' },
  请求的范围超出文件大小: {
    'en-US': 'The requested range is beyond the end of the file',
    'zh-TW': '請求的範圍超出檔案大小',
    'ko-KR': '요청한 범위가 파일 크기를 벗어납니다',
    'ru-RU': 'Запрошенный диапазон выходит за размер файла',
  },
  '文件已变化，请刷新后重试': {
    'en-US': 'The file has changed. Refresh and try again',
    'zh-TW': '檔案已變化，請重新整理後重試',
    'ko-KR': '파일이 바뀌었습니다. 새로 고친 뒤 다시 시도해 주세요',
    'ru-RU': 'Файл изменился. Обновите страницу и попробуйте снова',
  },
  '文件正在合并，请稍后重试': {
    'en-US': 'The file is being assembled. Try again shortly',
    'zh-TW': '檔案正在合併，請稍後重試',
    'ko-KR': '파일을 합치는 중입니다. 잠시 후 다시 시도해 주세요',
    'ru-RU': 'Файл собирается. Попробуйте чуть позже',
  },
  '第 {0} 个分片丢失，请重新上传': {
    'en-US': 'Chunk {0} is missing. Upload it again',
    'zh-TW': '第 {0} 個分片遺失，請重新上傳',
    'ko-KR': '{0}번째 조각이 없습니다. 다시 업로드해 주세요',
    'ru-RU': 'Часть {0} потеряна. Загрузите её снова',
  },
  '分片大小不能超过 {0}，请调小 chunkSize': {
    'en-US': 'A chunk must not be larger than {0}. Make chunkSize smaller',
    'zh-TW': '分片大小不能超過 {0}，請調小 chunkSize',
    'ko-KR': '조각 크기는 {0}을(를) 넘을 수 없습니다. chunkSize를 줄여 주세요',
    'ru-RU': 'Часть не может быть больше {0}. Уменьшите chunkSize',
  },
  '分片总数 totalChunks={0} 与文件大小和分片大小不符（应为 {1}）': {
    'en-US': 'totalChunks={0} does not fit the file size and chunk size (it should be {1})',
    'zh-TW': '分片總數 totalChunks={0} 與檔案大小和分片大小不符（應為 {1}）',
    'ko-KR': '조각 수 totalChunks={0}이(가) 파일 크기와 조각 크기에 맞지 않습니다({1}이어야 함)',
    'ru-RU': 'Число частей totalChunks={0} не соответствует размеру файла и частей (должно быть {1})',
  },
  '{0} 或 {1}': { 'en-US': '{0} or {1}', 'zh-TW': '{0} 或 {1}', 'ko-KR': '{0} 또는 {1}', 'ru-RU': '{0} или {1}', partOnly: true },
  '分片序号 chunkNumber={0} 超出分片总数 {1}': {
    'en-US': 'chunkNumber={0} is beyond the number of chunks, {1}',
    'zh-TW': '分片序號 chunkNumber={0} 超出分片總數 {1}',
    'ko-KR': '조각 번호 chunkNumber={0}이(가) 전체 조각 수 {1}을(를) 넘습니다',
    'ru-RU': 'Номер части chunkNumber={0} больше числа частей ({1})',
  },
  '第 {0} 个分片的大小 currentChunkSize={1} 不对，应为 {2} 字节': {
    'en-US': 'Chunk {0} has the wrong size currentChunkSize={1}; it should be {2} bytes',
    'zh-TW': '第 {0} 個分片的大小 currentChunkSize={1} 不對，應為 {2} 位元組',
    'ko-KR': '{0}번째 조각의 크기 currentChunkSize={1}이(가) 올바르지 않습니다. {2}바이트여야 합니다',
    'ru-RU': 'Неверный размер части {0}: currentChunkSize={1}, должно быть {2} байт',
  },
  '上传的表单格式不正确（multipart 内容不完整或已损坏），请重新上传': {
    'en-US': 'The uploaded form is malformed (the multipart content is incomplete or damaged). Please upload again',
    'zh-TW': '上傳的表單格式不正確（multipart 內容不完整或已損壞），請重新上傳',
    'ko-KR': '업로드한 양식이 올바르지 않습니다(multipart 내용이 불완전하거나 손상됨). 다시 업로드해 주세요',
    'ru-RU': 'Форма загрузки повреждена (содержимое multipart неполное или испорчено). Загрузите снова',
  },
  '文件存储暂时无法访问，请稍后再试': {
    'en-US': 'File storage cannot be reached right now. Please try again later',
    'zh-TW': '檔案儲存暫時無法存取，請稍後再試',
    'ko-KR': '지금은 파일 저장소에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요',
    'ru-RU': 'Хранилище файлов сейчас недоступно. Попробуйте позже',
  },
  '存储空间已满，请联系管理员': {
    'en-US': 'Storage is full. Please contact an administrator',
    'zh-TW': '儲存空間已滿，請聯絡管理員',
    'ko-KR': '저장 공간이 가득 찼습니다. 관리자에게 문의해 주세요',
    'ru-RU': 'Хранилище заполнено. Обратитесь к администратору',
  },
};
