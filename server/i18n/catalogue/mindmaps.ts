// Mind maps (server/modules/mindmaps): what a person reads when making,
// saving or sharing a map, and the field names inside validation messages.
import type { Catalogue } from './index.js';

export const mindMapMessages: Catalogue = {
  '内置离线引擎只能整理已有内容的结构；根据主题生成思维导图需要学校接入语言模型': {
    'en-US':
      'The built-in offline engine can only map the structure of existing material; making a mind map from a topic needs a language model connected by the school',
    'zh-TW': '內建離線引擎只能整理既有內容的結構；依主題產生心智圖需要學校接入語言模型',
    'ko-KR': '내장 오프라인 엔진은 기존 내용의 구조만 정리할 수 있습니다. 주제로 마인드맵을 만들려면 학교에서 언어 모델을 연결해야 합니다',
    'ru-RU':
      'Встроенный офлайн-движок может только разложить структуру готового материала; чтобы построить интеллект-карту по теме, школе нужно подключить языковую модель',
  },
  '用 AI 展开节点需要学校接入语言模型；也可以手动添加子节点': {
    'en-US': 'Expanding a node with AI needs a language model connected by the school; you can still add child nodes by hand',
    'zh-TW': '用 AI 展開節點需要學校接入語言模型；也可以手動新增子節點',
    'ko-KR': 'AI로 노드를 펼치려면 학교에서 언어 모델을 연결해야 합니다. 하위 노드는 직접 추가할 수도 있습니다',
    'ru-RU': 'Чтобы раскрыть узел с помощью ИИ, школе нужно подключить языковую модель; дочерние узлы можно добавить и вручную',
  },
  '所选模型不可用，请换一个模型': {
    'en-US': 'The selected model is not available; pick another one',
    'zh-TW': '所選模型不可用，請換一個模型',
    'ko-KR': '선택한 모델을 사용할 수 없습니다. 다른 모델을 선택해 주세요',
    'ru-RU': 'Выбранная модель недоступна, выберите другую',
  },
  '思维导图生成中断了，请稍后重试': {
    'en-US': 'Making the mind map was interrupted; please try again later',
    'zh-TW': '心智圖產生中斷了，請稍後重試',
    'ko-KR': '마인드맵 생성이 중단되었습니다. 잠시 후 다시 시도해 주세요',
    'ru-RU': 'Построение интеллект-карты прервалось, повторите попытку позже',
  },
  '模型没有写出思维导图（回答为空或不是大纲格式），请重试': {
    'en-US': 'The model wrote no mind map (its answer was empty or not an outline). Please try again',
    'zh-TW': '模型沒有寫出心智圖（回答為空或不是大綱格式），請重試',
    'ko-KR': '모델이 마인드맵을 쓰지 않았습니다(답이 비어 있거나 개요 형식이 아닙니다). 다시 시도해 주세요',
    'ru-RU': 'Модель не написала интеллект-карту (ответ пуст или не в виде плана). Повторите попытку',
  },
  '模型没有写出子节点，请重试': {
    'en-US': 'The model wrote no child nodes. Please try again',
    'zh-TW': '模型沒有寫出子節點，請重試',
    'ko-KR': '모델이 하위 노드를 쓰지 않았습니다. 다시 시도해 주세요',
    'ru-RU': 'Модель не написала дочерних узлов. Повторите попытку',
  },
  思维导图不存在或已删除: {
    'en-US': 'This mind map does not exist or was deleted',
    'zh-TW': '心智圖不存在或已刪除',
    'ko-KR': '마인드맵이 없거나 삭제되었습니다',
    'ru-RU': 'Интеллект-карта не существует или удалена',
  },
  分享链接不存在或已被取消: {
    'en-US': 'This share link does not exist or was revoked',
    'zh-TW': '分享連結不存在或已被取消',
    'ko-KR': '공유 링크가 없거나 취소되었습니다',
    'ru-RU': 'Ссылка не существует или была отозвана',
  },
  '最多保存 {0} 个思维导图，请先删除不用的': {
    'en-US': 'You can keep at most {0} mind maps; delete some you no longer need first',
    'zh-TW': '最多儲存 {0} 個心智圖，請先刪除不用的',
    'ko-KR': '마인드맵은 최대 {0}개까지 저장할 수 있습니다. 쓰지 않는 것을 먼저 삭제해 주세요',
    'ru-RU': 'Можно хранить не более {0} интеллект-карт; сначала удалите ненужные',
  },
  思维导图已保存: { 'en-US': 'Mind map saved', 'zh-TW': '心智圖已儲存', 'ko-KR': '마인드맵을 저장했습니다', 'ru-RU': 'Интеллект-карта сохранена' },
  思维导图已删除: { 'en-US': 'Mind map deleted', 'zh-TW': '心智圖已刪除', 'ko-KR': '마인드맵을 삭제했습니다', 'ru-RU': 'Интеллект-карта удалена' },
  '已取消分享，原链接不再能打开': {
    'en-US': 'Sharing stopped; the old link no longer opens',
    'zh-TW': '已取消分享，原連結不再能開啟',
    'ko-KR': '공유를 취소했습니다. 이전 링크는 더 이상 열리지 않습니다',
    'ru-RU': 'Доступ закрыт, старая ссылка больше не открывается',
  },
  '这种文件无法生成思维导图，请上传 PDF、Word、PPT、TXT 或 Markdown 文件': {
    'en-US': 'A mind map cannot be made from this kind of file; upload a PDF, Word, PowerPoint, TXT or Markdown file',
    'zh-TW': '這種檔案無法產生心智圖，請上傳 PDF、Word、PPT、TXT 或 Markdown 檔案',
    'ko-KR': '이 형식의 파일로는 마인드맵을 만들 수 없습니다. PDF, Word, PPT, TXT 또는 Markdown 파일을 올려 주세요',
    'ru-RU': 'Из такого файла нельзя построить интеллект-карту; загрузите PDF, Word, PowerPoint, TXT или Markdown',
  },
  请填写思维导图的主题: {
    'en-US': 'Enter the topic of the mind map',
    'zh-TW': '請填寫心智圖的主題',
    'ko-KR': '마인드맵 주제를 입력해 주세요',
    'ru-RU': 'Введите тему интеллект-карты',
  },
  请选择要生成思维导图的内容: {
    'en-US': 'Pick what to make the mind map from',
    'zh-TW': '請選擇要產生心智圖的內容',
    'ko-KR': '마인드맵을 만들 내용을 선택해 주세요',
    'ru-RU': 'Выберите, из чего построить интеллект-карту',
  },
  '文档还在解析中，解析完成后再生成思维导图': {
    'en-US': 'The document is still being parsed; make the mind map once it is ready',
    'zh-TW': '文件還在解析中，解析完成後再產生心智圖',
    'ko-KR': '문서를 아직 분석하고 있습니다. 분석이 끝난 뒤 마인드맵을 만들어 주세요',
    'ru-RU': 'Документ ещё разбирается; постройте карту, когда он будет готов',
  },
  文档不存在或你无权查看: {
    'en-US': 'The document does not exist or you may not view it',
    'zh-TW': '文件不存在或你無權檢視',
    'ko-KR': '문서가 없거나 볼 권한이 없습니다',
    'ru-RU': 'Документ не существует или у вас нет доступа к нему',
  },
  文件不存在或已删除: {
    'en-US': 'The file does not exist or was deleted',
    'zh-TW': '檔案不存在或已刪除',
    'ko-KR': '파일이 없거나 삭제되었습니다',
    'ru-RU': 'Файл не существует или удалён',
  },
  回答不存在或已删除: {
    'en-US': 'The answer does not exist or was deleted',
    'zh-TW': '回答不存在或已刪除',
    'ko-KR': '답변이 없거나 삭제되었습니다',
    'ru-RU': 'Ответ не существует или удалён',
  },
  请选择要展开的节点: {
    'en-US': 'Pick the node to expand',
    'zh-TW': '請選擇要展開的節點',
    'ko-KR': '펼칠 노드를 선택해 주세요',
    'ru-RU': 'Выберите узел для раскрытия',
  },
  // Also the name of a map nothing names (default-names.ts), written in the creator's language.
  思维导图: { 'en-US': 'Mind map', 'zh-TW': '心智圖', 'ko-KR': '마인드맵', 'ru-RU': 'Интеллект-карта' },
  分享链接: { 'en-US': 'Share link', 'zh-TW': '分享連結', 'ko-KR': '공유 링크', 'ru-RU': 'Ссылка' },
  大纲: { 'en-US': 'Outline', 'zh-TW': '大綱', 'ko-KR': '개요', 'ru-RU': 'План' },
  来源类型: { 'en-US': 'Source type', 'zh-TW': '來源類型', 'ko-KR': '출처 유형', 'ru-RU': 'Тип источника' },
  来源: { 'en-US': 'Source', 'zh-TW': '來源', 'ko-KR': '출처', 'ru-RU': 'Источник' },
  主题: { 'en-US': 'Topic', 'zh-TW': '主題', 'ko-KR': '주제', 'ru-RU': 'Тема' },
  来源名称: { 'en-US': 'Source name', 'zh-TW': '來源名稱', 'ko-KR': '출처 이름', 'ru-RU': 'Название источника' },
  节点: { 'en-US': 'Node', 'zh-TW': '節點', 'ko-KR': '노드', 'ru-RU': 'Узел' },
  节点路径: { 'en-US': 'Node path', 'zh-TW': '節點路徑', 'ko-KR': '노드 경로', 'ru-RU': 'Путь узла' },
  // The name of a map made from a chat answer whose chat has no title (default-names.ts).
  对话要点: { 'en-US': 'Chat key points', 'zh-TW': '對話要點', 'ko-KR': '대화 요점', 'ru-RU': 'Главное из чата' },
};
