// Applies the stored theme before the first paint so a dark-theme user never
// sees a white flash. A file, not an inline script: the pages' CSP allows
// scripts from this server only.
try {
  var setting = JSON.parse(localStorage.getItem('appSetting') || 'null')
  var theme = setting && setting.data && setting.data.theme
  if (theme === 'dark' || theme === 'auto' || theme === 'light') document.documentElement.dataset.theme = theme
} catch {
  // no stored setting or storage refused: the default theme stays
}
