import type { PortalsCatalogue } from './catalogue'

export const portalsEnUS: PortalsCatalogue = {
  missingKey: 'The link has no embed key (key) for the AI assistant',
  missingKeyHint: 'Ask your teacher or the site administrator for the full link. Signed-in students can use AI Dialogue directly.',
  openDialogue: 'Open AI Dialogue',
  loadFailed: 'The AI assistant could not be loaded; check your network and reload the page',
  retry: 'Retry',
  defaultTitle: 'Campus portal',
  defaultSubtitle: 'Ask the AI assistants anytime and find the courses and tools for you',
  featuredAssistants: 'Featured AI assistants',
  featuredCourses: 'Featured courses',
  links: 'Useful links',
  signIn: 'Sign in',
  enterPlatform: 'Enter the platform',
  useAssistant: 'Use it',
  viewCourse: 'View course',
  emptyPortal: 'This portal is being built; please come back soon',
  notFound: 'This portal page does not exist',
  edit: 'Edit portal',
  chatHint: 'Ask the AI assistant with the button at the bottom right',
}
