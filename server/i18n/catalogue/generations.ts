// Messages of generation jobs: images, videos, the queue (server/modules/generations).
import type { Catalogue } from './index.js';

export const generationMessages: Catalogue = {
  生成任务不存在: {
    'en-US': 'This generation job does not exist',
    'zh-TW': '生成任務不存在',
    'ko-KR': '생성 작업이 없습니다',
    'ru-RU': 'Такого задания генерации нет',
  },
  不支持的生成类型: {
    'en-US': 'This kind of generation is not supported',
    'zh-TW': '不支援的生成類型',
    'ko-KR': '지원하지 않는 생성 유형입니다',
    'ru-RU': 'Такой тип генерации не поддерживается',
  },
  '同时进行的生成任务最多 {0} 个，请等当前任务完成后再试': {
    'en-US': 'At most {0} generation jobs can run at once. Wait for the current ones to finish',
    'zh-TW': '同時進行的生成任務最多 {0} 個，請等目前任務完成後再試',
    'ko-KR': '동시에 진행할 수 있는 생성 작업은 최대 {0}개입니다. 현재 작업이 끝난 뒤 다시 시도해 주세요',
    'ru-RU': 'Одновременно можно запускать не больше {0} заданий. Дождитесь завершения текущих',
  },
  '生成超时，请稍后重试': {
    'en-US': 'Generation timed out. Try again later',
    'zh-TW': '生成逾時，請稍後重試',
    'ko-KR': '생성 시간이 초과되었습니다. 잠시 후 다시 시도해 주세요',
    'ru-RU': 'Время генерации истекло. Повторите позже',
  },
  '生成失败，请稍后重试': {
    'en-US': 'Generation failed. Try again later',
    'zh-TW': '生成失敗，請稍後重試',
    'ko-KR': '생성에 실패했습니다. 잠시 후 다시 시도해 주세요',
    'ru-RU': 'Не удалось сгенерировать. Повторите позже',
  },
  '提交任务时服务中断，无法确认模型服务是否已收到；为避免重复扣费，该任务已停止，请重新生成': {
    'en-US':
      'The server stopped while submitting this job, so it is unknown whether the model service received it. To avoid paying twice the job was stopped; please generate again',
    'zh-TW': '提交任務時服務中斷，無法確認模型服務是否已收到；為避免重複扣費，該任務已停止，請重新生成',
    'ko-KR': '작업을 제출하는 중 서버가 중단되어 모델 서비스가 받았는지 알 수 없습니다. 중복 과금을 막기 위해 작업을 중지했습니다. 다시 생성해 주세요',
    'ru-RU':
      'Сервер остановился во время отправки задания, и неизвестно, получил ли его сервис модели. Чтобы не платить дважды, задание остановлено; запустите генерацию снова',
  },
  '模型服务拒绝了这个请求：{0}': {
    'en-US': 'The model service refused this request: {0}',
    'zh-TW': '模型服務拒絕了這個請求：{0}',
    'ko-KR': '모델 서비스가 요청을 거부했습니다: {0}',
    'ru-RU': 'Сервис модели отклонил запрос: {0}',
    verbatim: [0], // the model service's own words
  },
  '模型服务额度不足，请联系管理员': {
    'en-US': 'The model service has no quota left. Contact your administrator',
    'zh-TW': '模型服務額度不足，請聯絡管理員',
    'ko-KR': '모델 서비스 사용량이 부족합니다. 관리자에게 문의해 주세요',
    'ru-RU': 'У сервиса модели закончилась квота. Обратитесь к администратору',
  },
  '模型服务密钥无效或无权使用该模型，请联系管理员': {
    'en-US': 'The model service key is invalid or may not use this model. Contact your administrator',
    'zh-TW': '模型服務金鑰無效或無權使用該模型，請聯絡管理員',
    'ko-KR': '모델 서비스 키가 잘못되었거나 이 모델을 쓸 권한이 없습니다. 관리자에게 문의해 주세요',
    'ru-RU': 'Ключ сервиса модели неверен или не даёт доступа к этой модели. Обратитесь к администратору',
  },
  '模型服务繁忙，请稍后重试': {
    'en-US': 'The model service is busy. Try again later',
    'zh-TW': '模型服務繁忙，請稍後重試',
    'ko-KR': '모델 서비스가 바쁩니다. 잠시 후 다시 시도해 주세요',
    'ru-RU': 'Сервис модели занят. Повторите позже',
  },
  '模型服务响应超时，请稍后重试': {
    'en-US': 'The model service did not answer in time. Try again later',
    'zh-TW': '模型服務回應逾時，請稍後重試',
    'ko-KR': '모델 서비스 응답 시간이 초과되었습니다. 잠시 후 다시 시도해 주세요',
    'ru-RU': 'Сервис модели не ответил вовремя. Повторите позже',
  },
  '无法连接模型服务，请稍后重试': {
    'en-US': 'Cannot reach the model service. Try again later',
    'zh-TW': '無法連線模型服務，請稍後重試',
    'ko-KR': '모델 서비스에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요',
    'ru-RU': 'Не удаётся связаться с сервисом модели. Повторите позже',
  },
  模型服务返回了无法识别的结果: {
    'en-US': 'The model service returned a result that cannot be read',
    'zh-TW': '模型服務傳回了無法識別的結果',
    'ko-KR': '모델 서비스가 알 수 없는 결과를 보냈습니다',
    'ru-RU': 'Сервис модели вернул нераспознаваемый результат',
  },
  '生成结果下载失败，请稍后重试': {
    'en-US': 'Downloading the result failed. Try again later',
    'zh-TW': '生成結果下載失敗，請稍後重試',
    'ko-KR': '결과를 내려받지 못했습니다. 잠시 후 다시 시도해 주세요',
    'ru-RU': 'Не удалось скачать результат. Повторите позже',
  },
  '生成结果过大，无法保存': {
    'en-US': 'The result is too large to save',
    'zh-TW': '生成結果過大，無法儲存',
    'ko-KR': '결과가 너무 커서 저장할 수 없습니다',
    'ru-RU': 'Результат слишком большой, сохранить его нельзя',
  },
  '模型服务未及时确认是否已收到任务；为避免重复扣费，该任务已停止，请稍后重新生成': {
    'en-US': 'The model service did not confirm in time whether it received the job. To avoid paying twice the job was stopped; generate again later',
    'zh-TW': '模型服務未及時確認是否已收到任務；為避免重複扣費，該任務已停止，請稍後重新生成',
    'ko-KR': '모델 서비스가 작업 수신 여부를 제때 확인하지 않았습니다. 중복 과금을 막기 위해 작업을 중지했습니다. 잠시 후 다시 생성해 주세요',
    'ru-RU': 'Сервис модели не подтвердил вовремя получение задания. Чтобы не платить дважды, задание остановлено; запустите генерацию позже',
  },
  '图片已生成，但保存时服务中断，请重新生成': {
    'en-US': 'The images were made but the server stopped while saving them. Please generate again',
    'zh-TW': '圖片已生成，但儲存時服務中斷，請重新生成',
    'ko-KR': '이미지는 만들어졌지만 저장 중 서버가 중단되었습니다. 다시 생성해 주세요',
    'ru-RU': 'Изображения созданы, но сервер остановился при сохранении. Сгенерируйте снова',
  },
  模型服务返回的图片无法读取: {
    'en-US': 'The image returned by the model service cannot be read',
    'zh-TW': '模型服務傳回的圖片無法讀取',
    'ko-KR': '모델 서비스가 보낸 이미지를 읽을 수 없습니다',
    'ru-RU': 'Изображение от сервиса модели не читается',
  },
  '该模型已不再提供，请换一个模型': {
    'en-US': 'This model is no longer offered. Choose another one',
    'zh-TW': '該模型已不再提供，請換一個模型',
    'ko-KR': '이 모델은 더 이상 제공되지 않습니다. 다른 모델을 선택해 주세요',
    'ru-RU': 'Эта модель больше не предоставляется. Выберите другую',
  },
  '视频生成失败：{0}': {
    verbatim: [0], // the video service's own words
    'en-US': 'Video generation failed: {0}',
    'zh-TW': '影片生成失敗：{0}',
    'ko-KR': '동영상 생성 실패: {0}',
    'ru-RU': 'Не удалось создать видео: {0}',
  },
  '视频生成失败，请换个提示词再试': {
    'en-US': 'Video generation failed. Try another prompt',
    'zh-TW': '影片生成失敗，請換個提示詞再試',
    'ko-KR': '동영상 생성에 실패했습니다. 다른 프롬프트로 시도해 주세요',
    'ru-RU': 'Не удалось создать видео. Попробуйте другой запрос',
  },
  '首帧图片已被删除，请重新选择': {
    'en-US': 'The first-frame image was deleted. Choose it again',
    'zh-TW': '首幀圖片已被刪除，請重新選擇',
    'ko-KR': '첫 프레임 이미지가 삭제되었습니다. 다시 선택해 주세요',
    'ru-RU': 'Изображение первого кадра удалено. Выберите снова',
  },
  请填写提示词: { 'en-US': 'Enter a prompt', 'zh-TW': '請填寫提示詞', 'ko-KR': '프롬프트를 입력해 주세요', 'ru-RU': 'Введите запрос' },
  不支持的风格: {
    'en-US': 'This style is not supported',
    'zh-TW': '不支援的風格',
    'ko-KR': '지원하지 않는 스타일입니다',
    'ru-RU': 'Такой стиль не поддерживается',
  },
  '没有可用的图片模型，请联系管理员配置': {
    'en-US': 'No image model is available. Ask your administrator to configure one',
    'zh-TW': '沒有可用的圖片模型，請聯絡管理員設定',
    'ko-KR': '사용할 수 있는 이미지 모델이 없습니다. 관리자에게 설정을 요청해 주세요',
    'ru-RU': 'Нет доступной модели изображений. Попросите администратора настроить её',
  },
  '没有可用的视频模型，请联系管理员配置': {
    'en-US': 'No video model is available. Ask your administrator to configure one',
    'zh-TW': '沒有可用的影片模型，請聯絡管理員設定',
    'ko-KR': '사용할 수 있는 동영상 모델이 없습니다. 관리자에게 설정을 요청해 주세요',
    'ru-RU': 'Нет доступной модели видео. Попросите администратора настроить её',
  },
  该模型不可用: { 'en-US': 'This model is not available', 'zh-TW': '該模型不可用', 'ko-KR': '이 모델은 사용할 수 없습니다', 'ru-RU': 'Эта модель недоступна' },
  该模型不支持这个尺寸: {
    'en-US': 'This model does not support this size',
    'zh-TW': '該模型不支援這個尺寸',
    'ko-KR': '이 모델은 이 크기를 지원하지 않습니다',
    'ru-RU': 'Эта модель не поддерживает такой размер',
  },
  该模型不支持这个时长: {
    'en-US': 'This model does not support this duration',
    'zh-TW': '該模型不支援這個時長',
    'ko-KR': '이 모델은 이 길이를 지원하지 않습니다',
    'ru-RU': 'Эта модель не поддерживает такую длительность',
  },
  '每次最多生成 {0} 张': {
    'en-US': 'At most {0} images at a time',
    'zh-TW': '每次最多生成 {0} 張',
    'ko-KR': '한 번에 최대 {0}장까지 생성할 수 있습니다',
    'ru-RU': 'Не больше {0} изображений за раз',
  },
  首帧图片不存在或不是图片: {
    'en-US': 'The first-frame image does not exist or is not an image',
    'zh-TW': '首幀圖片不存在或不是圖片',
    'ko-KR': '첫 프레임 이미지가 없거나 이미지가 아닙니다',
    'ru-RU': 'Изображения первого кадра нет, или это не изображение',
  },
  生成类型: { 'en-US': 'generation kind', 'zh-TW': '生成類型', 'ko-KR': '생성 유형', 'ru-RU': 'тип генерации', partOnly: true },
  提示词: { 'en-US': 'prompt', 'zh-TW': '提示詞', 'ko-KR': '프롬프트', 'ru-RU': 'запрос', partOnly: true },
  尺寸: { 'en-US': 'size', 'zh-TW': '尺寸', 'ko-KR': '크기', 'ru-RU': 'размер', partOnly: true },
  时长: { 'en-US': 'duration', 'zh-TW': '時長', 'ko-KR': '길이', 'ru-RU': 'длительность', partOnly: true },
  风格: { 'en-US': 'style', 'zh-TW': '風格', 'ko-KR': '스타일', 'ru-RU': 'стиль', partOnly: true },
  数量: { 'en-US': 'count', 'zh-TW': '數量', 'ko-KR': '개수', 'ru-RU': 'количество', partOnly: true },
  来源: { 'en-US': 'source', 'zh-TW': '來源', 'ko-KR': '출처', 'ru-RU': 'источник', partOnly: true },
  // An image model answering in AI dialogue (server/modules/chat/image-answers.ts).
  '对比模式只能比较对话模型，图片模型请在普通对话中使用': {
    'en-US': 'Comparison works with chat models only; use an image model in an ordinary chat',
    'zh-TW': '對比模式只能比較對話模型，圖片模型請在普通對話中使用',
    'ko-KR': '비교 모드에서는 대화 모델만 비교할 수 있습니다. 이미지 모델은 일반 대화에서 사용하세요',
    'ru-RU': 'Сравнивать можно только чат-модели; модель изображений используйте в обычном чате',
  },
  '图片模型只生成图片，不回答文字': {
    'en-US': 'An image model makes pictures; it does not answer in text',
    'zh-TW': '圖片模型只生成圖片，不回答文字',
    'ko-KR': '이미지 모델은 이미지만 생성하며 글로 답하지 않습니다',
    'ru-RU': 'Модель изображений создаёт картинки и не отвечает текстом',
  },
  请用文字描述想要的图片: {
    'en-US': 'Describe the picture you want in words',
    'zh-TW': '請用文字描述想要的圖片',
    'ko-KR': '원하는 이미지를 글로 설명해 주세요',
    'ru-RU': 'Опишите словами, какое изображение нужно',
  },
  '图片生成失败，请重试': {
    'en-US': 'The picture could not be made; please try again',
    'zh-TW': '圖片生成失敗，請重試',
    'ko-KR': '이미지를 만들지 못했습니다. 다시 시도해 주세요',
    'ru-RU': 'Не удалось создать изображение; попробуйте ещё раз',
  },
  图片生成任务已被取消: {
    'en-US': 'The picture job was cancelled',
    'zh-TW': '圖片生成任務已被取消',
    'ko-KR': '이미지 생성 작업이 취소되었습니다',
    'ru-RU': 'Задание на изображение отменено',
  },
  '图片模型需要登录后在 AI 对话中使用': {
    'en-US': 'Image models can be used in AI dialogue after signing in',
    'zh-TW': '圖片模型需要登入後在 AI 對話中使用',
    'ko-KR': '이미지 모델은 로그인한 뒤 AI 대화에서 사용할 수 있습니다',
    'ru-RU': 'Модели изображений доступны в ИИ-диалоге после входа',
  },
};
