import { pageControlsCss } from '../elements/shared/controls.css'
import { rootTokensCss } from '../elements/shared/theme.css'
import { pageTabBarCss } from '../elements/shared/ui/tab-bar'

/**
 * The host app's one global stylesheet (its light DOM: shell, layouts,
 * pages, forms). Elements style themselves inside their shadow roots.
 */
export const globalCss = `
${rootTokensCss}
html, body { margin: 0; padding: 0; }
body {
  font-family: var(--zx-font); font-size: 14px; line-height: 1.6;
  background: var(--zx-bg-subtle); color: var(--zx-text);
  -webkit-font-smoothing: antialiased; text-rendering: optimizeLegibility;
}
*, *::before, *::after { box-sizing: border-box; }
a { color: var(--zx-primary-strong); text-decoration: none; }
a:hover { text-decoration: underline; }
${pageControlsCss}
${pageTabBarCss}
[hidden] { display: none !important; }
.zx-visually-hidden {
  position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}

/* icons */
.zx-icon { width: 22px; height: 22px; flex: none; fill: none; stroke: currentColor; stroke-width: 1.8; stroke-linecap: round; stroke-linejoin: round; }
.zx-icon-student { fill: currentColor; fill-opacity: 0.18; stroke-width: 2.2; }

/* buttons and fields */
.zx-button {
  display: inline-flex; align-items: center; justify-content: center; gap: 6px;
  height: 36px; padding: 0 16px; border-radius: var(--zx-radius-small);
  border: 1px solid var(--zx-border); background: var(--zx-bg-elevated); color: var(--zx-text);
  font: inherit; font-weight: 500; cursor: pointer; white-space: nowrap;
  transition: background 120ms, border-color 120ms, box-shadow 120ms;
}
.zx-button:hover:not(:disabled) { background: var(--zx-bg-hover); text-decoration: none; }
.zx-button:disabled { opacity: 0.55; cursor: not-allowed; }
.zx-button-primary { background: var(--zx-primary-strong); border-color: var(--zx-primary-strong); color: var(--zx-on-primary); }
.zx-button-primary:hover:not(:disabled) { background: var(--zx-primary-hover); border-color: var(--zx-primary-hover); }
.zx-button-danger { color: var(--zx-danger); }
.zx-button-block { width: 100%; height: 42px; font-size: 15px; }
.zx-icon-button {
  display: grid; place-items: center; width: 36px; height: 36px; padding: 0;
  border: 0; border-radius: 10px; background: none; color: var(--zx-text-muted); cursor: pointer;
}
.zx-icon-button:hover { background: var(--zx-bg-hover); color: var(--zx-text); }
.zx-field { display: flex; flex-direction: column; gap: 6px; font-size: 13px; color: var(--zx-text-muted); }
.zx-field input {
  height: 40px; padding: 0 12px; border-radius: var(--zx-radius-small);
  border: 1px solid var(--zx-border); background: var(--zx-bg); color: var(--zx-text);
  font: inherit; font-size: 14px; transition: border-color 120ms, box-shadow 120ms;
}
.zx-field input:focus {
  outline: none; border-color: var(--zx-primary); box-shadow: 0 0 0 3px var(--zx-primary-soft);
}
.zx-inline { display: flex; gap: 8px; }
.zx-inline input { flex: 1; min-width: 0; }
.zx-form-error { margin: 0; padding: 8px 12px; border-radius: var(--zx-radius-small); background: color-mix(in srgb, var(--zx-danger) 10%, transparent); color: var(--zx-danger); font-size: 13px; }
.zx-hint { color: var(--zx-text-muted); margin: 0; }
.zx-segmented { display: inline-flex; padding: 3px; gap: 2px; border-radius: 10px; background: var(--zx-bg-subtle); border: 1px solid var(--zx-border); }
.zx-segmented button {
  display: inline-flex; align-items: center; gap: 6px; height: 30px; padding: 0 12px;
  border: 0; border-radius: 8px; background: none; color: var(--zx-text-muted); font: inherit; cursor: pointer;
}
.zx-segmented button .zx-icon { width: 16px; height: 16px; }
.zx-segmented button[aria-pressed='true'] { background: var(--zx-bg-elevated); color: var(--zx-text); box-shadow: 0 1px 3px rgba(15, 23, 42, 0.12); }
.zx-language { display: inline-flex; align-items: center; gap: 8px; color: var(--zx-text-muted); }
.zx-language .zx-icon { width: 18px; height: 18px; }

/* shell: sidebar rail (80px), content, mobile bars */
.zx-shell { min-height: 100vh; }
.zx-sidebar {
  position: fixed; inset: 0 auto 0 0; z-index: 20; width: 80px;
  display: flex; flex-direction: column; align-items: center; gap: 8px; padding: 16px 0 14px;
  background: var(--zx-bg); border-right: 1px solid var(--zx-border);
}
.zx-logo-link { display: grid; place-items: center; margin-bottom: 8px; }
.zx-logo { width: 44px; height: 44px; object-fit: contain; border-radius: 12px; }
.zx-brand-bar { display: flex; align-items: center; height: 56px; padding: 0 32px; border-bottom: 1px solid var(--zx-border); background: var(--zx-bg); }
.zx-text-logo { display: block; height: 32px; width: auto; max-width: min(360px, 100%); object-fit: contain; object-position: left center; }
.zx-menu { flex: 1; min-height: 0; width: 100%; display: flex; flex-direction: column; align-items: center; gap: 4px; overflow-y: auto; padding: 4px; scrollbar-width: none; }
.zx-menu-link {
  width: 72px; display: flex; flex-direction: column; align-items: center; gap: 3px;
  padding: 9px 1px 7px; border-radius: 12px; color: var(--zx-text-muted);
  font-size: 12px; line-height: 1.25; text-align: center; transition: background 120ms, color 120ms;
}
/* Words in alphabetic languages are longer than two characters of Chinese: a
   size smaller and up to two lines, broken between words (issue 10). */
:is(:lang(en), :lang(ru), :lang(ko)) .zx-sidebar .zx-menu-link { font-size: 11px; }
.zx-menu-link:hover { background: var(--zx-bg-hover); color: var(--zx-text); text-decoration: none; }
.zx-menu-link:is([aria-current='page'], [data-current]) { background: var(--zx-primary-soft); color: var(--zx-primary-strong); font-weight: 600; }
.zx-menu-label {
  display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; max-width: 100%; overflow: hidden;
  word-break: keep-all; overflow-wrap: break-word; hyphens: auto;
}
.zx-sidebar-footer { display: flex; flex-direction: column; align-items: center; gap: 6px; }
.zx-alerts { position: relative; }
.zx-alerts .zx-icon-button[data-ringing] { color: var(--zx-danger); }
.zx-alerts-count {
  position: absolute; top: 0; right: 0; min-width: 16px; height: 16px; padding: 0 4px; border-radius: 8px;
  background: #b42318; color: #fff; font-size: 11px; line-height: 16px; text-align: center;
}
.zx-alerts-panel {
  position: absolute; left: calc(100% + 8px); bottom: 0; z-index: 30; width: min(340px, 90vw); max-height: 70vh; overflow-y: auto;
  background: var(--zx-bg-elevated); border: 1px solid var(--zx-border); border-radius: var(--zx-radius-small); box-shadow: var(--zx-shadow); text-align: left;
}
.zx-shell[data-mobile] .zx-alerts-panel { position: fixed; top: 56px; right: 8px; left: auto; bottom: auto; }
.zx-alerts-panel ul { list-style: none; margin: 0; padding: 0; }
.zx-alerts-panel li { padding: 10px 12px; border-bottom: 1px solid var(--zx-border); font-size: 13px; }
.zx-alerts-panel li[data-handled] { color: var(--zx-text-muted); }
.zx-alerts-panel p { margin: 0 0 4px; }
.zx-alerts-who { font-weight: 600; }
.zx-alerts-excerpt { white-space: pre-wrap; word-break: break-word; }
.zx-alerts-meta { color: var(--zx-text-muted); display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.zx-alerts-empty { padding: 12px; color: var(--zx-text-muted); }
.zx-alerts-handle { border: 1px solid var(--zx-border); background: var(--zx-bg); color: var(--zx-text); border-radius: 6px; padding: 2px 8px; cursor: pointer; font-size: 12px; }
/* A manager has ten entries: on a screen 860 px high or less (1280×800 laptops) the rail tightens
   so they all fit in Chinese; longer words in other languages scroll the menu (wheel, touch,
   keyboard focus) while the footer stays on screen. */
@media (max-height: 860px) {
  .zx-sidebar { padding: 10px 0 8px; gap: 4px; }
  .zx-logo-link { margin-bottom: 2px; }
  .zx-logo { width: 40px; height: 40px; }
  .zx-menu { gap: 2px; }
  .zx-menu-link { padding: 6px 1px 5px; gap: 2px; }
  .zx-sidebar-footer { gap: 2px; }
}
.zx-avatar { border-radius: 50%; object-fit: cover; background: var(--zx-bg-subtle); display: block; }
.zx-avatar-button { padding: 0; border: 2px solid transparent; border-radius: 50%; background: none; cursor: pointer; margin-top: 4px; }
.zx-avatar-button:hover { border-color: var(--zx-primary); }
.zx-expand { position: fixed; top: 12px; left: 12px; z-index: 20; background: var(--zx-bg-elevated); border: 1px solid var(--zx-border); box-shadow: var(--zx-shadow); }
.zx-content { min-height: 100vh; padding-left: 80px; }
.zx-page { padding: 24px 32px 32px; }
.zx-shell[data-full-page] .zx-page { padding: 0; }
.zx-shell[data-collapsed] .zx-content { padding-left: 0; }
.zx-shell[data-collapsed]:not([data-full-page]) .zx-page { padding-left: 64px; }
.zx-topbar {
  position: sticky; top: 0; z-index: 20; display: flex; align-items: center; gap: 8px;
  height: 56px; padding: 0 12px; background: var(--zx-bg); border-bottom: 1px solid var(--zx-border);
}
.zx-topbar .zx-logo { width: auto; max-width: 128px; height: 32px; border-radius: 8px; }
.zx-topbar-title { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-weight: 600; }
.zx-tabbar {
  position: fixed; inset: auto 0 0 0; z-index: 20; display: flex; gap: 2px; overflow-x: auto;
  padding: 6px 8px calc(6px + env(safe-area-inset-bottom)); background: var(--zx-bg); border-top: 1px solid var(--zx-border);
  scrollbar-width: none;
}
/* At most four entries and "more": each takes an equal share but never less than its longest word,
   labels wrap only between words (never inside a word); a language with longer words scrolls the bar, not the page. */
.zx-tabbar .zx-menu-link {
  flex: 1 0 0; min-width: min-content; width: auto; padding: 6px 4px; font-size: 11px;
  border: 0; background: none; font-family: inherit; cursor: pointer;
}
.zx-tabbar .zx-menu-label { overflow: visible; text-overflow: clip; word-break: keep-all; overflow-wrap: normal; hyphens: none; }
.zx-more-links { display: grid; grid-template-columns: repeat(auto-fill, minmax(96px, 1fr)); gap: 8px; margin-bottom: 16px; }
.zx-more-links .zx-menu-link { width: auto; min-height: 64px; padding: 10px 6px; }
.zx-more-links .zx-menu-label { overflow: visible; word-break: keep-all; overflow-wrap: anywhere; }
.zx-dialog-actions { display: flex; justify-content: flex-end; gap: 8px; margin-top: 16px; }
.zx-avatar-static { display: inline-flex; border-radius: 50%; }
/* What the phone's bars cover at the top and bottom of the window: an element's sticky bars (a paper's
   timer and hand-in) sit inside these insets (inherited into shadow roots), not under the bars. */
.zx-shell[data-mobile] { --zx-inset-top: 56px; --zx-inset-bottom: calc(72px + env(safe-area-inset-bottom)); }
.zx-shell[data-mobile] .zx-content { min-height: calc(100vh - 56px); padding: 0 0 72px; }
.zx-shell[data-mobile]:not([data-full-page]) .zx-page { padding: 16px; }
/* No sideways scroll on a phone: long words and addresses wrap (inherited into the elements' shadow roots). */
.zx-shell[data-mobile] .zx-page { min-width: 0; max-width: 100vw; overflow-wrap: anywhere; }

/* chat elements fill the content area's height; they scroll inside */
zx-dialogue.zx-area-element, zx-assistant-chat.zx-area-element {
  display: block; max-width: 1680px; margin: 0 auto; height: calc(100vh - 56px); height: calc(100dvh - 56px);
  border: 1px solid var(--zx-border); border-radius: var(--zx-radius); overflow: hidden;
  box-shadow: 0 1px 3px rgba(15, 23, 42, 0.04);
}
.zx-shell[data-full-page] :is(zx-dialogue, zx-assistant-chat).zx-area-element { height: 100vh; height: 100dvh; max-width: none; border: 0; border-radius: 0; box-shadow: none; }
.zx-shell[data-mobile]:not([data-full-page]) .zx-page:has(> :is(zx-dialogue, zx-assistant-chat)) { padding: 0; }
.zx-shell[data-mobile] :is(zx-dialogue, zx-assistant-chat).zx-area-element { height: calc(100vh - 128px); height: calc(100dvh - 128px); border: 0; border-radius: 0; box-shadow: none; }

/* pages */
.zx-area { max-width: 1200px; margin: 0 auto; }
.zx-page-title { margin: 0 0 16px; font-size: 20px; font-weight: 600; }
.zx-area zx-empty-state { background: var(--zx-bg); border: 1px solid var(--zx-border); border-radius: var(--zx-radius); }
.zx-shell[data-full-page] .zx-area { padding: 24px; }
.zx-board { min-height: 100vh; }
.zx-board-header { position: sticky; top: 0; z-index: 10; display: flex; align-items: center; height: 56px; padding: 0 24px; background: var(--zx-bg); border-bottom: 1px solid var(--zx-border); }
.zx-board .zx-content { padding: 0; }
.zx-board .zx-page { padding: 24px; }
.zx-area-links { display: flex; flex-wrap: wrap; gap: 16px; max-width: 1200px; margin: 0 auto 12px; }
.zx-back-link { display: inline-flex; align-items: center; gap: 6px; color: var(--zx-text-muted); font-weight: 500; }
.zx-back-link .zx-icon { width: 18px; height: 18px; }
.zx-back-link:hover { color: var(--zx-text); text-decoration: none; }

.zx-login {
  min-height: 100vh; display: grid; place-items: center; padding: 24px;
  background:
    radial-gradient(1100px 600px at 10% -10%, var(--zx-primary-soft), transparent 60%),
    radial-gradient(900px 500px at 110% 110%, var(--zx-primary-soft), transparent 60%),
    var(--zx-bg-subtle);
}
.zx-login-tools { position: fixed; top: 16px; right: 16px; display: flex; align-items: center; gap: 8px; }
.zx-login-card {
  width: min(420px, 100%); padding: 36px 32px 28px; border-radius: 20px;
  background: var(--zx-bg-elevated); border: 1px solid var(--zx-border); box-shadow: var(--zx-shadow);
  display: flex; flex-direction: column; align-items: stretch;
}
.zx-login-logo { width: 56px; height: 56px; object-fit: contain; align-self: center; border-radius: 14px; }
/* Balanced: a long school name breaks into even lines, never one lone character below. */
.zx-login-title { margin: 16px 0 4px; font-size: 20px; line-height: 1.4; text-align: center; font-weight: 700; text-wrap: balance; }
.zx-login-heading { margin: 0 0 24px; text-align: center; color: var(--zx-text-muted); }
.zx-login-form { display: flex; flex-direction: column; gap: 16px; }
.zx-login-card > .tabs { margin: -8px 0 16px; }
.zx-link-button { align-self: center; margin-top: 12px; border: 0; background: none; padding: 4px; font: inherit; font-size: 13px; color: var(--zx-primary-strong); cursor: pointer; }
.zx-login-hint { margin: 12px 0 0; text-align: center; font-size: 13px; color: var(--zx-text-muted); }
.zx-code-row { display: flex; gap: 8px; }
.zx-code-row input { flex: 1 1 auto; min-width: 0; }
.zx-code-row .zx-button { flex: none; white-space: nowrap; }
.zx-form-note { margin: 0 0 12px; font-size: 13px; color: var(--zx-success, #1a7f37); }
.zx-login-agreement { margin: 20px 0 0; text-align: center; font-size: 12px; color: var(--zx-text-muted); }
/* A link inside a sentence is told apart by more than its colour. */
.zx-login-agreement a { text-decoration: underline; text-underline-offset: 2px; }
.zx-signon { margin: 16px 0 0; display: flex; flex-direction: column; gap: 8px; }
.zx-signon-heading { margin: 0; text-align: center; font-size: 13px; color: var(--zx-text-muted); }
.zx-signon-button { display: inline-flex; align-items: center; justify-content: center; text-decoration: none; }
.zx-signon-form { padding: 12px; border: 1px solid var(--zx-border); border-radius: 10px; }
.zx-login-notice { margin: 16px 0 0; padding: 10px 12px; border-radius: 8px; background: var(--zx-bg-subtle, #f5f7fa); font-size: 13px; line-height: 1.6; white-space: pre-wrap; word-break: break-word; }

.zx-document-page { max-width: 820px; margin: 0 auto; padding: 32px 24px 64px; }
.zx-document { margin-top: 16px; padding: 32px 40px; background: var(--zx-bg-elevated); border: 1px solid var(--zx-border); border-radius: var(--zx-radius); }
.zx-document h1 { margin-top: 0; font-size: 24px; }
.zx-markdown { line-height: 1.8; }
.zx-markdown h1 { font-size: 22px; } .zx-markdown h2 { font-size: 18px; margin-top: 28px; }
.zx-markdown code { padding: 1px 5px; border-radius: 5px; background: var(--zx-bg-subtle); }
.zx-markdown pre { padding: 12px 16px; border-radius: var(--zx-radius-small); background: var(--zx-bg-subtle); overflow: auto; }

.zx-error-page { min-height: 100vh; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 8px; padding: 24px; text-align: center; }
.zx-error-code { margin: 0; font-size: 88px; font-weight: 800; line-height: 1; color: var(--zx-primary-strong); letter-spacing: -2px; }
.zx-error-page h1 { margin: 8px 0 0; font-size: 22px; }
.zx-error-actions { display: flex; gap: 12px; margin-top: 20px; }

/* profile dialog content (slotted into <zx-dialog>) */
.zx-profile { display: flex; flex-direction: column; gap: 20px; }
.zx-profile-details { display: flex; gap: 16px; align-items: flex-start; }
.zx-avatar-picker { position: relative; padding: 0; border: 0; background: none; border-radius: 50%; cursor: pointer; flex: none; }
.zx-avatar-picker-badge {
  position: absolute; right: -2px; bottom: -2px; display: grid; place-items: center; width: 26px; height: 26px;
  border-radius: 50%; background: var(--zx-primary-strong); color: var(--zx-on-primary); border: 2px solid var(--zx-bg-elevated);
}
.zx-avatar-picker-badge .zx-icon { width: 14px; height: 14px; }
.zx-profile-fields { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 10px; }
.zx-profile-account { color: var(--zx-text-muted); }
.zx-profile-account strong { color: var(--zx-text); }
.zx-profile-section { display: flex; flex-direction: column; gap: 10px; padding-top: 16px; border-top: 1px solid var(--zx-border); }
.zx-profile-section h3 { margin: 0; font-size: 14px; font-weight: 600; }
.zx-password-form { display: flex; flex-direction: column; gap: 10px; }
.zx-password-form .zx-button { align-self: flex-start; }
.zx-sign-out { align-self: stretch; }

/* navigation progress (nprogress) in the primary colour */
#nprogress { pointer-events: none; }
#nprogress .bar { position: fixed; top: 0; left: 0; z-index: 3000; width: 100%; height: 2px; background: var(--zx-primary); }
#nprogress .peg { position: absolute; right: 0; display: block; width: 100px; height: 100%; box-shadow: 0 0 10px var(--zx-primary), 0 0 5px var(--zx-primary); opacity: 1; transform: rotate(3deg) translate(0, -4px); }

@media (max-width: 639.98px) {
  .zx-login-card { padding: 28px 20px 22px; }
  .zx-document { padding: 20px; }
}
@media (prefers-reduced-motion: reduce) { * { transition: none !important; } }
`
