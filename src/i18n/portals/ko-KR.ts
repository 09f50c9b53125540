import type { PortalsCatalogue } from './catalogue'

export const portalsKoKR: PortalsCatalogue = {
  missingKey: '링크에 AI 도우미의 임베드 키(key)가 없습니다',
  missingKeyHint: '선생님이나 사이트 관리자에게 전체 링크를 요청하세요. 로그인한 학생은 AI 대화를 바로 사용할 수 있습니다.',
  openDialogue: 'AI 대화 열기',
  loadFailed: 'AI 도우미를 불러오지 못했습니다. 네트워크를 확인하고 페이지를 새로 고치세요',
  retry: '다시 시도',
  defaultTitle: '스마트 캠퍼스 포털',
  defaultSubtitle: '언제든 AI 도우미에게 묻고, 나에게 맞는 강좌와 도구를 찾아보세요',
  featuredAssistants: '추천 AI 도우미',
  featuredCourses: '추천 강좌',
  links: '자주 쓰는 링크',
  signIn: '로그인',
  enterPlatform: '플랫폼으로',
  useAssistant: '사용하기',
  viewCourse: '강좌 보기',
  emptyPortal: '포털을 준비하고 있습니다. 곧 다시 찾아 주세요',
  notFound: '이 포털 페이지가 없습니다',
  edit: '포털 편집',
  chatHint: '오른쪽 아래 버튼으로 AI 도우미에게 물어보세요',
}
