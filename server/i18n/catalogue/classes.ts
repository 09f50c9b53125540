// Class management (server/modules/classes): what a teacher reads when
// making a class or adding students, and the field names inside validation messages.
import type { Catalogue } from './index.js';

export const classMessages: Catalogue = {
  请填写班级名称: { 'en-US': 'Please enter the class name', 'zh-TW': '請填寫班級名稱', 'ko-KR': '반 이름을 입력해 주세요', 'ru-RU': 'Введите название группы' },
  '已有名为“{0}”的班级，请换一个名称（可加上年级或专业）': {
    'en-US': 'A class named “{0}” already exists. Choose another name (add the year or the major)',
    'zh-TW': '已有名為「{0}」的班級，請換一個名稱（可加上年級或專業）',
    'ko-KR': '“{0}” 반이 이미 있습니다. 다른 이름을 써 주세요(학년이나 전공을 붙여도 됩니다)',
    'ru-RU': 'Группа «{0}» уже есть. Выберите другое название (добавьте год или специальность)',
  },
  班级不存在: { 'en-US': 'This class does not exist', 'zh-TW': '班級不存在', 'ko-KR': '반이 없습니다', 'ru-RU': 'Эта группа не существует' },
  请选择或填写要加入的学生: {
    'en-US': 'Pick or enter the students to add',
    'zh-TW': '請選擇或填寫要加入的學生',
    'ko-KR': '추가할 학생을 선택하거나 입력해 주세요',
    'ru-RU': 'Выберите или введите студентов для добавления',
  },
  '一次最多添加 {0} 名学生': {
    'en-US': 'Add at most {0} students at a time',
    'zh-TW': '一次最多加入 {0} 名學生',
    'ko-KR': '한 번에 최대 {0}명까지 추가할 수 있습니다',
    'ru-RU': 'За раз можно добавить не более {0} студентов',
  },
  该学生不在这个班级中: {
    'en-US': 'This student is not in the class',
    'zh-TW': '該學生不在這個班級中',
    'ko-KR': '이 학생은 이 반에 없습니다',
    'ru-RU': 'Этого студента нет в группе',
  },
  班级已创建: { 'en-US': 'Class created', 'zh-TW': '班級已建立', 'ko-KR': '반을 만들었습니다', 'ru-RU': 'Группа создана' },
  班级已删除: { 'en-US': 'Class deleted', 'zh-TW': '班級已刪除', 'ko-KR': '반을 삭제했습니다', 'ru-RU': 'Группа удалена' },
  已移出班级: { 'en-US': 'Removed from the class', 'zh-TW': '已移出班級', 'ko-KR': '반에서 뺐습니다', 'ru-RU': 'Удалён(а) из группы' },
  已加入: { 'en-US': 'Joined', 'zh-TW': '已加入', 'ko-KR': '참여했습니다', 'ru-RU': 'Вы присоединились' },
  班级名称: { 'en-US': 'Class name', 'zh-TW': '班級名稱', 'ko-KR': '반 이름', 'ru-RU': 'Название группы' },
  班级: { 'en-US': 'Class', 'zh-TW': '班級', 'ko-KR': '반', 'ru-RU': 'Группа' },
  学生: { 'en-US': 'Student', 'zh-TW': '學生', 'ko-KR': '학생', 'ru-RU': 'Студент' },
  学期: { 'en-US': 'Term', 'zh-TW': '學期', 'ko-KR': '학기', 'ru-RU': 'Семестр' },
  操作: { 'en-US': 'Action', 'zh-TW': '操作', 'ko-KR': '작업', 'ru-RU': 'Действие' },
};
